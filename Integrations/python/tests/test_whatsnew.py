"""Checks of the parts that need no docs site: the marker scanner, the diagnostics parser, and
the build hook's version and platform tag.

    cd Integrations/python && PYTHONPATH=src python3 -m unittest discover tests

The build hook's checks are skipped where hatchling is not installed.
"""

import os
import shutil
import struct
import subprocess
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

    @staticmethod
    def thin(cpu, minos=None):
        """A 64-bit Mach-O image with one LC_BUILD_VERSION for macOS `minos` (major, minor)."""
        commands = b""
        if minos:
            commands = struct.pack("<6I", 0x32, 24, 1, minos[0] << 16 | minos[1] << 8, 0, 0)
        return b"\xcf\xfa\xed\xfe" + struct.pack("<7I", cpu, 0, 2, 1 if minos else 0, len(commands), 0, 0) + commands

    @staticmethod
    def fat(*images):
        """A universal binary holding `images`, as lipo lays it out (each slice 4 KB-aligned)."""
        header, body, offset = b"\xca\xfe\xba\xbe" + struct.pack(">I", len(images)), b"", 4096
        for image in images:
            cpu = struct.unpack_from("<I", image, 4)[0]
            header += struct.pack(">5I", cpu, 0, offset, len(image), 12)
            padded = image + b"\0" * (-len(image) % 4096)
            body += padded
            offset += len(padded)
        return header + b"\0" * (4096 - len(header)) + body

    def test_macos(self):
        arm, intel = 0x0100000C, 0x01000007
        # The tag follows the oldest macOS the binary says it runs on, not a fixed 11.0.
        self.assertEqual(self.tag(self.fat(self.thin(arm, (14, 0)), self.thin(intel, (14, 0)))), "macosx_14_0_universal2")
        self.assertEqual(self.tag(self.fat(self.thin(arm, (13, 0)), self.thin(intel, (14, 0)))), "macosx_14_0_universal2")
        # pip knows only major versions from 11 on: a binary needing 14.2 is for 15 and later.
        self.assertEqual(self.tag(self.thin(arm, (14, 2))), "macosx_15_0_arm64")
        # Saying nothing, each architecture's oldest macOS.
        self.assertEqual(self.tag(self.fat(self.thin(arm), self.thin(intel))), "macosx_11_0_universal2")
        self.assertEqual(self.tag(self.thin(intel)), "macosx_10_15_x86_64")
        self.assertEqual(self.tag(self.thin(intel, (10, 13))), "macosx_10_15_x86_64")

    @unittest.skipUnless(shutil.which("clang"), "clang makes the Mach-O objects")
    def test_macos_objects_clang_made(self):
        # Real load commands, as Apple's toolchain writes them: LC_BUILD_VERSION for a modern
        # target, LC_VERSION_MIN_MACOSX for an old one.
        work = tempfile.mkdtemp()
        self.addCleanup(shutil.rmtree, work)
        source = os.path.join(work, "f.c")
        with open(source, "w") as file:
            file.write("int f(void) { return 1; }\n")
        images = {}
        for target in ("arm64-apple-macos14.0", "x86_64-apple-macos13.3", "x86_64-apple-macos10.13"):
            out = os.path.join(work, target + ".o")
            subprocess.run(["clang", "-target", target, "-c", source, "-o", out], check=True)
            with open(out, "rb") as file:
                images[target] = file.read()
        self.assertEqual(hatch_build.minimum_macos(images["arm64-apple-macos14.0"]), (14, 0))
        self.assertEqual(hatch_build.minimum_macos(images["x86_64-apple-macos13.3"]), (13, 3))
        self.assertEqual(hatch_build.minimum_macos(images["x86_64-apple-macos10.13"]), (10, 13))
        universal = self.fat(images["arm64-apple-macos14.0"], images["x86_64-apple-macos13.3"])
        self.assertEqual(hatch_build.macos_requirement(universal), (["arm64", "x86_64"], (14, 0)))
        self.assertEqual(self.tag(universal), "macosx_14_0_universal2")

    @unittest.skipUnless(sys.platform.startswith("linux"), "reads a Linux executable")
    def test_linux(self):
        tag = hatch_build.platform_tag(shutil.which("true"))
        self.assertRegex(tag, r"^manylinux_2_\d+_(x86_64|aarch64)$")


if __name__ == "__main__":
    unittest.main()
