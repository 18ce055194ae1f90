"""Sphinx extension: the `whatsnew` directive shows a What's New sheet.

    # conf.py
    extensions = ["whatsnew.sphinx"]
    whatsnew_binary = None     # relative to conf.py; else $WHATSNEW_BINARY, the wheel's, or PATH's
    whatsnew_lint = False      # True: also whatsnew lint's findings about each notes file

    .. whatsnew:: ../CHANGELOG.md
       :release: latest
       :since: 1.0.0
       :size: medium
       :audience: admins

The path is found as `.. include::` finds its file: relative to the document's folder, or to
the source folder with a leading `/` (an absolute path that exists is taken as it is).

The sheet is a raw HTML node, which only HTML builders write; the stylesheet is written once
into `_static` and linked from the pages that hold a sheet. The notes and their `.changes/`
fragments are dependencies of the page, so editing them, or adding a fragment, rebuilds it. whatsnew's findings are
Sphinx warnings at the notes' line, and a render that fails is a warning at the directive that
names the notes' line, so `sphinx-build -W` fails on either.
"""

import os

from docutils import nodes
from docutils.parsers.rst import directives
from sphinx.util import logging
from sphinx.util.docutils import SphinxDirective

import whatsnew

logger = logging.getLogger(__name__)

STYLESHEET = "whatsnew.css"


def _warn(message, location, subtype):
    # type/subtype let a project silence them with suppress_warnings = ["whatsnew.diagnostic"].
    logger.warning(message, location=location, type="whatsnew", subtype=subtype)


def _diagnostic_location(diagnostic):
    # A string holding a colon is taken by Sphinx as the location itself.
    if diagnostic.path and diagnostic.line:
        return f"{diagnostic.path}:{diagnostic.line}"
    return diagnostic.path or None


class WhatsNewDirective(SphinxDirective):
    required_arguments = 1
    final_argument_whitespace = True
    option_spec = {name: directives.unchanged_required for name in ("release", "since", "size", "audience")}

    def notes_path(self):
        argument = self.arguments[0].strip()
        _, path = self.env.relfn2path(argument, self.env.docname)
        if argument.startswith("/") and not os.path.exists(path) and os.path.isfile(argument):
            return argument
        return path

    def run(self):
        here = (self.env.docname, self.lineno)
        notes = self.notes_path()
        inputs = whatsnew.notes_inputs(notes)
        for path in inputs:
            self.env.note_dependency(path)
        # Sphinx sees an existing file change, not a fragment added to .changes/: the listing is
        # kept, and a page whose listing differs is read again (outdated_pages).
        _listings(self.env).setdefault(self.env.docname, {})[notes] = [os.path.basename(path) for path in inputs[1:]]
        if not os.path.isfile(notes):
            _warn(f"whatsnew: the notes file {notes} does not exist", here, "notes")
            return []
        if self.config.whatsnew_lint:
            self.lint(notes)
        try:
            html, diagnostics = whatsnew.render(
                notes, self.options.get("release"), self.options.get("since"), self.options.get("size"),
                self.options.get("audience"), binary=self.config.whatsnew_binary)
        except whatsnew.BinaryNotFound as error:
            _warn(f"whatsnew: {error}", here, "binary")
            return []
        except whatsnew.RenderFailed as failure:
            # The error that stopped the render is said once, below, where the sheet was asked for.
            self.report([item for item in failure.diagnostics if item.severity != "error"])
            where = failure.error.location if failure.error else notes
            reason = failure.error.message if failure.error else str(failure)
            _warn(f"whatsnew could not render the sheet: {where}: {reason}", here, "render")
            return []
        self.report(diagnostics)
        sheet = nodes.raw("", html, format="html")
        # Marks the page for the stylesheet link (a class would wrap the sheet in a <div>).
        sheet["whatsnew"] = True
        return [sheet]

    def lint(self, notes):
        """whatsnew lint's findings about the notes, once a build however many pages show them."""
        linted = _linted(self.env.app)
        if notes in linted:
            return
        linted.add(notes)
        try:
            findings = whatsnew.lint(notes, self.config.whatsnew_binary)
        except whatsnew.BinaryNotFound:
            return  # the render says so
        for finding in findings:
            rule = f" [{finding.rule}]" if finding.rule else ""
            _warn(f"whatsnew lint {finding.severity}: {finding.message}{rule}",
                  _diagnostic_location(finding), "lint")

    def report(self, diagnostics):
        asked_by = f"{self.env.doc2path(self.env.docname)}:{self.lineno}"
        for diagnostic in diagnostics:
            rule = f" [{diagnostic.rule}]" if diagnostic.rule else ""
            column = f"column {diagnostic.column}; " if diagnostic.column else ""
            _warn(f"whatsnew {diagnostic.severity}: {diagnostic.message}{rule} ({column}sheet in {asked_by})",
                  _diagnostic_location(diagnostic), "diagnostic")


# -- Fragments added to .changes/ ------------------------------------------------------------------


def _listings(env):
    """docname → {notes → the fragments beside them when the page was read}."""
    if not hasattr(env, "whatsnew_fragments"):
        env.whatsnew_fragments = {}
    return env.whatsnew_fragments


def _linted(app):
    """The notes files linted in this build (in this process, when pages are read in parallel)."""
    if not hasattr(app, "whatsnew_linted"):
        app.whatsnew_linted = set()
    return app.whatsnew_linted


def purge_page(app, env, docname):
    _listings(env).pop(docname, None)


def merge_listings(app, env, docnames, other):
    # Parallel reading: each process read some pages; their listings come back here.
    for docname in docnames:
        if docname in _listings(other):
            _listings(env)[docname] = _listings(other)[docname]


def outdated_pages(app, env, added, changed, removed):
    return [docname for docname, notes in _listings(env).items()
            if any(whatsnew.fragments(path) != names for path, names in notes.items())]


def resolve_binary(app, config):
    """A relative `whatsnew_binary` is relative to conf.py's folder, wherever sphinx-build runs."""
    if config.whatsnew_binary and not os.path.isabs(config.whatsnew_binary):
        config.whatsnew_binary = os.path.join(str(app.confdir), config.whatsnew_binary)


def write_stylesheet(app):
    """`whatsnew css` into _static before pages are written, so their links carry its checksum."""
    if app.builder.format != "html":
        return
    static = os.path.join(str(app.outdir), "_static")
    os.makedirs(static, exist_ok=True)
    try:
        whatsnew.stylesheet(app.config.whatsnew_binary, output=os.path.join(static, STYLESHEET))
    except whatsnew.BinaryNotFound:
        # Without the binary every directive warns; a project that has none needs no stylesheet.
        pass


def link_stylesheet(app, pagename, templatename, context, doctree):
    """Called per page: only a page with a sheet links the stylesheet, once."""
    if doctree is None:
        return
    # findall is docutils 0.18's name for traverse.
    raws = doctree.findall(nodes.raw) if hasattr(doctree, "findall") else doctree.traverse(nodes.raw)
    if any(node.get("whatsnew") for node in raws):
        app.add_css_file(STYLESHEET)


def setup(app):
    app.add_config_value("whatsnew_binary", None, "env")
    app.add_config_value("whatsnew_lint", False, "env")
    app.add_directive("whatsnew", WhatsNewDirective)
    app.connect("config-inited", resolve_binary)
    app.connect("env-purge-doc", purge_page)
    app.connect("env-merge-info", merge_listings)
    app.connect("env-get-outdated", outdated_pages)
    app.connect("builder-inited", write_stylesheet)
    app.connect("html-page-context", link_stylesheet)
    return {"version": whatsnew.__version__, "parallel_read_safe": True, "parallel_write_safe": True}
