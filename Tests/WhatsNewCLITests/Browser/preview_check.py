#!/usr/bin/env python3
"""Measures `whatsnew preview`'s page in a browser engine (engines.py: Chromium, WebKit or
Firefox): every card, light and dark, at 100 % and 135 % text, and prints a JSON report.

    preview_check.py ENGINE PAGE [SCREENSHOT_DIR]

For each card (a family's `.whatsnew-card`): elements that stand outside it, the left edges
of its row titles (one edge for a grid), text cut mid-line: a title, summary or heading
whose visible height is not a whole number of its lines, and text the browser cut short on its
line (a heading wider than its box, ended with its ellipsis). A standalone page of one card
(`--size medium --standalone`) is measured as its one card. Exit status 3 when a tool is missing.
"""

import json
import pathlib
import sys

import engines

MEASURE = """
() => {
  const cards = [];
  const figures = [...document.querySelectorAll('.preview-card')];
  if (figures.length === 0) figures.push(...document.querySelectorAll('.whatsnew-card'));
  for (const figure of figures) {
    const card = figure.classList.contains('whatsnew-card') ? figure : figure.querySelector('.whatsnew-card');
    const box = card.getBoundingClientRect();
    const outside = [];
    for (const element of card.querySelectorAll('*')) {
      const r = element.getBoundingClientRect();
      if (r.width === 0 && r.height === 0) continue;
      if (r.left < box.left - 0.5 || r.right > box.right + 0.5 || r.top < box.top - 0.5 || r.bottom > box.bottom + 0.5) {
        outside.push(element.className || element.tagName);
      }
    }
    const lefts = [...card.querySelectorAll('.whatsnew-title')].map(t => t.getBoundingClientRect().left);
    const cut = [];
    for (const element of card.querySelectorAll('.whatsnew-title, .whatsnew-summary > *, .whatsnew-heading, .whatsnew-more')) {
      const style = getComputedStyle(element);
      const line = parseFloat(style.lineHeight);
      const lines = element.clientHeight / line;
      if (Math.abs(lines - Math.round(lines)) > 0.15) cut.push([element.className || element.tagName, lines]);
    }
    const shortened = [];
    for (const element of card.querySelectorAll('.whatsnew-heading')) {
      if (element.scrollWidth > element.clientWidth + 1) shortened.push([element.textContent, element.scrollWidth, element.clientWidth]);
    }
    // Content a box hides: overflow clipped where it does not fit (a title's second line).
    const hidden = [];
    for (const element of [card, ...card.querySelectorAll('*')]) {
      const style = getComputedStyle(element);
      const clips = ['hidden', 'clip'].includes(style.overflowX) || ['hidden', 'clip'].includes(style.overflowY);
      if (clips && (element.scrollHeight > element.clientHeight + 1 || element.scrollWidth > element.clientWidth + 1)) {
        hidden.push([element.className || element.tagName, element.textContent.trim().slice(0, 40)]);
      }
    }
    // How much of the card's height its content takes, from its top to its last content's bottom.
    let bottom = box.top;
    for (const element of card.querySelectorAll('.whatsnew-heading, .whatsnew-version, .whatsnew-title, .whatsnew-summary > *, .whatsnew-more, .whatsnew-icon')) {
      const r = element.getBoundingClientRect();
      if (r.height > 0) bottom = Math.max(bottom, r.bottom);
    }
    const padding = parseFloat(getComputedStyle(card).paddingBottom);
    const panel = figure.closest('.preview-panel');
    cards.push({
      family: figure.dataset.family || [...card.classList].find(c => c.startsWith('whatsnew-size-')).slice(14),
      scheme: panel ? panel.dataset.scheme : 'page',
      width: box.width, height: box.height, outside, titleLefts: lefts, cut, shortened, hidden,
      fill: (bottom - box.top + padding) / box.height,
      releases: card.querySelectorAll('.whatsnew-release').length,
    });
  }
  return cards;
}
"""


def main():
    name, page = sys.argv[1], pathlib.Path(sys.argv[2]).resolve()
    shots = pathlib.Path(sys.argv[3]) if len(sys.argv) > 3 else None
    report = {"runs": [], "engine": name}
    try:
        engine = engines.open_engine(name)
    except engines.Missing:
        sys.exit(3)
    with engine:
        for scale in (1.0, 1.35):
            tab = engine.tab(page.as_uri(), 1600, 1000)
            # The reader's text size: the root font size, which every card's em follows.
            tab.add_style("html { font-size: %d%%; }" % round(scale * 100))
            tab.evaluate("() => document.fonts.ready.then(() => true)")
            sideways = tab.evaluate("() => document.scrollingElement.scrollWidth > document.scrollingElement.clientWidth + 1")
            report["runs"].append({"scale": scale, "cards": tab.evaluate(MEASURE), "sideways": sideways})
            if shots:
                shots.mkdir(parents=True, exist_ok=True)
                tab.screenshot(str(shots / f"preview-{name}-{round(scale * 100)}.png"))
            tab.close()
    print(json.dumps(report))


if __name__ == "__main__":
    main()
