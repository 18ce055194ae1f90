#!/usr/bin/env python3
"""Opens whatsnew's HTML in headless Chromium (Debian's, driven by Playwright) and reports what
a reader's browser draws, as JSON on standard output, for the Swift tests to assert on.

    sheet_check.py layout PAGE.html SCREENSHOT_DIR   # geometry, colours, screenshots
    sheet_check.py injection PAGE.html               # dialogs fired, scripts present
    sheet_check.py accessibility PAGE.html           # axe-core's violations, light and dark, phone and desktop
    sheet_check.py screenshot PAGE.html OUT.png WIDTH SCHEME   # the whole page, for the README
    sheet_check.py mirrored PAGE.html                # a right-to-left sheet's edges at 375 and 1280 px

Exit status 3 when Playwright or Chromium is missing, so the caller can tell "cannot check"
from "checked and failed".
"""

import json
import os
import pathlib
import sys

try:
    from playwright.sync_api import sync_playwright
except ImportError:
    sys.exit(3)

CHROMIUM = "/usr/bin/chromium"

MEASURE = """() => {
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
    text: heading.color,
    background: style.backgroundColor,
  };
}"""


def rgb(css):
    parts = css[css.index("(") + 1:css.index(")")].replace(",", " ").split()
    return [float(value) for value in parts[:3]]


def contrast(first, second):
    def luminance(color):
        def linear(channel):
            channel /= 255
            return channel / 12.92 if channel <= 0.04045 else ((channel + 0.055) / 1.055) ** 2.4
        red, green, blue = (linear(channel) for channel in color)
        return 0.2126 * red + 0.7152 * green + 0.0722 * blue
    lighter, darker = sorted((luminance(rgb(first)), luminance(rgb(second))), reverse=True)
    return (lighter + 0.05) / (darker + 0.05)


def layout(browser, page_url, screenshots):
    runs = []
    for width in (320, 800):
        for scheme in ("light", "dark"):
            for scale in (1, 2):
                page = browser.new_page(viewport={"width": width, "height": 900}, color_scheme=scheme)
                page.goto(page_url)
                if scale != 1:
                    page.evaluate(f"() => {{ document.documentElement.style.fontSize = '{scale * 100}%'; }}")
                page.evaluate("() => document.fonts.ready")
                run = page.evaluate(MEASURE)
                run.update(width=width, scheme=scheme, scale=scale, contrast=contrast(run["text"], run["background"]))
                if scale == 1:
                    name = f"{pathlib.Path(page_url).stem}-{scheme}-{width}.png"
                    page.screenshot(path=os.path.join(screenshots, name), full_page=True)
                runs.append(run)
                page.close()
    return {"runs": runs}


def injection(browser, page_url):
    page = browser.new_page()
    dialogs = []
    page.on("dialog", lambda dialog: (dialogs.append(dialog.message), dialog.dismiss()))
    page.goto(page_url)
    page.wait_for_timeout(500)
    found = page.evaluate("""() => ({
      scripts: document.querySelectorAll('script').length,
      handlers: [...document.querySelectorAll('*')].flatMap(e => [...e.attributes])
        .filter(a => a.name.startsWith('on')).map(a => a.name),
      scriptLinks: [...document.querySelectorAll('[href],[src]')]
        .map(e => e.getAttribute('href') || e.getAttribute('src'))
        .filter(v => /^\\s*(javascript|vbscript|data):/i.test(v)),
      titles: [...document.querySelectorAll('.whatsnew-title')].map(e => e.textContent),
    })""")
    found["dialogs"] = dialogs
    return found


def accessibility(browser, page_url):
    """axe-core (from PyPI axe-playwright-python) on the page in each scheme and width."""
    try:
        from axe_playwright_python.sync_playwright import Axe
    except ImportError:
        sys.exit(3)
    axe = Axe()
    runs = []
    for width in (375, 1280):
        for scheme in ("light", "dark"):
            page = browser.new_page(viewport={"width": width, "height": 900}, color_scheme=scheme)
            page.goto(page_url)
            page.evaluate("() => document.fonts.ready")
            response = axe.run(page).response
            page.close()
            runs.append({
                "width": width, "scheme": scheme, "rules": len(response.get("passes", [])) + len(response["violations"]),
                "violations": [{"id": violation["id"], "impact": violation["impact"], "help": violation["help"],
                                "nodes": [node["html"][:160] for node in violation["nodes"][:3]]}
                               for violation in response["violations"]],
            })
    return {"runs": runs}


def screenshot(browser, page_url, out, width, scheme):
    page = browser.new_page(viewport={"width": width, "height": 800}, color_scheme=scheme)
    page.goto(page_url)
    page.evaluate("() => document.fonts.ready")
    page.screenshot(path=out, full_page=True)
    page.close()
    return {"written": out}


def mirrored(browser, page_url):
    runs = []
    for width in (375, 1280):
        page = browser.new_page(viewport={"width": width, "height": 900})
        page.goto(page_url)
        page.evaluate("() => document.fonts.ready")
        runs.append(page.evaluate("""() => {
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
        page.close()
    return {"runs": runs}


def main():
    mode, page_path = sys.argv[1], pathlib.Path(sys.argv[2]).resolve()
    if not os.access(CHROMIUM, os.X_OK):
        sys.exit(3)
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox"])
        try:
            if mode == "layout":
                report = layout(browser, page_path.as_uri(), sys.argv[3])
            elif mode == "mirrored":
                report = mirrored(browser, page_path.as_uri())
            elif mode == "screenshot":
                report = screenshot(browser, page_path.as_uri(), sys.argv[3], int(sys.argv[4]), sys.argv[5])
            elif mode == "accessibility":
                report = accessibility(browser, page_path.as_uri())
            else:
                report = injection(browser, page_path.as_uri())
        finally:
            browser.close()
    print(json.dumps(report))


if __name__ == "__main__":
    main()
