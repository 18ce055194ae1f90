#!/usr/bin/env python3
"""Opens whatsnew's HTML in a browser engine (engines.py: Chromium, WebKit or Firefox) and
reports what a reader's browser draws, as JSON on standard output, for the Swift tests to
assert on.

    sheet_check.py ENGINE layout PAGE.html SCREENSHOT_DIR   # geometry, colours, screenshots
    sheet_check.py ENGINE injection PAGE.html               # dialogs fired, scripts present
    sheet_check.py ENGINE accessibility PAGE.html           # axe-core's violations, light and dark, phone and desktop
    sheet_check.py ENGINE screenshot PAGE.html OUT.png WIDTH SCHEME   # the whole page, for the README
    sheet_check.py ENGINE mirrored PAGE.html                # a right-to-left sheet's edges at 375 and 1280 px

Exit status 3 when the engine or its driver is missing, so the caller can tell "cannot check"
from "checked and failed".
"""

import json
import os
import pathlib
import sys

import colours
import engines

MEASURE = """() => {
  const rgb = """ + colours.TO_RGB + """;
  const rect = e => e.getBoundingClientRect();
  const titles = [...document.querySelectorAll('.whatsnew-title')];
  const icons = [...document.querySelectorAll('.whatsnew-icon')];
  const sheet = document.querySelector('.whatsnew');
  const style = getComputedStyle(sheet);
  const heading = getComputedStyle(document.querySelector('.whatsnew-title'));
  const overflowing = [...document.querySelectorAll('.whatsnew *')]
    .filter(e => rect(e).right > window.innerWidth + 0.5).map(e => e.className || e.tagName);
  return {
    titleLefts: titles.map(e => rect(e).left),
    iconWidths: icons.map(e => rect(e.parentElement.querySelector('.whatsnew-icon')).width),
    iconColumn: titles.length && icons.length ? rect(titles[0]).left - rect(icons[0]).left : 0,
    scrollWidth: document.documentElement.scrollWidth,
    clientWidth: document.documentElement.clientWidth,
    overflowing: overflowing,
    text: rgb(heading.color),
    background: rgb(style.backgroundColor),
  };
}"""


def layout(engine, page_url, screenshots):
    runs = []
    for width in (320, 800):
        for scheme in ("light", "dark"):
            for scale in (1, 2):
                tab = engine.tab(page_url, width, 900, scheme)
                if scale != 1:
                    tab.evaluate(f"() => {{ document.documentElement.style.fontSize = '{scale * 100}%'; }}")
                tab.evaluate(READY)
                run = tab.evaluate(MEASURE)
                run.update(width=width, scheme=scheme, scale=scale, contrast=colours.contrast(run["text"], run["background"]))
                if scale == 1:
                    name = f"{pathlib.Path(page_url).stem}-{engine.name}-{scheme}-{width}.png"
                    tab.screenshot(os.path.join(screenshots, name))
                runs.append(run)
                tab.close()
    return {"runs": runs}


# Resolves once the page's fonts are in, so measurements see the text as it will stay.
READY = "() => document.fonts.ready.then(() => true)"


def injection(engine, page_url):
    tab = engine.tab(page_url, 1024)
    tab.wait(500)
    found = tab.evaluate("""() => ({
      scripts: document.querySelectorAll('script').length,
      handlers: [...document.querySelectorAll('*')].flatMap(e => [...e.attributes])
        .filter(a => a.name.startsWith('on')).map(a => a.name),
      scriptLinks: [...document.querySelectorAll('[href],[src]')]
        .map(e => e.getAttribute('href') || e.getAttribute('src'))
        .filter(v => /^\\s*(javascript|vbscript|data):/i.test(v)),
      titles: [...document.querySelectorAll('.whatsnew-title')].map(e => e.textContent),
    })""")
    found["dialogs"] = tab.dialogs
    tab.close()
    return found


def accessibility(engine, page_url):
    """axe-core (the copy PyPI's axe-playwright-python carries) on the page in each scheme and width."""
    try:
        import axe_playwright_python
    except ImportError:
        sys.exit(3)
    axe = (pathlib.Path(axe_playwright_python.__file__).parent / "axe.min.js").read_text()
    runs = []
    for width in (375, 1280):
        for scheme in ("light", "dark"):
            tab = engine.tab(page_url, width, 900, scheme)
            tab.evaluate(READY)
            tab.evaluate("source => { (0, eval)(source); }", axe)
            response = tab.evaluate("""() => axe.run(document).then(result => ({
                passes: result.passes.length,
                violations: result.violations.map(v => ({id: v.id, impact: v.impact, help: v.help,
                  nodes: v.nodes.slice(0, 3).map(n => n.html.slice(0, 160))})),
            }))""")
            tab.close()
            runs.append({"width": width, "scheme": scheme, "rules": response["passes"] + len(response["violations"]),
                         "violations": response["violations"]})
    return {"runs": runs}


def screenshot(engine, page_url, out, width, scheme):
    tab = engine.tab(page_url, width, 800, scheme)
    tab.evaluate(READY)
    tab.screenshot(out)
    tab.close()
    return {"written": out}


def mirrored(engine, page_url):
    runs = []
    for width in (375, 1280):
        tab = engine.tab(page_url, width)
        tab.evaluate(READY)
        runs.append(tab.evaluate("""() => {
          const rect = e => e.getBoundingClientRect();
          const rows = [...document.querySelectorAll('.whatsnew-item')];
          return {
            width: innerWidth,
            direction: getComputedStyle(document.querySelector('.whatsnew')).direction,
            titleRights: rows.map(row => rect(row.querySelector('.whatsnew-title')).right),
            iconsRightOfTitles: rows.every(row =>
              rect(row.querySelector('.whatsnew-icon')).left >= rect(row.querySelector('.whatsnew-title')).right - 0.5),
            scrollWidth: document.documentElement.scrollWidth,
            clientWidth: document.documentElement.clientWidth,
          };
        }"""))
        tab.close()
    return {"runs": runs}


def main():
    name, mode, page_path = sys.argv[1], sys.argv[2], pathlib.Path(sys.argv[3]).resolve()
    arguments = sys.argv[4:]
    try:
        engine = engines.open_engine(name)
    except engines.Missing:
        sys.exit(3)
    with engine:
        url = page_path.as_uri()
        if mode == "layout":
            report = layout(engine, url, arguments[0])
        elif mode == "mirrored":
            report = mirrored(engine, url)
        elif mode == "screenshot":
            report = screenshot(engine, url, arguments[0], int(arguments[1]), arguments[2])
        elif mode == "accessibility":
            report = accessibility(engine, url)
        else:
            report = injection(engine, url)
    report["engine"] = name
    print(json.dumps(report))


if __name__ == "__main__":
    main()
