#!/usr/bin/env python3
"""Builds the Python package (Integrations/python) into a wheel that carries a whatsnew binary,
installs it into a fresh virtual environment, and builds real docs sites with its MkDocs plugin
and Sphinx extension; then measures the sheets in those sites in a browser engine (engines.py).

    plugin_sites.py build WORK_DIR BINARY NOTES BROKEN_NOTES
    plugin_sites.py measure ENGINE WORK_DIR BINARY NOTES BROKEN_NOTES

build: times the wheel's build (pip wheel, WHATSNEW_BINARY=BINARY) and its install; checks that
the environment's `whatsnew --version` is the binary's; builds MkDocs Material (light/dark
palette toggle) and Sphinx Furo sites whose main page asks for two sheets of NOTES (MkDocs: a
`whatsnew` fenced block and a one-line marker, beside a whatsnew block quoted in a code fence,
which must stay code; Sphinx: the directive twice), each timed with and without the plugin; counts
the sheets and stylesheet links of every page (one link on a page with sheets, none elsewhere);
then builds both sites again with BROKEN_NOTES (notes whatsnew cannot render) under `mkdocs build
--strict` and `sphinx-build -W`, which must fail and name the notes' file and line.

measure: build, then opens each page with sheets at 375 and 1280 px, light and dark, and reports
per run the failures found: titles out of line, an icon column wider than its widest icon and
padding, a sheet whose lightness does not follow its host's, the stylesheet not applied, and a
page that scrolls sideways at any width. On MkDocs the palette toggle is then clicked, and the sheet
must follow the page's new scheme too.

The wheel's platform tag comes from the binary (a dynamically linked Swift build is refused:
manylinux systems lack its libraries); WHATSNEW_PLATFORM_TAG in the environment overrides that,
for a local wheel of such a build.

Prints a JSON report; its `failures` (build) and each run's `failures` are empty when all holds.
Exit status 3 when a tool is missing (MkDocs Material, Sphinx, Furo, the engine), so the caller
can tell "cannot check" from "failed".
"""

import json
import os
import pathlib
import re
import shutil
import subprocess
import sys
import time
import zipfile

import docs_sites
import engines

ROOT = pathlib.Path(__file__).resolve().parents[3]
PACKAGE = ROOT / "Integrations" / "python"
HOSTS = docs_sites.HOSTS
NOTES_NAME = "CHANGELOG.md"

# The MkDocs page's two requests, after a whatsnew block quoted as code: a page about the plugin
# shows one, and it must stay code.
MKDOCS_SHEETS = """````markdown
```whatsnew
notes: CHANGELOG.md
```
````

```whatsnew
# The newest release only.
notes: CHANGELOG.md
release: latest
```

<!-- whatsnew notes=CHANGELOG.md release=all -->"""

SPHINX_SHEETS = """.. whatsnew:: ../CHANGELOG.md
   :release: latest

.. whatsnew:: ../CHANGELOG.md
   :release: all"""

# Material's palettes chosen by the system setting, the wrong way round on purpose as in
# docs_sites.py (a sheet that followed the system rather than its page would show), each with
# the toggle a reader clicks to switch.
MKDOCS_CONFIG = """site_name: Lantern
use_directory_urls: false
markdown_extensions: [tables]
theme:
  name: material
  palette:
    - media: '(prefers-color-scheme: light)'
      scheme: slate
      toggle: {icon: material/brightness-4, name: Light}
    - media: '(prefers-color-scheme: dark)'
      scheme: default
      toggle: {icon: material/brightness-7, name: Dark}
"""

ABOUT_MD = "# About\n\nLantern draws maps without a network.\n"
ABOUT_RST = "About\n=====\n\nLantern draws maps without a network.\n"


class Tool(Exception):
    """A tool the check needs is not installed: exit 3."""


def run(arguments, cwd=None, env=None, check=True):
    result = subprocess.run([str(argument) for argument in arguments], cwd=cwd, env=env,
                            capture_output=True, text=True)
    if check and result.returncode != 0:
        raise SystemExit(f"{' '.join(map(str, arguments))} failed:\n{result.stdout}\n{result.stderr}")
    return result


def timed(arguments, cwd=None, env=None, check=True):
    start = time.monotonic()
    result = run(arguments, cwd, env, check)
    return result, round(time.monotonic() - start, 3)


def require_tools():
    for module in ("mkdocs", "material", "sphinx", "furo", "venv"):
        if run([sys.executable, "-c", f"import {module}"], check=False).returncode != 0:
            raise Tool(module)


# -- The wheel and its environment ---------------------------------------------------------------


def build_wheel(work, binary):
    dist = work / "dist"
    environment = dict(os.environ, WHATSNEW_BINARY=str(binary))
    _, seconds = timed([sys.executable, "-m", "pip", "wheel", "--no-deps", PACKAGE, "-w", dist], env=environment)
    wheel = next(dist.glob("whatsnew_cli-*.whl"))
    with zipfile.ZipFile(wheel) as archive:
        names = archive.namelist()
        metadata = next(name for name in names if name.endswith(".dist-info/WHEEL"))
        tags = re.findall(r"^Tag: (.+)$", archive.read(metadata).decode(), re.M)
    shipped = any(name.endswith(".data/scripts/whatsnew") for name in names)
    return {"file": wheel.name, "path": str(wheel), "tags": tags, "seconds": seconds,
            "bytes": wheel.stat().st_size, "binaryInside": shipped}


def install(work, wheel):
    venv = work / "venv"
    # The docs tools already installed here (mkdocs-material, sphinx, furo) come along.
    run([sys.executable, "-m", "venv", "--system-site-packages", venv])
    python = venv / "bin" / "python"
    _, seconds = timed([python, "-m", "pip", "install", "--no-deps", "--no-index", wheel])
    return python, seconds


def versions(python, binary):
    installed = python.parent / "whatsnew"
    return {"binary": run([binary, "--version"]).stdout.strip(),
            "installed": run([installed, "--version"]).stdout.strip() if installed.exists() else None,
            "module": run([python, "-m", "whatsnew", "--version"], check=False).stdout.strip(),
            "installedPath": str(installed)}


# -- The sites ----------------------------------------------------------------------------------


def copy_notes(notes, project):
    shutil.copyfile(notes, project / NOTES_NAME)
    fragments = pathlib.Path(notes).parent / ".changes"
    if fragments.is_dir():
        shutil.copytree(fragments, project / ".changes")


def mkdocs_site(folder, notes, plugin, lint=False):
    """MkDocs Material with the page's sheets (plugin) or the same page without them."""
    (folder / "docs").mkdir(parents=True)
    copy_notes(notes, folder)
    plugins = "plugins:\n  - search\n"
    if plugin:
        plugins += "  - whatsnew:\n      lint: true\n" if lint else "  - whatsnew\n"
    (folder / "mkdocs.yml").write_text(MKDOCS_CONFIG + plugins)
    page = (HOSTS / "page.md").read_text().replace("{{SHEETS}}", MKDOCS_SHEETS if plugin else "")
    (folder / "docs" / "index.md").write_text(page)
    (folder / "docs" / "about.md").write_text(ABOUT_MD)
    return folder


def sphinx_site(folder, notes, plugin, lint=False):
    (folder / "source").mkdir(parents=True)
    copy_notes(notes, folder)
    extensions = '["whatsnew.sphinx"]' if plugin else "[]"
    (folder / "source" / "conf.py").write_text(
        f"project = 'Lantern'\nhtml_theme = 'furo'\nextensions = {extensions}\nwhatsnew_lint = {lint}\n")
    page = (HOSTS / "page.rst").read_text().replace(".. raw:: html\n\n{{SHEETS}}", SPHINX_SHEETS if plugin else "")
    (folder / "source" / "index.rst").write_text(page + "\n.. toctree::\n\n   about\n")
    (folder / "source" / "about.rst").write_text(ABOUT_RST)
    return folder


def build_mkdocs(python, folder, strict=False):
    return timed([python, "-m", "mkdocs", "build", "--site-dir", "site"] + (["--strict"] if strict else []),
                 cwd=folder, check=not strict)


def build_sphinx(python, folder, strict=False):
    # From nothing each time, as MkDocs builds: Sphinx would otherwise reuse what it read before.
    shutil.rmtree(folder / "build", ignore_errors=True)
    return timed([python, "-m", "sphinx", "-b", "html", "source", "build"] + (["-W"] if strict else []),
                 cwd=folder, check=not strict)


HOST_SITES = {
    "mkdocs-material": (mkdocs_site, build_mkdocs, "site"),
    "sphinx-furo": (sphinx_site, build_sphinx, "build"),
}

STYLESHEET_LINK = re.compile(r"<link\b[^>]*\bhref=\"[^\"]*whatsnew\.css[^\"]*\"[^>]*>")


def page_facts(page):
    html = page.read_text()
    return {"sheets": html.count('<section class="whatsnew'), "links": len(STYLESHEET_LINK.findall(html)),
            "inlineStyles": html.count(".whatsnew:not(#_)"), "quotedBlock": "```whatsnew" in html}


def warnings_in(output):
    return [line for line in output.splitlines() if re.search(r"\bWARNING\b|\bERROR\b", line)]


# Each site is built this many times with and without the plugin, in turn, and the fastest build
# of each counts: the first build of a run also pays for filling the disk cache.
ROUNDS = 3


def build_site(name, work, python, notes):
    make, builder, output = HOST_SITES[name]
    folders = {plugin: make(work / f"{name}-{'with' if plugin else 'without'}", notes, plugin)
               for plugin in (False, True)}
    times = {False: [], True: []}
    for _ in range(ROUNDS):
        for plugin, folder in folders.items():
            result, seconds = builder(python, folder)
            times[plugin].append(seconds)
            if plugin:
                with_plugin = result
    folder = folders[True]
    site = {"secondsWithout": min(times[False]), "secondsWith": min(times[True]),
            "rounds": {"without": times[False], "with": times[True]}}
    site["warnings"] = warnings_in(with_plugin.stdout + with_plugin.stderr)
    site["pages"] = {str(page): page_facts(page) for page in
                     (folder / output / "index.html", folder / output / "about.html")}
    site["stylesheet"] = [str(path) for path in (folder / output).rglob("whatsnew.css")]
    return site


def check_site(name, site):
    failures = [f"{name}: {line}" for line in site["warnings"]]
    if len(site["stylesheet"]) != 1:
        failures.append(f"{name}: stylesheet files {site['stylesheet']}")
    for path, facts in site["pages"].items():
        label = f"{name} {pathlib.Path(path).name}"
        main = path.endswith("index.html")
        if facts["sheets"] != (2 if main else 0):
            failures.append(f"{label}: {facts['sheets']} sheets")
        if facts["links"] != (1 if main else 0):
            failures.append(f"{label}: {facts['links']} stylesheet links")
        if facts["inlineStyles"]:
            failures.append(f"{label}: the stylesheet is inline")
        if main and name == "mkdocs-material" and not facts["quotedBlock"]:
            failures.append(f"{label}: the whatsnew block quoted in a code fence was not kept as code")
    return failures


def expected_error(binary, broken):
    """The line whatsnew names when it cannot render the broken notes."""
    folder = pathlib.Path(broken).resolve().parent
    result = run([binary, pathlib.Path(broken).name, "--format", "html"], cwd=folder, check=False)
    match = re.search(r":(\d+)(?::\d+)?: error: (.*)", result.stderr)
    return result.returncode, (int(match.group(1)) if match else None), result.stderr.strip()


def strict_builds(work, python, binary, broken):
    status, line, message = expected_error(binary, broken)
    report = {"notesError": message, "notesStatus": status, "line": line}
    failures = [] if status == 1 and line else [f"the broken notes are not broken: status {status}, {message!r}"]
    for name, (make, builder, _) in HOST_SITES.items():
        folder = make(work / f"{name}-broken", broken, True)
        result, seconds = builder(python, folder, strict=True)
        output = result.stdout + result.stderr
        messages = [text for text in output.splitlines() if "whatsnew" in text]
        names_line = f"{NOTES_NAME}:{line}" in output
        report[name] = {"status": result.returncode, "seconds": seconds, "messages": messages,
                        "namesNotesLine": names_line}
        if result.returncode == 0:
            failures.append(f"{name}: the strict build of broken notes passed")
        if not names_line:
            failures.append(f"{name}: the strict build's output does not name {NOTES_NAME}:{line}:\n{output[-2000:]}")
    return report, failures


# A version written twice: the sheet renders, and only `whatsnew lint` says so.
DUPLICATE = "\n## [0.0.1] - 2020-01-01\n\n### Fixed\n\n- First.\n\n## [0.0.1] - 2020-01-02\n\n### Fixed\n\n- Again.\n"


def lint_builds(work, python, binary, notes):
    """Notes that render but do not pass lint: a strict build passes them, and fails with `lint`."""
    duplicated = work / "duplicated" / NOTES_NAME
    duplicated.parent.mkdir(parents=True)
    duplicated.write_text(pathlib.Path(notes).read_text() + DUPLICATE)
    finding = run([binary, "lint", NOTES_NAME], cwd=duplicated.parent, check=False)
    match = re.search(r":(\d+):\d+: error: .*duplicate-version", finding.stdout)
    line = int(match.group(1)) if match else None
    report, failures = {"line": line}, [] if line else [f"lint found no duplicate: {finding.stdout!r}"]
    for name, (make, builder, _) in HOST_SITES.items():
        for lint in (False, True):
            folder = make(work / f"{name}-lint-{lint}", duplicated, True, lint=lint)
            result, _ = builder(python, folder, strict=True)
            output = result.stdout + result.stderr
            report[f"{name} lint={lint}"] = {"status": result.returncode,
                                             "namesLine": f"{NOTES_NAME}:{line}" in output}
            if lint and (result.returncode == 0 or f"{NOTES_NAME}:{line}" not in output):
                failures.append(f"{name}: with lint on, the strict build did not fail at {NOTES_NAME}:{line}:\n{output[-2000:]}")
            if not lint and result.returncode != 0:
                failures.append(f"{name}: with lint off, notes that render failed the strict build:\n{output[-2000:]}")
    return report, failures


def build(work, binary, notes, broken):
    require_tools()
    if work.exists():
        shutil.rmtree(work)
    work.mkdir(parents=True)
    binary = pathlib.Path(binary).resolve()
    wheel = build_wheel(work, binary)
    python, install_seconds = install(work, wheel["path"])
    found = versions(python, binary)
    failures = []
    if not wheel["binaryInside"]:
        failures.append("the wheel has no whatsnew script")
    if not (found["installed"] == found["binary"] == found["module"]):
        failures.append(f"versions differ: {found}")
    sites = {name: build_site(name, work, python, notes) for name in HOST_SITES}
    for name, site in sites.items():
        failures += check_site(name, site)
    strict, strict_failures = strict_builds(work, python, binary, broken)
    strict["lint"], lint_failures = lint_builds(work, python, binary, notes)
    strict_failures += lint_failures
    return {"wheel": wheel, "install": {"seconds": install_seconds, **found}, "sites": sites,
            "strict": strict, "failures": failures + strict_failures}


# -- Measuring ----------------------------------------------------------------------------------

PAGE = """() => ({
  scrollWidth: document.documentElement.scrollWidth,
  innerWidth: window.innerWidth,
  displays: [...document.querySelectorAll('.whatsnew')].map(sheet => getComputedStyle(sheet).display),
})"""

# Material's palette toggle: the input of the scheme the page does not show now (before
# Material's script has run, none is checked yet).
TOGGLE = """() => {
  const shown = document.body.getAttribute('data-md-color-scheme');
  const input = [...document.querySelectorAll('[data-md-component=palette] input')]
    .find(e => e.dataset.mdColorScheme !== shown);
  if (!input) return null;
  input.click();
  return input.dataset.mdColorScheme;
}"""


def sheet_failures(geometry, label=""):
    failures = []
    for index, sheet in enumerate(geometry):
        name = f"{label}sheet {index}"
        if not sheet["titleLefts"]:
            failures.append(f"{name}: no titles")
        failures += docs_sites.grid_failures(sheet, name)
    return failures


def measure_page(browser, host, path, width, scheme):
    tab = docs_sites.open_page(browser, path.as_uri(), width, scheme)
    geometry = tab.evaluate(docs_sites.GEOMETRY)
    page = tab.evaluate(PAGE)
    failures = sheet_failures(geometry)
    if len(geometry) != 2:
        failures.append(f"{len(geometry)} sheets on the page")
    if any(display != "grid" for display in page["displays"]):
        failures.append(f"the stylesheet is not applied: display {page['displays']}")
    # At any width: a sheet wider than the page (a desktop's too) is never what the reader wants.
    if page["scrollWidth"] > page["innerWidth"]:
        failures.append(f"scrolls sideways: {page['scrollWidth']} px in {page['innerWidth']} px")
    run_report = {"host": host, "width": width, "scheme": scheme,
                  "hostDark": bool(geometry) and docs_sites.is_dark(geometry[0]["hostBackground"]),
                  "sheets": geometry, "page": page}
    if host == "mkdocs-material":
        toggled = tab.evaluate(TOGGLE)
        tab.wait(300)
        after = tab.evaluate(docs_sites.GEOMETRY)
        run_report["toggledTo"] = toggled
        scheme_now = tab.evaluate("() => document.body.getAttribute('data-md-color-scheme')")
        if toggled is None or scheme_now != toggled:
            failures.append(f"the palette toggle did not switch to {toggled}: {scheme_now}")
        elif geometry and after and docs_sites.is_dark(after[0]["hostBackground"]) == run_report["hostDark"]:
            failures.append("the toggle did not change the page's lightness")
        failures += sheet_failures(after, "after the toggle, ")
    tab.close()
    run_report["failures"] = failures
    return run_report


def measure(engine_name, work, binary, notes, broken):
    report = build(work, binary, notes, broken)
    try:
        browser = engines.open_engine(engine_name)
    except engines.Missing as missing:
        raise Tool(engine_name) from missing
    runs = []
    with browser:
        for host, site in report["sites"].items():
            main = next(path for path in site["pages"] if path.endswith("index.html"))
            for width in docs_sites.WIDTHS:
                for scheme in docs_sites.SCHEMES:
                    runs.append(measure_page(browser, host, pathlib.Path(main), width, scheme))
    return {"engine": engine_name, "runs": runs, "build": report}


def main():
    mode = sys.argv[1] if len(sys.argv) > 1 else ""
    try:
        if mode == "build" and len(sys.argv) == 6:
            print(json.dumps(build(pathlib.Path(sys.argv[2]).resolve(), *sys.argv[3:]), indent=1))
        elif mode == "measure" and len(sys.argv) == 7:
            print(json.dumps(measure(sys.argv[2], pathlib.Path(sys.argv[3]).resolve(), *sys.argv[4:]), indent=1))
        else:
            sys.exit(__doc__)
    except Tool as missing:
        print(f"plugin_sites.py: {missing} is missing", file=sys.stderr)
        sys.exit(3)


if __name__ == "__main__":
    main()
