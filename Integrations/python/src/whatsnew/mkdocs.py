"""MkDocs plugin: a What's New sheet where a page asks for one.

    # mkdocs.yml
    plugins:
      - search
      - whatsnew:
          notes: CHANGELOG.md       # the default notes, relative to mkdocs.yml
          binary: /path/whatsnew    # else $WHATSNEW_BINARY, the wheel's, or PATH's
          lint: true                # also whatsnew lint's findings about each notes file

A page asks with a fenced block (info string `whatsnew`, `key: value` lines: notes, release,
since, size, audience) or with `<!-- whatsnew notes=... release=... -->` on a line of its own
(see whatsnew.markers). Each request becomes a placeholder paragraph before Markdown runs and the
rendered sheet replaces it afterwards, so Python-Markdown and its extensions never see the
sheet's HTML. The stylesheet is written once into the site and linked once from each page that
shows a sheet.

whatsnew's warnings are logged as MkDocs warnings naming the notes' line and the page, and a
render that fails is an error that leaves the page without that sheet, so `mkdocs build
--strict` stops on either.
"""

import logging
import os
import uuid

from mkdocs.config import base, config_options
from mkdocs.exceptions import PluginError
from mkdocs.plugins import BasePlugin
from mkdocs.utils import get_relative_url

import whatsnew
from whatsnew.markers import find_markers, replace_markers

log = logging.getLogger("mkdocs.plugins.whatsnew")

STYLESHEET = "assets/whatsnew/whatsnew.css"


class WhatsNewConfig(base.Config):
    notes = config_options.Type(str, default="CHANGELOG.md")
    binary = config_options.Optional(config_options.Type(str))
    # Also report `whatsnew lint`'s findings about each notes file, once a build.
    lint = config_options.Type(bool, default=False)


class WhatsNewPlugin(BasePlugin[WhatsNewConfig]):
    def on_config(self, config):
        # Paths in pages and in this config are relative to the folder of mkdocs.yml.
        self.root = os.path.dirname(os.path.abspath(config.config_file_path or "mkdocs.yml"))
        self.binary = None
        self.token = uuid.uuid4().hex
        self.sheets = {}        # page src_uri → {placeholder: sheet HTML, "" when it failed}
        self.styled = set()     # pages that show at least one sheet
        self.watched = {self._path(self.config.notes)}
        self.linted = set()
        return config

    # -- Rendering ------------------------------------------------------------------------------

    def _path(self, notes):
        return os.path.normpath(os.path.join(self.root, os.path.expanduser(notes)))

    def _shown(self, path):
        """A path as the build's messages show it: relative to mkdocs.yml when inside its folder."""
        relative = os.path.relpath(path, self.root)
        return path if relative.startswith("..") else relative

    def _binary(self):
        if self.binary is None:
            override = self.config.binary and self._path(self.config.binary)
            try:
                self.binary = whatsnew.find_binary(override)
            except whatsnew.BinaryNotFound as error:
                raise PluginError(f"whatsnew: {error}") from None
        return self.binary

    def _render(self, options, asked_by):
        """The sheet's HTML, or "" after logging why there is none."""
        notes = self._path(options.get("notes") or self.config.notes)
        self.watched.add(notes)
        if not os.path.isfile(notes):
            log.error("%s: the notes file %s does not exist", asked_by, self._shown(notes))
            return ""
        if self.config.lint and notes not in self.linted:
            self.linted.add(notes)
            for finding in whatsnew.lint(notes, self._binary()):
                report = log.error if finding.severity == "error" else log.warning
                rule = f" [{finding.rule}]" if finding.rule else ""
                report("%s: %s%s (whatsnew lint)", self._where(finding), finding.message, rule)
        try:
            html, diagnostics = whatsnew.render(
                notes, options.get("release"), options.get("since"), options.get("size"),
                options.get("audience"), binary=self._binary())
        except whatsnew.RenderFailed as failure:
            self._report(failure.diagnostics, asked_by)
            where = self._where(failure.error) if failure.error else self._shown(notes)
            log.error("%s: whatsnew could not render the sheet asked for by %s: %s",
                      where, asked_by, failure.error.message if failure.error else failure)
            return ""
        self._report(diagnostics, asked_by)
        return html

    def _where(self, diagnostic):
        path = self._shown(diagnostic.path) if diagnostic.path else "whatsnew"
        return ":".join([path] + [str(part) for part in (diagnostic.line, diagnostic.column) if part])

    def _report(self, diagnostics, asked_by):
        for diagnostic in diagnostics:
            # Errors are said once, with the failure, by _render.
            if diagnostic.severity != "error":
                rule = f" [{diagnostic.rule}]" if diagnostic.rule else ""
                log.warning("%s: %s%s (sheet on %s)", self._where(diagnostic), diagnostic.message, rule, asked_by)

    # -- Events ---------------------------------------------------------------------------------

    def on_page_markdown(self, markdown, page, config, files):
        markers = find_markers(markdown)
        if not markers:
            return markdown
        source = page.file.src_uri
        placeholders = [f"whatsnew-sheet-{self.token}-{index}" for index in range(len(markers))]
        sheets = self.sheets.setdefault(source, {})
        shown = self._shown(page.file.abs_src_path or source)
        for marker, placeholder in zip(markers, placeholders):
            asked_by = f"{shown}:{marker.line}"
            for line, problem in marker.problems:
                log.warning("%s:%d: %s", shown, line, problem)
            sheets[placeholder] = self._render(marker.options, asked_by)
        return replace_markers(markdown, markers, placeholders)

    def on_page_content(self, html, page, config, files):
        for placeholder, sheet in self.sheets.pop(page.file.src_uri, {}).items():
            # Alone on its lines, the placeholder became a paragraph of its own.
            paragraph = f"<p>{placeholder}</p>"
            if paragraph in html:
                html = html.replace(paragraph, sheet)
            elif placeholder in html:
                html = html.replace(placeholder, sheet)
            else:
                log.warning("%s: a whatsnew sheet's place was lost in the page's Markdown", page.file.src_uri)
                continue
            if sheet:
                self.styled.add(page.file.src_uri)
        return html

    def on_post_page(self, output, page, config):
        if page.file.src_uri not in self.styled:
            return output
        href = get_relative_url(STYLESHEET, page.url)
        if f'href="{href}"' in output:
            return output
        link = f'<link rel="stylesheet" href="{href}">\n'
        head = output.lower().find("</head>")
        if head < 0:
            return link + output
        return output[:head] + link + output[head:]

    def on_post_build(self, config):
        if not self.styled:
            return
        target = os.path.join(config.site_dir, *STYLESHEET.split("/"))
        os.makedirs(os.path.dirname(target), exist_ok=True)
        try:
            whatsnew.stylesheet(self._binary(), output=target)
        except RuntimeError as error:
            raise PluginError(str(error)) from None

    def on_serve(self, server, config, builder):
        # A release note edited, or a fragment added to .changes/, changes the sheets: rebuild.
        for notes in sorted(self.watched):
            for path in (notes, whatsnew.fragments_folder(notes)):
                if os.path.exists(path):
                    server.watch(path)
        return server
