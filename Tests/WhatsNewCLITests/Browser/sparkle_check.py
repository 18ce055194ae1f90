#!/usr/bin/env python3
"""Measures Sparkle's release-notes file in a browser engine (engines.py) as Sparkle's update
window shows it: 480 CSS pixels wide, light and dark. Prints a JSON report.

    sparkle_check.py ENGINE PAGE INSTALLED [SCREENSHOT_DIR]

For each scheme, before and after the class `sparkle-installed-version` is added to the
element whose data-sparkle-version is INSTALLED (as Sparkle 2.5 does for the installed build):
the builds of the releases shown, the left edges of the row titles shown, how wide the page
scrolls, and the colours of text and page. Exit status 3 when a tool is missing.
"""

import json
import pathlib
import sys

import colours
import engines

MEASURE = """
() => {
  const rgb = """ + colours.TO_RGB + """;
  const shown = e => e.getClientRects().length > 0;
  const releases = [...document.querySelectorAll('[data-sparkle-version]')];
  const titles = [...document.querySelectorAll('.whatsnew-title')].filter(shown);
  const version = document.querySelector('.whatsnew-version');
  return {
    shown: releases.filter(shown).map(e => e.dataset.sparkleVersion),
    titleLefts: titles.map(t => t.getBoundingClientRect().left),
    titles: titles.length,
    scrollWidth: document.documentElement.scrollWidth,
    width: document.documentElement.clientWidth,
    text: rgb(getComputedStyle(version).color),
    background: getComputedStyle(document.documentElement).backgroundColor,
    fontSize: getComputedStyle(document.body).fontSize,
    scripts: document.querySelectorAll('script').length,
  };
}
"""

MARK = """
(installed) => {
  const element = document.querySelector(`[data-sparkle-version="${installed}"]`);
  if (!element) return false;
  element.classList.add('sparkle-installed-version');
  return true;
}
"""


def main():
    name, page, installed = sys.argv[1], pathlib.Path(sys.argv[2]).resolve(), sys.argv[3]
    shots = pathlib.Path(sys.argv[4]) if len(sys.argv) > 4 else None
    report = {"engine": name, "runs": []}
    try:
        engine = engines.open_engine(name)
    except engines.Missing:
        sys.exit(3)
    with engine:
        for scheme in ("light", "dark"):
            tab = engine.tab(page.as_uri(), 480, 700, scheme=scheme)
            tab.evaluate("() => document.fonts.ready.then(() => true)")
            before = tab.evaluate(MEASURE)
            marked = tab.evaluate(MARK, installed)
            after = tab.evaluate(MEASURE)
            report["runs"].append({"scheme": scheme, "marked": marked, "before": before, "after": after})
            if shots:
                shots.mkdir(parents=True, exist_ok=True)
                tab.screenshot(str(shots / f"sparkle-{name}-{scheme}.png"))
            tab.close()
    print(json.dumps(report))


if __name__ == "__main__":
    main()
