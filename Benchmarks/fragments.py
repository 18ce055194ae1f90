#!/usr/bin/env python3
"""Writes a project with COUNT notes in progress, the same bytes on every run.

    Benchmarks/fragments.py COUNT FOLDER

FOLDER gets a Keep a Changelog CHANGELOG.md (an empty Unreleased section, one release and its
comparison links) and COUNT fragments in .changes/, named and written as `whatsnew new`
writes them: added, fixed and changed notes, one in fifty a featured row with a title and
an icon, one in ten closing an issue, one in twenty-five a list of two items. A linear
congruential generator with a fixed seed picks the words, so no run differs.
"""

import os
import sys

from generate import Random  # the same fixed-seed generator as the synthetic changelog

WORDS = ("sync export import cache widget share sheet filter list view crash launch memory "
         "render parser token session login backup restore theme colour layout font icon").split()
KINDS = ["added", "fixed", "changed"]
ICONS = ["star.fill", "sparkles", "bolt.fill", "🌙", '":tada:"']

CHANGELOG = """# Changelog

All notable changes to this project are documented in this file.

## [Unreleased]

## [1.0.0] - 2026-01-01

### Added

- First release.

[Unreleased]: https://github.com/example/app/compare/1.0.0...HEAD
[1.0.0]: https://github.com/example/app/releases/tag/1.0.0
"""


def main():
    count, folder = int(sys.argv[1]), sys.argv[2]
    random = Random(20260101)
    changes = os.path.join(folder, ".changes")
    os.makedirs(changes, exist_ok=True)
    with open(os.path.join(folder, "CHANGELOG.md"), "w", encoding="utf-8") as file:
        file.write(CHANGELOG)
    for index in range(count):
        words = [WORDS[random.next(len(WORDS))] for _ in range(5 + random.next(8))]
        note = " ".join(words).capitalize() + f" (change {index})."
        front = [f"kind: {KINDS[index % len(KINDS)]}"]
        if index % 50 == 7:
            front += [f"title: Feature number {index}", f"icon: {ICONS[random.next(len(ICONS))]}"]
        if index % 10 == 3:
            front.append(f"issue: {100 + index}")
        if index % 25 == 11:
            note = f"- {note}\n- Second item of change {index}."
        # One note every ten seconds from 1 January, as `whatsnew new` names them.
        seconds = index * 10
        day, rest = divmod(seconds, 86400)
        stamp = f"2026{1 + day // 28:02d}{1 + day % 28:02d}-{rest // 3600:02d}{rest // 60 % 60:02d}{rest % 60:02d}"
        name = f"{stamp}-{'-'.join(words[:3])}-{index:04x}.md"
        with open(os.path.join(changes, name), "w", encoding="utf-8") as file:
            file.write("---\n" + "\n".join(front) + "\n---\n" + note + "\n")


if __name__ == "__main__":
    main()
