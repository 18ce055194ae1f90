"""Where a Markdown page asks for a sheet: a fenced block whose info string is `whatsnew`,

    ```whatsnew
    notes: ../CHANGELOG.md
    release: latest
    ```

or one line, `<!-- whatsnew notes=CHANGELOG.md release=latest -->`, on its own.

Only lines outside fenced code count, found by CommonMark's fence rules: ``` or ~~~ after at
most three spaces, closed by a run of the same character at least as long, or by the end of the
page. A whatsnew block shown inside another fence (a page documenting the plugin) is code, not a
request.
"""

import re
import shlex
from typing import NamedTuple

OPTIONS = ("notes", "release", "since", "size", "audience")

OPENING = re.compile(r"^(?P<indent> {0,3})(?P<fence>`{3,}|~{3,})(?P<info>.*?)\s*$")
COMMENT = re.compile(r"^(?P<indent> {0,3})<!--\s*whatsnew(?:\s+(?P<arguments>.*?))?\s*-->\s*$")


class Marker(NamedTuple):
    """One request for a sheet: lines `start` to `end` (0-based, end excluded) of the page."""

    start: int
    end: int
    indent: str
    options: dict
    # (1-based line, message) for what could not be read; the rest of the block still counts.
    problems: list

    @property
    def line(self):
        return self.start + 1


def _closes(line, fence):
    stripped = line.rstrip(" \t\r\n")
    indent = len(stripped) - len(stripped.lstrip(" "))
    run = stripped.lstrip(" ")
    return indent <= 3 and len(run) >= len(fence) and run == fence[0] * len(run)


def _opening(line):
    match = OPENING.match(line.rstrip("\r\n"))
    # A backtick fence's info string cannot hold a backtick (it would be inline code).
    if not match or (match.group("fence")[0] == "`" and "`" in match.group("info")):
        return None
    return match


def _block_options(lines, first):
    """The `key: value` lines of a whatsnew block; blank lines and # comments are skipped."""
    options, problems = {}, []
    for number, line in enumerate(lines, first):
        text = line.strip()
        if not text or text.startswith("#"):
            continue
        key, colon, value = text.partition(":")
        _take(options, problems, number, key.strip(), value.strip(), bool(colon))
    return options, problems


def _comment_options(arguments, number):
    options, problems = {}, []
    try:
        words = shlex.split(arguments or "")
    except ValueError as error:
        return options, [(number, f"cannot read the whatsnew marker: {error}")]
    for word in words:
        key, equals, value = word.partition("=")
        _take(options, problems, number, key, value, bool(equals))
    return options, problems


def _take(options, problems, number, key, value, separated):
    if not separated or not value:
        problems.append((number, f"`{key}` needs a value ({key}: VALUE in a block, {key}=VALUE in a comment)"))
    elif key not in OPTIONS:
        problems.append((number, f"unknown whatsnew option `{key}`; known: {', '.join(OPTIONS)}"))
    else:
        options[key] = value


def find_markers(text):
    lines = text.splitlines()
    markers = []
    index = 0
    while index < len(lines):
        line = lines[index]
        opening = _opening(line)
        if opening:
            fence = opening.group("fence")
            end = index + 1
            while end < len(lines) and not _closes(lines[end], fence):
                end += 1
            if opening.group("info").split()[:1] == ["whatsnew"]:
                options, problems = _block_options(lines[index + 1:end], index + 2)
                markers.append(Marker(index, min(end + 1, len(lines)), opening.group("indent"), options, problems))
            index = end + 1
            continue
        comment = COMMENT.match(line)
        if comment:
            options, problems = _comment_options(comment.group("arguments"), index + 1)
            markers.append(Marker(index, index + 1, comment.group("indent"), options, problems))
        index += 1
    return markers


def replace_markers(text, markers, placeholders):
    """`text` with each marker's lines replaced by its placeholder, a paragraph of its own at the
    marker's indentation (so a marker inside a list item stays in it)."""
    lines = text.splitlines()
    for marker, placeholder in sorted(zip(markers, placeholders), key=lambda pair: -pair[0].start):
        lines[marker.start:marker.end] = ["", marker.indent + placeholder, ""]
    return "\n".join(lines) + ("\n" if text.endswith("\n") else "")
