#!/usr/bin/env python3
"""Writes Sources/WhatsNewModel/Width/UnicodeWidthTable.swift from the Unicode Character Database.

Reads the files Debian's `unicode-data` package installs under /usr/share/unicode
(EastAsianWidth.txt, UnicodeData.txt, HangulSyllableType.txt, emoji/emoji-data.txt), or
another copy of the same files given as the first argument. The table is pinned: it changes
only when someone runs this script against newer data and commits the result.

    python3 Sources/WhatsNewModel/Width/generate-width-table.py [/usr/share/unicode]
"""

import pathlib
import re
import sys

ROOT = pathlib.Path(__file__).resolve().parents[3]
OUTPUT = ROOT / "Sources/WhatsNewModel/Width/UnicodeWidthTable.swift"

# Format characters that terminals draw as a visible glyph: the soft hyphen and the
# prepended concatenation marks (Arabic number signs and their kin).
VISIBLE_FORMAT = {0x00AD, 0x0600, 0x0601, 0x0602, 0x0603, 0x0604, 0x0605, 0x06DD, 0x070F,
                  0x0890, 0x0891, 0x08E2, 0x110BD, 0x110CD}


def records(path):
    """Yields (first, last, fields) for each data line of a UCD file."""
    for line in path.read_text(encoding="utf-8").splitlines():
        line = line.split("#", 1)[0].strip()
        if not line:
            continue
        fields = [field.strip() for field in line.split(";")]
        first, _, last = fields[0].partition("..")
        yield int(first, 16), int(last or first, 16), fields[1:]


def general_categories(path):
    """Maps each assigned scalar to its General_Category, expanding <..., First>/<..., Last> pairs."""
    categories = {}
    pending = None
    for line in path.read_text(encoding="utf-8").splitlines():
        fields = line.split(";")
        scalar, name, category = int(fields[0], 16), fields[1], fields[2]
        if name.endswith(", First>"):
            pending = scalar
            continue
        start = pending if name.endswith(", Last>") else scalar
        pending = None
        for value in range(start, scalar + 1):
            categories[value] = category
    return categories


def version_of(path):
    match = re.search(r"-(\d+\.\d+\.\d+)\.txt", path.read_text(encoding="utf-8").splitlines()[0])
    return match.group(1) if match else "unknown"


def ranges(scalars):
    """Sorted, merged closed ranges of a set of scalars."""
    result = []
    for scalar in sorted(scalars):
        if result and result[-1][1] + 1 == scalar:
            result[-1][1] = scalar
        else:
            result.append([scalar, scalar])
    return result


def swift_array(name, doc, scalars):
    pairs = ranges(scalars)
    lines = [f"    /// {doc}", f"    static let {name}: [UInt32] = ["]
    row = []
    for first, last in pairs:
        row.append(f"0x{first:04X}, 0x{last:04X},")
        if len(row) == 4:
            lines.append("        " + " ".join(row))
            row = []
    if row:
        lines.append("        " + " ".join(row))
    lines.append("    ]")
    return "\n".join(lines), len(pairs)


def main():
    data = pathlib.Path(sys.argv[1] if len(sys.argv) > 1 else "/usr/share/unicode")
    categories = general_categories(data / "UnicodeData.txt")

    east_asian = {}
    for first, last, fields in records(data / "EastAsianWidth.txt"):
        for scalar in range(first, last + 1):
            east_asian[scalar] = fields[0]

    emoji = {}
    for first, last, fields in records(data / "emoji/emoji-data.txt"):
        emoji.setdefault(fields[0], set()).update(range(first, last + 1))

    hangul_vowels_and_finals = set()
    for first, last, fields in records(data / "HangulSyllableType.txt"):
        if fields[0] in ("V", "T"):
            hangul_vowels_and_finals.update(range(first, last + 1))

    zero = {
        scalar for scalar, category in categories.items()
        if category in ("Mn", "Me", "Mc", "Cc", "Zl", "Zp")
        or (category == "Cf" and scalar not in VISIBLE_FORMAT)
    } | hangul_vowels_and_finals
    wide = ({scalar for scalar, width in east_asian.items() if width in ("W", "F")}
            | emoji["Emoji_Presentation"]) - zero
    ambiguous = {scalar for scalar, width in east_asian.items() if width == "A"} - zero - wide

    version = version_of(data / "EastAsianWidth.txt")
    arrays = [
        swift_array("zeroWidth", "No cell: combining marks, format and control characters, Hangul vowels and finals.", zero),
        swift_array("wide", "Two cells: East Asian Wide and Fullwidth, and emoji presentation.",
                    wide),
        swift_array("ambiguous", "East Asian Ambiguous: one cell, or two in a CJK context.", ambiguous),
        swift_array("emoji", "The Emoji property: a VS16 after one of these makes a two-cell emoji.",
                    emoji["Emoji"]),
        swift_array("extendedPictographic", "Extended_Pictographic: what ZWJ sequences join.",
                    emoji["Extended_Pictographic"]),
    ]
    body = "\n\n".join(text for text, _ in arrays)
    counts = ", ".join(f"{count} {text.split('static let ')[1].split(':')[0]}" for text, count in arrays)
    OUTPUT.write_text(
        "// Generated by Sources/WhatsNewModel/Width/generate-width-table.py; do not edit.\n"
        f"// Unicode {version}: EastAsianWidth.txt, UnicodeData.txt, HangulSyllableType.txt and\n"
        "// emoji/emoji-data.txt as Debian's unicode-data package installs them.\n"
        f"// Ranges: {counts}.\n\n"
        "/// Sorted, disjoint closed ranges of scalar values, as flat `first, last` pairs.\n"
        "enum UnicodeWidthTable {\n"
        f"    static let unicodeVersion = \"{version}\"\n\n"
        f"{body}\n"
        "}\n",
        encoding="utf-8",
    )
    print(f"wrote {OUTPUT.relative_to(ROOT)}: Unicode {version}; {counts}")


if __name__ == "__main__":
    main()
