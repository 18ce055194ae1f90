#!/usr/bin/env python3
"""Writes a synthetic CHANGELOG.md of about SIZE megabytes, the same bytes on every run.

    Benchmarks/generate.py SIZE_MB OUTPUT

Many releases, newest first, in Keep a Changelog form, with the things real notes carry:
categories, nested lists, links (inline and by reference), code spans, emphasis, emoji,
CJK text, a sheet block on line 1 and curated front-matter sections now and then. A
linear congruential generator with a fixed seed picks everything, so no run differs.
"""

import json
import sys

WORDS = ("sync export import cache widget share sheet filter list view crash launch memory "
         "render parser token session login backup restore theme colour layout font icon "
         "badge notification setting keyboard shortcut search index queue network retry "
         "timeout offline upload download preview thumbnail gesture scroll").split()
CJK = ["修复启动时的崩溃问题", "新しい機能を追加しました", "동기화 속도 개선", "改进了离线编辑"]
EMOJI = ["✨", "🐞", "⚡", "🔒", "📦", "⚠️", "🚀", "👩‍💻", "🇯🇵"]
CATEGORIES = ["Added", "Changed", "Deprecated", "Removed", "Fixed", "Security", "Performance"]
ICONS = ["star.circle.fill", "sparkles", "bolt.fill", "lock.shield", "ladybug.fill", "🌙", ":tada:"]
COLORS = ["yellow", "green", "blue", "red", "indigo", "purple", "#BC002D"]


class Random:
    def __init__(self, seed):
        self.state = seed

    def next(self, bound):
        self.state = (self.state * 6364136223846793005 + 1442695040888963407) % (1 << 64)
        return (self.state >> 33) % bound

    def pick(self, items):
        return items[self.next(len(items))]


def sentence(random, references):
    words = [random.pick(WORDS) for _ in range(6 + random.next(12))]
    words[0] = words[0].capitalize()
    kind = random.next(10)
    if kind == 0:
        words.insert(2, f"`--{random.pick(WORDS)}`")
    elif kind == 1:
        words.insert(3, f"**{random.pick(WORDS)}**")
    elif kind == 2:
        words.append(f"([#{1000 + random.next(9000)}](https://example.com/issues/{random.next(100000)}))")
    elif kind == 3:
        number = random.next(100000)
        references.append(f"[ref-{number}]: https://example.com/pull/{number}")
        words.append(f"[PR {number}][ref-{number}]")
    elif kind == 4:
        words.append(random.pick(CJK))
    elif kind == 5:
        words.insert(1, random.pick(EMOJI))
    elif kind == 6:
        words.insert(2, f"*{random.pick(WORDS)}*")
    return " ".join(words) + "."


def main():
    size = float(sys.argv[1]) * 1024 * 1024
    random = Random(20240318)
    out = ["---", "title: Synthetic Release Notes", "subtitle: Generated for the benchmark", "---", "",
           "# Changelog", ""]
    length = sum(len(line) + 1 for line in out)
    major, minor, patch = 899, 0, 0
    year, day = 2099, 0
    release = 0
    while length < size:
        release += 1
        patch = (patch + 1) % 10
        if patch == 0:
            minor = (minor + 1) % 10
            if minor == 0:
                major -= 1
        day += 1
        date = f"{year - day // 365:04d}-{(12 - (day // 28) % 12):02d}-{28 - day % 28:02d}"
        lines = [f"## [{major}.{minor}.{9 - patch}] - {date}", ""]
        references = []
        if release % 7 == 0:
            lines += ["---", f'icon: "{random.pick(ICONS)}"', f'color: "{random.pick(COLORS)}"',
                      f"title: {random.pick(WORDS).capitalize()} {random.pick(WORDS)}",
                      "summary: " + json.dumps(sentence(random, []), ensure_ascii=False), "---", "", sentence(random, references), ""]
        for category in sorted({random.pick(CATEGORIES) for _ in range(1 + random.next(4))}):
            lines += [f"### {category}", ""]
            for _ in range(1 + random.next(6)):
                lines.append(f"- {sentence(random, references)}")
                if random.next(5) == 0:
                    for _ in range(1 + random.next(3)):
                        lines.append(f"  - {sentence(random, references)}")
            lines.append("")
        lines += references + ([""] if references else [])
        out += lines
        length += sum(len(line.encode("utf-8")) + 1 for line in lines)
    with open(sys.argv[2], "w", encoding="utf-8") as file:
        file.write("\n".join(out) + "\n")


if __name__ == "__main__":
    main()
