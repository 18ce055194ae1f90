#!/usr/bin/env python3
"""Builds real docs sites around whatsnew's HTML fragments and measures, in a browser engine
(engines.py: Chromium, WebKit or Firefox), whether the sheet keeps its grid and its look inside
them, and leaves the host alone.

    docs_sites.py build WORK_DIR FRAGMENT...             # build the sites; prints their pages as JSON
    docs_sites.py measure ENGINE WORK_DIR FRAGMENT...    # build, then measure; prints a report as JSON
    docs_sites.py screenshot WORK_DIR OUT.png WIDTH SCHEME FRAGMENT...   # MkDocs Material, in Chromium

The hosts: MkDocs with the Material theme and Sphinx with Furo (PyPI), Jekyll with minima
(Debian), and a hand-made page under a common CSS reset with broad element rules. Each page
holds every fragment, in order, where a docs writer would paste it.

For each host page at 375 and 1280 px, light and dark, the report gives the failures found:
titles out of line, an icon column wider than its widest icon and padding, titles not bold,
any computed style of a sheet element that differs from the same fragment alone on a blank
page of the same width and text size (the host changed the sheet), any computed style of a
host element that changes when the sheet's stylesheet is turned off (the sheet changed the
host), and a sheet whose lightness does not follow the host's background.

Exit status 3 when a tool is missing, so the caller can tell "cannot check" from "failed".
"""

import json
import os
import pathlib
import shutil
import subprocess
import sys

import colours
import engines
from colours import is_dark  # plugin_sites.py reads it from here
HOSTS = pathlib.Path(__file__).resolve().parent / "hosts"
WIDTHS = (375, 1280)
SCHEMES = ("light", "dark")

# Computed values that follow from the box's size rather than from any rule.
SIZE_DERIVED = {"width", "height", "inline-size", "block-size", "transform-origin", "perspective-origin"}


def run(arguments, cwd):
    result = subprocess.run(arguments, cwd=cwd, capture_output=True, text=True)
    if result.returncode != 0:
        raise SystemExit(f"{' '.join(arguments)} failed:\n{result.stdout}\n{result.stderr}")


def build_mkdocs(work, sheets):
    site = work / "mkdocs"
    (site / "docs").mkdir(parents=True)
    # Material's two palettes chosen by the system setting, the wrong way round on purpose: the
    # site is dark (slate) where the system is light and light where it is dark, so a sheet
    # that followed the system rather than its page would show.
    (site / "mkdocs.yml").write_text(
        "site_name: Lantern\nuse_directory_urls: false\nmarkdown_extensions: [tables]\n"
        "theme:\n  name: material\n  palette:\n"
        "    - media: '(prefers-color-scheme: light)'\n      scheme: slate\n"
        "    - media: '(prefers-color-scheme: dark)'\n      scheme: default\n")
    page = (HOSTS / "page.md").read_text().replace("{{SHEETS}}", "\n\n".join(sheets))
    (site / "docs" / "index.md").write_text(page)
    run([sys.executable, "-m", "mkdocs", "build", "--quiet", "--site-dir", "site"], site)
    return site / "site" / "index.html"


def build_sphinx(work, sheets):
    site = work / "sphinx"
    (site / "source").mkdir(parents=True)
    (site / "source" / "conf.py").write_text("project = 'Lantern'\nhtml_theme = 'furo'\n")
    indented = "\n\n".join("\n".join(("   " + line) if line else "" for line in sheet.split("\n")) for sheet in sheets)
    page = (HOSTS / "page.rst").read_text().replace("{{SHEETS}}", indented)
    (site / "source" / "index.rst").write_text(page)
    run([sys.executable, "-m", "sphinx", "-q", "-b", "html", "source", "build"], site)
    return site / "build" / "index.html"


def build_jekyll(work, sheets):
    site = work / "jekyll"
    site.mkdir(parents=True)
    (site / "_config.yml").write_text("title: Lantern\ntheme: minima\n")
    # Liquid would read {{ and {% in the notes; kramdown passes block HTML through.
    body = "\n\n".join("{% raw %}\n" + sheet + "\n{% endraw %}" for sheet in sheets)
    page = (HOSTS / "page.md").read_text().replace("{{SHEETS}}", body)
    (site / "index.md").write_text("---\nlayout: page\ntitle: Release notes\n---\n\n" + page)
    run(["jekyll", "build", "--quiet", "--source", str(site), "--destination", str(site / "_site")], site)
    return site / "_site" / "index.html"


def build_reset(work, sheets):
    page = work / "reset" / "index.html"
    page.parent.mkdir(parents=True)
    page.write_text((HOSTS / "reset.html").read_text().replace("{{SHEETS}}", "\n".join(sheets)))
    return page


BUILDERS = {"mkdocs-material": build_mkdocs, "sphinx-furo": build_sphinx, "jekyll-minima": build_jekyll,
            "css-reset": build_reset}


def build(work, fragments):
    if work.exists():
        shutil.rmtree(work)
    work.mkdir(parents=True)
    sheets = [pathlib.Path(fragment).read_text().strip("\n") for fragment in fragments]
    return {name: builder(work, sheets) for name, builder in BUILDERS.items()}


# Every computed property of every element the selector matches, as one flat map.
STYLES = """([inside, skip, only]) => {
  const sheetOf = e => e.closest('.whatsnew');
  const sheets = [...document.querySelectorAll('.whatsnew')];
  const elements = [...document.querySelectorAll('body, body *')].filter(e =>
    inside ? sheetOf(e) : !sheetOf(e) && !['SCRIPT', 'STYLE', 'LINK', 'META'].includes(e.tagName));
  // A key that names the same element in the host page and on the blank page: its place
  // under its sheet (or under body, for the host's own elements).
  const keyOf = e => {
    const top = inside ? sheetOf(e) : document.body;
    const path = [];
    for (let node = e; node !== top; node = node.parentElement) {
      path.unshift(node.tagName.toLowerCase() + ':' + [...node.parentElement.children].indexOf(node));
    }
    return (inside ? 'sheet' + sheets.indexOf(top) + '/' : '') + path.join('/');
  };
  const names = (only || [...getComputedStyle(document.body)]).filter(name => !skip.includes(name));
  const values = {};
  for (const e of elements) {
    const key = keyOf(e);
    const style = getComputedStyle(e);
    values[key] = names.map(name => style.getPropertyValue(name)).join('\u0001');
    for (const pseudo of ['::before', '::after']) {
      const generated = getComputedStyle(e, pseudo);
      if (generated.content !== 'none' && generated.content !== 'normal') {
        values[key + pseudo] = names.map(name => generated.getPropertyValue(name)).join('\u0001');
      }
    }
    if (style.display === 'list-item') {
      const marker = getComputedStyle(e, '::marker');
      values[key + '::marker'] = names.map(name => marker.getPropertyValue(name)).join('\u0001');
    }
  }
  return {names: names, values: values};
}"""

GEOMETRY = """() => { const rgb = """ + colours.TO_RGB + """;
return [...document.querySelectorAll('.whatsnew')].map(sheet => {
  const rect = e => e.getBoundingClientRect();
  const glyph = e => { const range = document.createRange(); range.selectNodeContents(e); return range.getBoundingClientRect().width; };
  const icons = [...sheet.querySelectorAll('.whatsnew-icon')].filter(e => e.textContent.trim());
  const style = e => getComputedStyle(e);
  const number = value => parseFloat(value) || 0;
  const sheetRect = rect(sheet);
  const background = e => {
    for (let node = e; node; node = node.parentElement) {
      const color = style(node).backgroundColor;
      if (color && !/rgba\\(.*, 0\\)$/.test(color) && color !== 'transparent') return color;
    }
    return getComputedStyle(document.documentElement).colorScheme.includes('dark') ? 'rgb(18, 18, 18)' : 'rgb(255, 255, 255)';
  };
  const content = sheetRect.right - number(style(sheet).paddingRight) - number(style(sheet).borderRightWidth);
  return {
    titleLefts: [...sheet.querySelectorAll('.whatsnew-title')].map(e => rect(e).left),
    titleWeights: [...sheet.querySelectorAll('.whatsnew-title')].map(e => number(style(e).fontWeight)),
    headingWeights: [...sheet.querySelectorAll('.whatsnew-heading, .whatsnew-version')].map(e => number(style(e).fontWeight)),
    iconColumn: number(style(sheet).gridTemplateColumns.split(' ')[0]),
    widestIcon: Math.max(0, ...icons.map(e => glyph(e) + number(style(e).paddingLeft) + number(style(e).paddingRight))),
    stacked: icons.length > 0 && Math.abs(rect(icons[0]).left - rect(sheet.querySelector('.whatsnew-title')).left) < 0.5,
    outside: [...sheet.querySelectorAll('*')].filter(e => rect(e).width > 0 && rect(e).right > content + 0.5)
      .map(e => e.className || e.tagName),
    sheetBackground: rgb(style(sheet).backgroundColor),
    sheetScheme: style(sheet).colorScheme,
    sheetText: rgb(style(sheet).color),
    hostBackground: rgb(background(sheet.parentElement)),
    // Every kind of text on the card, each on the surface it stands on.
    texts: [['title', '.whatsnew-title'], ['summary', '.whatsnew-summary'], ['link', '.whatsnew-summary a'],
             ['code', '.whatsnew-summary code'], ['version', '.whatsnew-version']]
      .map(([name, selector]) => [name, sheet.querySelector(selector)]).filter(([, e]) => e)
      .map(([name, e]) => ({name, color: rgb(style(e).color), surface: rgb(background(e))})),
    // The room the host gives the sheet, to the fraction of a pixel.
    width: sheetRect.width + number(style(sheet).marginLeft) + number(style(sheet).marginRight),
    fontSize: number(style(sheet.parentElement).fontSize),
  };
}); }"""


def grid_failures(sheet, label):
    """What any host must leave of a sheet (one GEOMETRY entry): titles in one line, an icon
    column no wider than its widest icon, the sheet as dark as the page behind it, and its
    title, summary, link, code and version at WCAG AA's 4.5:1 on what they stand on."""
    failures = []
    lefts = sheet["titleLefts"]
    if lefts and max(lefts) - min(lefts) > 0.5:
        failures.append(f"{label}: title left edges {lefts}")
    if not sheet["stacked"] and sheet["iconColumn"] > sheet["widestIcon"] + 0.5:
        failures.append(f"{label}: icon column {sheet['iconColumn']} px, widest icon {sheet['widestIcon']} px")
    if is_dark(sheet["sheetBackground"]) != is_dark(sheet["hostBackground"]):
        failures.append(f"{label}: sheet {sheet['sheetBackground']} on host {sheet['hostBackground']}")
    for text in sheet.get("texts", []):
        ratio = colours.contrast(text["color"], text["surface"])
        if ratio < 4.5:
            failures.append(f"{label}: {text['name']} {text['color']} on {text['surface']} is {ratio:.2f}:1")
    return failures


def open_page(engine, url, width, scheme):
    tab = engine.tab(url, width, 900, scheme)
    tab.evaluate("() => document.fonts.ready.then(() => true)")
    return tab


# Every longhand the sheet's own stylesheets declare: the only properties its rules could set on
# an element of the host.
DECLARED = """() => {
  const names = new Set();
  const walk = rules => { for (const rule of rules) {
    if (rule.style) for (let i = 0; i < rule.style.length; i++) if (!rule.style[i].startsWith('--')) names.add(rule.style[i]);
    if (rule.cssRules) walk(rule.cssRules);
  } };
  for (const sheet of document.styleSheets) {
    if (sheet.ownerNode && sheet.ownerNode.textContent.includes('.whatsnew:not(#_)')) walk(sheet.cssRules);
  }
  return [...names];
}"""


def same(name, expected, actual):
    # `min-height: auto` computes to 0px outside a flex or grid container: where the host puts
    # the sheet, not a rule of either.
    if name.startswith("min-") and {expected, actual} == {"auto", "0px"}:
        return True
    return expected == actual


def differences(expected, actual, limit=12):
    names = expected["names"]
    expected, actual = expected["values"], actual["values"]
    found = []
    for key in sorted(set(expected) | set(actual)):
        if key not in actual or key not in expected:
            found.append(f"{key}: {'missing' if key not in actual else 'unexpected'}")
            continue
        if expected[key] == actual[key]:
            continue
        for name, value, other in zip(names, expected[key].split("\u0001"), actual[key].split("\u0001")):
            if not same(name, value, other):
                found.append(f"{key} {name}: {value!r} → {other!r}")
    return found[:limit] + ([f"… {len(found) - limit} more"] if len(found) > limit else [])


def bare_page(work, sheets, width, font_size, scheme, index):
    """The fragments alone, at the host's content width and text size, in the host's scheme."""
    page = work / f"bare-{index}.html"
    page.write_text(
        "<!DOCTYPE html><html lang=\"en\"><head><meta charset=\"utf-8\">"
        f"<style>:root {{ color-scheme: {scheme}; }} body {{ margin: 0; }}</style></head>"
        f"<body><div style=\"width: {width}px; font-size: {font_size}px\">\n" + "\n".join(sheets) + "\n</div></body></html>")
    return page


def measure(engine_name, work, fragments):
    pages = build(work, fragments)
    sheets = [pathlib.Path(fragment).read_text().strip("\n") for fragment in fragments]
    skip = sorted(SIZE_DERIVED)
    runs = []
    try:
        browser = engines.open_engine(engine_name)
    except engines.Missing:
        sys.exit(3)
    with browser:
        for host, path in pages.items():
            for width in WIDTHS:
                for scheme in SCHEMES:
                    page = open_page(browser, path.as_uri(), width, scheme)
                    geometry = page.evaluate(GEOMETRY)
                    inside = page.evaluate(STYLES, [True, skip, None])
                    declared = page.evaluate(DECLARED)
                    host_with = page.evaluate(STYLES, [False, skip, declared])
                    page.evaluate("""() => { for (const sheet of document.styleSheets) {
                        if (sheet.ownerNode && sheet.ownerNode.textContent.includes('.whatsnew:not(#_)')) sheet.disabled = true; } }""")
                    host_without = page.evaluate(STYLES, [False, skip, declared])
                    page.close()
                    failures = []
                    host_dark = is_dark(geometry[0]["hostBackground"]) if geometry else False
                    # The scheme the sheet took from the host is checked below, against the host's background.
                    bare = bare_page(work, sheets, geometry[0]["width"], geometry[0]["fontSize"],
                                     geometry[0]["sheetScheme"], len(runs))
                    alone = open_page(browser, bare.as_uri(), width, scheme)
                    expected = alone.evaluate(STYLES, [True, skip, None])
                    alone.close()
                    failures += [f"host changed the sheet: {line}" for line in differences(expected, inside)]
                    failures += [f"sheet changed the host: {line}" for line in differences(host_without, host_with)]
                    for index, sheet in enumerate(geometry):
                        label = f"sheet {index}"
                        failures += grid_failures(sheet, label)
                        if min(sheet["titleWeights"] or [0]) < 600 or min(sheet["headingWeights"] or [0]) < 600:
                            failures.append(f"{label}: weights {sheet['titleWeights']} {sheet['headingWeights']}")
                        if sheet["outside"]:
                            failures.append(f"{label}: sticks out of the sheet: {sheet['outside'][:5]}")
                    runs.append({"host": host, "width": width, "scheme": scheme, "hostDark": host_dark,
                                 "sheets": geometry, "failures": failures,
                                 "sheetElements": len(inside["values"]), "hostElements": len(host_with["values"])})
    return {"runs": runs, "engine": engine_name}


def screenshot(work, out, width, scheme, fragments):
    pages = build(work, fragments)
    try:
        browser = engines.open_engine("chromium")
    except engines.Missing:
        sys.exit(3)
    with browser:
        tab = open_page(browser, pages["mkdocs-material"].as_uri(), width, scheme)
        top = tab.evaluate("() => document.querySelector('.whatsnew').getBoundingClientRect().top + scrollY")
        tab.screenshot(out, clip={"x": 0, "y": max(0, top - 120), "width": width, "height": 760})


def main():
    if shutil.which("jekyll") is None:
        sys.exit(3)
    mode = sys.argv[1]
    if mode == "build":
        work = pathlib.Path(sys.argv[2]).resolve()
        print(json.dumps({name: str(path) for name, path in build(work, sys.argv[3:]).items()}))
    elif mode == "measure":
        print(json.dumps(measure(sys.argv[2], pathlib.Path(sys.argv[3]).resolve(), sys.argv[4:])))
    elif mode == "screenshot":
        work = pathlib.Path(sys.argv[2]).resolve()
        screenshot(work, sys.argv[3], int(sys.argv[4]), sys.argv[5], sys.argv[6:])
    else:
        sys.exit(f"unknown mode {mode}")


if __name__ == "__main__":
    main()
