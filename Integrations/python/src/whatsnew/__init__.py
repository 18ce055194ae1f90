"""Run whatsnew from Python: find the binary, render a sheet, read what it reported.

    html, diagnostics = whatsnew.render("CHANGELOG.md", release="latest")

The wheel for a platform carries the binary (pip puts it in the environment's bin/ folder); the
pure wheel runs the `whatsnew` found on PATH. The MkDocs plugin (whatsnew.mkdocs) and the Sphinx
extension (whatsnew.sphinx) are built on these functions.
"""

import os
import re
import shutil
import subprocess
import sys
import sysconfig
from typing import NamedTuple, Optional

__all__ = ["BinaryNotFound", "Diagnostic", "RenderFailed", "find_binary", "fragments", "fragments_folder",
           "lint", "notes_inputs", "parse_diagnostics", "render", "stylesheet"]

try:
    from importlib.metadata import PackageNotFoundError, version as _version
    __version__ = _version("whatsnew-cli")
except PackageNotFoundError:  # run from a source tree
    __version__ = "0.0.0.dev0"

EXECUTABLE = "whatsnew.exe" if os.name == "nt" else "whatsnew"

# A render takes milliseconds; a minute means the binary hangs, and a docs build should say so.
TIMEOUT = 60


class BinaryNotFound(RuntimeError):
    """No whatsnew binary where one is looked for."""


class Diagnostic(NamedTuple):
    """One line whatsnew wrote to standard error: `path:line:column: severity: message [rule]`.

    `line` and `column` are None for a finding about the whole file; `path` is absolute when the
    render was given a folder to resolve it against.
    """

    path: Optional[str]
    line: Optional[int]
    column: Optional[int]
    severity: str
    message: str
    rule: Optional[str] = None

    @property
    def location(self):
        """`path:line:column`, as far as known."""
        parts = [self.path or "whatsnew"] + [str(part) for part in (self.line, self.column) if part is not None]
        return ":".join(parts)

    def __str__(self):
        rule = f" [{self.rule}]" if self.rule else ""
        return f"{self.location}: {self.severity}: {self.message}{rule}"


class RenderFailed(RuntimeError):
    """whatsnew exited non-zero: the notes could not be shown. `diagnostics` says why."""

    def __init__(self, notes, status, diagnostics):
        self.notes = notes
        self.status = status
        self.diagnostics = diagnostics
        errors = [item for item in diagnostics if item.severity == "error"] or diagnostics
        # The first error, the one that stopped the render (None if whatsnew said nothing).
        self.error = errors[0] if errors else None
        super().__init__(str(self.error) if self.error else f"whatsnew exited with status {status}")


def find_binary(override=None):
    """The whatsnew to run: `override`, else $WHATSNEW_BINARY, else the one this environment's
    wheel installed beside its Python scripts, else the first `whatsnew` on PATH."""
    for explicit in (override, os.environ.get("WHATSNEW_BINARY")):
        if explicit:
            path = os.path.abspath(os.path.expanduser(explicit))
            if not os.access(path, os.X_OK) or os.path.isdir(path):
                raise BinaryNotFound(f"the whatsnew binary {path} does not exist or cannot be run")
            return path
    installed = os.path.join(sysconfig.get_path("scripts"), EXECUTABLE)
    if os.access(installed, os.X_OK):
        return installed
    found = shutil.which("whatsnew")
    if found:
        return found
    raise BinaryNotFound(
        "no whatsnew binary: install a wheel built with the binary, put `whatsnew` on PATH, "
        "or set WHATSNEW_BINARY to its path")


# `path:line:column: severity: message [rule]`; line and column may be missing. The path is
# taken as short as possible, so a path holding a colon still parses when line and column follow.
DIAGNOSTIC = re.compile(
    r"^(?P<path>.+?)(?::(?P<line>\d+)(?::(?P<column>\d+))?)?: (?P<severity>error|warning|note): "
    r"(?P<message>.*?)(?: \[(?P<rule>[a-z0-9-]+)\])?$")


def parse_diagnostics(stderr, base=None):
    """The findings in whatsnew's standard error. A line that is not a finding continues the
    one before it; relative paths are resolved against `base` when given."""
    found = []
    for line in stderr.splitlines():
        match = DIAGNOSTIC.match(line)
        if match:
            path = match.group("path")
            if base and not os.path.isabs(path):
                path = os.path.normpath(os.path.join(base, path))
            found.append(Diagnostic(path, _number(match.group("line")), _number(match.group("column")),
                                    match.group("severity"), match.group("message"), match.group("rule")))
        elif line.strip() and found:
            found[-1] = found[-1]._replace(message=found[-1].message + "\n" + line)
        elif line.strip():
            found.append(Diagnostic(None, None, None, "warning", line))
    return found


def _number(text):
    return int(text) if text is not None else None


def render_arguments(release=None, since=None, size=None, audience=None, style="none"):
    """The command line for an HTML fragment with these choices."""
    arguments = ["--format", "html"]
    for option, value in (("--release", release), ("--since", since), ("--size", size),
                          ("--audience", audience), ("--style", style)):
        if value:
            # One word: a value a page gives (`--output=x`) can never be read as an option.
            arguments.append(f"{option}={value}")
    return arguments


def render(notes, release=None, since=None, size=None, audience=None, style="none", binary=None, extra=()):
    """The HTML fragment for `notes` and the warnings whatsnew gave; raises RenderFailed when it
    exits non-zero. `style="none"` leaves the stylesheet out: link `stylesheet()` once instead.
    """
    arguments = [_beside(notes)] + render_arguments(release, since, size, audience, style) + list(extra)
    result, folder = _run_beside(notes, binary, arguments)
    diagnostics = parse_diagnostics(result.stderr, folder)
    if result.returncode != 0:
        raise RenderFailed(os.path.abspath(notes), result.returncode, diagnostics)
    return result.stdout, diagnostics


def _beside(notes):
    """The notes as whatsnew is given them in their folder: `./NAME`, so a file a pull request
    names `--output=x` is a path, never an option."""
    return os.path.join(".", os.path.basename(notes))


def _run_beside(notes, binary, arguments):
    """whatsnew with `arguments`, run in the notes' folder so it finds the project's
    .whatsnew.yml as it would there; the result and that folder."""
    folder = os.path.dirname(os.path.abspath(notes))
    result = subprocess.run([find_binary(binary)] + arguments, cwd=folder, capture_output=True, text=True,
                            timeout=TIMEOUT, env=_plain_environment())
    return result, folder


def lint(notes, binary=None):
    """`whatsnew lint`'s findings for `notes` (duplicate versions, content no release holds, raw
    HTML no output shows, …): what a sheet may silently show differently from the file."""
    result, folder = _run_beside(notes, binary, ["lint", _beside(notes)])
    # Findings are on standard output; standard error adds a count, or a problem with the run.
    findings = [item for item in parse_diagnostics(result.stdout, folder) if item.path is not None]
    if result.returncode not in (0, 1) or (result.returncode == 1 and not findings):
        findings += parse_diagnostics(result.stderr, folder)
    return findings


def stylesheet(binary=None, output=None):
    """The sheet's stylesheet (`whatsnew css`); written to `output` when given."""
    command = [find_binary(binary), "css"] + (["--output", output] if output else [])
    result = subprocess.run(command, capture_output=True, text=True, timeout=TIMEOUT)
    if result.returncode != 0:
        raise RuntimeError(f"whatsnew css failed: {result.stderr.strip()}")
    return result.stdout


def fragments_folder(notes):
    """The `.changes/` folder beside the notes, where unreleased changes are written one a file."""
    return os.path.join(os.path.dirname(os.path.abspath(notes)), ".changes")


def fragments(notes):
    """The names of the fragments in the notes' `.changes/` folder, sorted (none without it)."""
    folder = fragments_folder(notes)
    return sorted(name for name in os.listdir(folder) if name.endswith(".md")) if os.path.isdir(folder) else []


def notes_inputs(notes):
    """The files a sheet of `notes` is made from: the notes and their fragments. A docs build
    that depends on these rebuilds when one of them changes."""
    folder = fragments_folder(notes)
    return [os.path.abspath(notes)] + [os.path.join(folder, name) for name in fragments(notes)]


def _plain_environment():
    # Diagnostics are parsed, so they must not be coloured for a terminal the docs build has.
    environment = dict(os.environ, NO_COLOR="1")
    environment.pop("FORCE_COLOR", None)
    return environment


def main(arguments=None):
    """`python -m whatsnew ARGS`: the binary itself, with these arguments."""
    arguments = sys.argv[1:] if arguments is None else arguments
    try:
        binary = find_binary()
    except BinaryNotFound as error:
        print(f"whatsnew: {error}", file=sys.stderr)
        return 2
    if os.name == "nt":
        return subprocess.call([binary] + list(arguments))
    os.execv(binary, [binary] + list(arguments))
