#!/usr/bin/env python3
"""Writes a git repository with COUNT commits since its one release, the same on every run.

    Benchmarks/commits.py COUNT FOLDER

FOLDER becomes a repository whose first commit holds a Keep a Changelog CHANGELOG.md with one
release, tagged v1.0.0, followed by COUNT commits: conventional ones of every type (a scope on
one in three, `!` on one in fifty, a BREAKING CHANGE footer on one in a hundred, a trailing
pull request on one in four), a plain message on one in seven, each changing one file. The
history goes in through `git fast-import` at fixed times, so its commits are the same bytes
on every run; the fixed-seed generator picks the words.
"""

import os
import subprocess
import sys

from generate import Random

WORDS = ("sync export import cache widget share sheet filter list view crash launch memory "
         "render parser token session login backup restore theme colour layout font icon").split()
TYPES = ["feat", "fix", "fix", "chore", "docs", "perf", "refactor", "test", "ci", "feat"]

CHANGELOG = "# Changelog\n\n## [1.0.0] - 2026-01-01\n\n### Added\n\n- First release.\n"


def message(random, index):
    words = " ".join(random.pick(WORDS) for _ in range(2 + random.next(5)))
    if index % 7 == 3:
        return f"Update {words}\n"
    kind = TYPES[random.next(len(TYPES))]
    scope = f"({random.pick(WORDS)})" if index % 3 == 0 else ""
    bang = "!" if index % 50 == 7 else ""
    pull = f" (#{index + 1})" if index % 4 == 1 else ""
    text = f"{kind}{scope}{bang}: {words}{pull}\n"
    if index % 100 == 11:
        text += f"\nBREAKING CHANGE: {words} changed.\n"
    return text


def data(text):
    raw = text.encode()
    return b"data %d\n%s\n" % (len(raw), raw)


def main():
    count, folder = int(sys.argv[1]), sys.argv[2]
    os.makedirs(folder)
    subprocess.run(["git", "init", "-q", "-b", "main", folder], check=True)
    random = Random(62)
    stream = bytearray()
    when = 1_767_225_600
    stream += b"commit refs/heads/main\nmark :1\ncommitter Dev <dev@example.com> %d +0000\n" % when
    stream += data("Start")
    stream += b"M 100644 inline CHANGELOG.md\n" + data(CHANGELOG)
    stream += b"reset refs/tags/v1.0.0\nfrom :1\n\n"
    for index in range(count):
        when += 60
        stream += b"commit refs/heads/main\ncommitter Dev <dev@example.com> %d +0000\n" % when
        stream += data(message(random, index))
        stream += b"M 100644 inline src/file%d.txt\n" % (index % 500) + data(f"{index}\n")
    subprocess.run(["git", "fast-import", "--quiet"], input=bytes(stream), cwd=folder, check=True)
    subprocess.run(["git", "checkout", "-q", "main"], cwd=folder, check=True)


if __name__ == "__main__":
    main()
