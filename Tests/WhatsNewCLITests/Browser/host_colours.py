#!/usr/bin/env python3
"""The sheet inside hosts that give no dark-mode signal at all: a box with only a background and
a text colour, as a plain page or an unknown docs theme has. Reports, as JSON, the colours each
sheet is drawn in, their contrast, and the failures: a card on the other side from its host, or
title, summary, link or code under WCAG AA's 4.5:1.

    host_colours.py ENGINE follows PAGE_DIR FRAGMENT.html   # the stylesheet as shipped
    host_colours.py ENGINE fallback PAGE_DIR FRAGMENT.html  # as an engine without relative colour sees it

`fallback` hides the stylesheet's relative-colour rule (its @supports condition made false), so
the sheet shows what engines before 2024 draw: the signals it knows (color-scheme and the
themes' attributes), else the reader's system setting.

Exit status 3 when the engine is missing.
"""

import json
import pathlib
import sys

import colours
import engines

# Each host: a name, its background and its text colour, and whether it also sets
# color-scheme (a signal the fallback knows).
HOSTS = [
    ("dark", "#121212", "#e8e8e8", None),
    ("light", "#ffffff", "#222222", None),
    ("sepia", "#f4ecd8", "#5b4636", None),
    ("translucent-dark-text", "#ffffff", "rgba(0, 0, 0, 0.87)", None),
    ("translucent-light-text", "#1e1e1e", "rgba(255, 255, 255, 0.87)", None),
    ("solarized-light", "#fdf6e3", "#657b83", None),
    ("solarized-dark", "#002b36", "#839496", None),
    ("signalled-dark", "#1b1b1f", "#dcdcdc", "dark"),
    ("signalled-light", "#fafafa", "#202020", "light"),
    # A light page that wants a dark sheet: --whatsnew-dark on the sheet, color-scheme above it.
    ("forced-dark", "#ffffff", "#222222", "dark"),
]
FORCED = '[data-host="forced-dark"] .whatsnew { --whatsnew-dark: white; }'


# The colours each sheet is drawn in, as 8-bit sRGB.
COLOURS = """() => {
  const rgb = """ + colours.TO_RGB + """;
  const colour = (sheet, selector, property = 'color') => {
    const e = sheet.querySelector(selector);
    return e ? rgb(getComputedStyle(e)[property]) : null;
  };
  return [...document.querySelectorAll('[data-host]')].map(host => {
    const sheet = host.querySelector('.whatsnew');
    return {
      host: host.dataset.host,
      hostBackground: rgb(getComputedStyle(host).backgroundColor),
      hostText: rgb(getComputedStyle(host).color),
      sheetBackground: rgb(getComputedStyle(sheet).backgroundColor),
      title: colour(sheet, '.whatsnew-title'),
      summary: colour(sheet, '.whatsnew-summary'),
      link: colour(sheet, '.whatsnew-summary a'),
      code: colour(sheet, '.whatsnew-summary code'),
      codeBackground: colour(sheet, '.whatsnew-summary code', 'backgroundColor'),
    };
  });
}"""

# What must be readable, and on what.
TEXTS = (("title", "sheetBackground"), ("summary", "sheetBackground"), ("link", "sheetBackground"),
         ("code", "codeBackground"))


def failures(sheet, mode):
    """The card on the wrong side of its host, or text under WCAG AA's 4.5:1. Without relative
    colour only the signals decide: a host without one gets the light card. A host that forces
    the dark sheet gets it either way."""
    found = []
    label = f"{sheet['host']} ({sheet['scheme']} system)"
    signalled = sheet["host"].startswith("signalled-")
    if sheet["host"] == "forced-dark":
        expected_dark = True
    else:
        expected_dark = colours.is_dark(sheet["hostBackground"]) if mode == "follows" or signalled else False
    if colours.is_dark(sheet["sheetBackground"]) != expected_dark:
        found.append(f"{label}: card {sheet['sheetBackground']} on host {sheet['hostBackground']}")
    for text, surface in TEXTS:
        if sheet[text] is None:
            found.append(f"{label}: no {text} in the sheet")
            continue
        ratio = colours.contrast(sheet[text], sheet[surface])
        sheet.setdefault("contrast", {})[text] = round(ratio, 2)
        if ratio < 4.5:
            found.append(f"{label}: {text} {sheet[text]} on {sheet[surface]} is {ratio:.2f}:1")
    return found


def page(directory, fragment, mode):
    style_end = fragment.index("</style>")
    css, markup = fragment[fragment.index("<style>") + len("<style>"):style_end], fragment[style_end + len("</style>"):]
    if mode == "fallback":
        rule = "@supports (color: rgb(from oklch(from currentColor l c h) r g b))"
        if rule not in css:
            raise SystemExit(f"the stylesheet has no `{rule}` rule to hide")
        css = css.replace(rule, "@supports (whatsnew-no-such-property: none)")
    boxes = "\n".join(
        f'<div data-host="{name}" style="background: {background}; color: {text}; padding: 16px;'
        + (f' color-scheme: {scheme};' if scheme else "") + f'">\n{markup}\n</div>'
        for name, background, text, scheme in HOSTS)
    path = pathlib.Path(directory) / f"hosts-{mode}.html"
    path.write_text(
        "<!DOCTYPE html><html lang=\"en\"><head><meta charset=\"utf-8\"><title>Hosts</title>"
        f"<style>body {{ margin: 0; }}\n{css}\n{FORCED}</style></head><body>\n{boxes}\n</body></html>")
    return path


def main():
    name, mode, directory, fragment_path = sys.argv[1:5]
    fragment = pathlib.Path(fragment_path).read_text()
    url = page(directory, fragment, mode).as_uri()
    try:
        engine = engines.open_engine(name)
    except engines.Missing:
        sys.exit(3)
    runs = []
    with engine:
        for scheme in ("light", "dark"):
            tab = engine.tab(url, 800, 900, scheme)
            tab.evaluate("() => document.fonts.ready.then(() => true)")
            for sheet in tab.evaluate(COLOURS):
                sheet.update(scheme=scheme)
                sheet["failures"] = failures(sheet, mode)
                runs.append(sheet)
            tab.close()
    print(json.dumps({"engine": name, "mode": mode, "runs": runs}))


if __name__ == "__main__":
    main()
