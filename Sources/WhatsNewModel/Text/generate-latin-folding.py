#!/usr/bin/env python3
"""Writes latin-folding.tsv: each Latin letter with marks, as the ASCII letters it folds to
(é → e, Ǆ → DZ), from Unicode's canonical and compatibility decompositions (Python's unicodedata),
plus the letters whose stroke or ligature no decomposition removes (ø, ł, ß, æ), which UTR #30's
diacritic folding maps the same way. Run from this folder:

    python3 generate-latin-folding.py > latin-folding.tsv
"""
import sys
import unicodedata

# Letters no decomposition takes apart.
EXTRA = {"ß": "ss", "ẞ": "SS", "Ø": "O", "ø": "o", "Ł": "L", "ł": "l", "Đ": "D", "đ": "d", "Ħ": "H", "ħ": "h",
         "Æ": "AE", "æ": "ae", "Œ": "OE", "œ": "oe", "Þ": "TH", "þ": "th", "Ð": "D", "ð": "d", "ı": "i",
         "Ŧ": "T", "ŧ": "t", "ƀ": "b", "Ɨ": "I", "ɨ": "i", "Ƶ": "Z", "ƶ": "z"}

print("# A Latin letter with marks and the ASCII letters it folds to (generate-latin-folding.py, "
      f"Unicode {unicodedata.unidata_version}).")
rows = {}
for code in list(range(0x00C0, 0x0250)) + list(range(0x1E00, 0x1F00)):
    character = chr(code)
    if character in EXTRA:
        rows[code] = EXTRA[character]
        continue
    decomposed = unicodedata.normalize("NFKD", character)
    base = "".join(c for c in decomposed if unicodedata.category(c) != "Mn")
    if base and base != character and all(c.isascii() and c.isalpha() for c in base):
        rows[code] = base
for character, folded in EXTRA.items():
    rows[ord(character)] = folded
for code in sorted(rows):
    print(f"{chr(code)}\t{rows[code]}")
