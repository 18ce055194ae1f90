"""Checks of the parts that need no docs site: the marker scanner, the diagnostics parser, and
the build hook's version and platform tag.

    cd Integrations/python && PYTHONPATH=src python3 -m unittest discover tests

The build hook's checks are skipped where hatchling is not installed.
"""

import os
import shutil
import struct
import sys
import tempfile
import unittest

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "src"))
sys.path.insert(0, os.path.join(os.path.dirname(__file__), ".."))

import whatsnew  # noqa: E402
from whatsnew import parse_diagnostics  # noqa: E402
from whatsnew.markers import find_markers, replace_markers  # noqa: E402

try:
    import hatch_build
except ImportError:
    hatch_build = None


class Markers(unittest.TestCase):
    def test_block_and_comment(self):
        text = "# T\n```whatsnew\nnotes: ../CHANGELOG.md\nrelease: latest\n```\n\n<!-- whatsnew release=all -->\n"
        first, second = find_markers(text)
        self.assertEqual((first.line, first.options), (2, {"notes": "../CHANGELOG.md", "release": "latest"}))
        self.assertEqual((second.line, second.options), (7, {"release": "all"}))
        self.assertEqual(replace_markers(text, [first, second], ["A", "B"]), "# T\n\nA\n\n\n\nB\n\n")

    def test_a_quoted_block_is_code(self):
        text = "````markdown\n```whatsnew\n```\n<!-- whatsnew -->\n````\n"
        self.assertEqual(find_markers(text), [])

    def test_fence_rules(self):
        # A closing fence must be as long and of the same character; four spaces make code.
        self.assertEqual(len(find_markers("~~~~whatsnew\n~~~\n```\n~~~~\n<!-- whatsnew -->\n")), 2)
        self.assertEqual(find_markers("    ```whatsnew\n    ```\n"), [])
        # An unclosed fence runs to the end of the page.
        self.assertEqual(find_markers("```\n<!-- whatsnew -->\n"), [])
        self.assertEqual(find_markers("```whatsnew\nsize: small\n")[0].options, {"size": "small"})

    def test_problems(self):
        marker, = find_markers("```whatsnew\ncolour: red\nrelease:\n```\n")
        self.assertEqual([line for line, _ in marker.problems], [2, 3])
        self.assertEqual(marker.options, {})


class Diagnostics(unittest.TestCase):
    def test_lines(self):
        found = parse_diagnostics(
            "CHANGELOG.md:3:1: error: front matter is not valid YAML\n"
            "notes.md:11:7: warning: unknown icon `x` [unknown-icon]\n"
            "  a second line\n"
            "d.md: error: no release with any changes listed\n", "/docs")
        self.assertEqual(found[0][:4], ("/docs/CHANGELOG.md", 3, 1, "error"))
        self.assertEqual((found[1].rule, found[1].message), ("unknown-icon", "unknown icon `x`\n  a second line"))
        self.assertEqual((found[2].line, found[2].column, str(found[2])),
                         (None, None, "/docs/d.md: error: no release with any changes listed"))


class HostileValues(unittest.TestCase):
    """A page's values and a pull request's file names reach whatsnew's command line as values."""

    def test_a_value_is_never_an_option(self):
        self.assertEqual(whatsnew.render_arguments(release="--output=/tmp/x", since="-h"),
                         ["--format", "html", "--release=--output=/tmp/x", "--since=-h", "--style=none"])

    def test_a_notes_file_is_never_an_option(self):
        self.assertEqual(whatsnew._beside("/docs/--output=x"), "./--output=x")


@unittest.skipIf(hatch_build is None, "hatchling is not installed")
class BuildHook(unittest.TestCase):
    def test_versions(self):
        for semver, pep440 in [("1.5.0-beta.2", "1.5.0b2"), ("1.5.0-alpha.1", "1.5.0a1"), ("2.0.0-rc.3", "2.0.0rc3"),
                               ("v1.2.3", "1.2.3"), ("1.0.0+build.7", "1.0.0+build.7")]:
            self.assertEqual(hatch_build.pep440(semver), pep440)
        with self.assertRaises(hatch_build.BinaryError):
            hatch_build.pep440("1.0.0-nightly.3")

    def tag(self, data):
        with tempfile.NamedTemporaryFile(delete=False) as file:
            file.write(data + b"\0" * 64)
        self.addCleanup(os.remove, file.name)
        return hatch_build.platform_tag(file.name)

    def test_macos(self):
        arm, intel = 0x0100000C, 0x01000007
        fat = b"\xca\xfe\xba\xbe" + struct.pack(">I", 2) + struct.pack(">5I", arm, 0, 0, 0, 0) \
            + struct.pack(">5I", intel, 0, 0, 0, 0)
        self.assertEqual(self.tag(fat), "macosx_11_0_universal2")
        self.assertEqual(self.tag(b"\xcf\xfa\xed\xfe" + struct.pack("<I", arm)), "macosx_11_0_arm64")
        self.assertEqual(self.tag(b"\xcf\xfa\xed\xfe" + struct.pack("<I", intel)), "macosx_10_15_x86_64")

    @unittest.skipUnless(sys.platform.startswith("linux"), "reads a Linux executable")
    def test_linux(self):
        tag = hatch_build.platform_tag(shutil.which("true"))
        self.assertRegex(tag, r"^manylinux_2_\d+_(x86_64|aarch64)$")


if __name__ == "__main__":
    unittest.main()
