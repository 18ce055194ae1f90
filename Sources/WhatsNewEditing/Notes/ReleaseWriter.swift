import WhatsNewModel
import WhatsNewReading

/// Writes fragments into a notes file in the file's own dialect: as the unreleased changes, for
/// a preview, or as a new release.
///
/// Both go through the same composition, so the release reads back as exactly the sheet the
/// preview showed; ``release(_:fragments:version:date:allowsOlder:allowsEmpty:)`` checks that it
/// does before it returns.
public struct ReleaseWriter: Sendable {
    /// Reads the notes, with the project's icons and kinds.
    public var reader: DocumentReader
    /// The kinds fragments may name, with the project's own.
    public var kinds: ChangeKinds
    /// Where bare issue and pull request numbers link to.
    public var repository: RepositoryAddress?

    /// A writer with the given reader, kinds and repository.
    public init(
        reader: DocumentReader = DocumentReader(), kinds: ChangeKinds = .builtIn, repository: RepositoryAddress? = nil
    ) {
        self.reader = reader
        self.kinds = kinds
        self.repository = repository
    }

    /// A new release, written.
    public struct Edit: Sendable {
        /// The whole notes file with the release in it.
        public var notes: [UInt8]
        /// The release alone, heading first, as Markdown.
        public var release: String
        /// What the notes' format could not keep of the fragments (`unkept-appearance`), one
        /// warning per fragment.
        public var warnings: [Diagnostic] = []
    }

    /// The notes with the fragments shown in their unreleased release (one is added where the
    /// newest release goes when there is none); the notes as they are when there are no fragments.
    ///
    /// Throws for a fragment the notes would not read back as written: a featured row whose
    /// title, as a heading, reads as a release (`Sync 2.0`).
    public func preview(_ notes: SourceFile, fragments: [Fragment]) throws(Diagnostic) -> SourceFile {
        guard !fragments.isEmpty else { return notes }
        return try preview(NotesFile(notes, reader: reader), fragments: fragments).source
    }

    /// The preview of notes already read: the composed file and its reading, read once.
    package func preview(_ file: NotesFile, fragments: [Fragment]) throws(Diagnostic) -> (
        source: SourceFile, reading: DocumentReader.Reading
    ) {
        guard !fragments.isEmpty else { return (file.source, file.reading) }
        let notes = file.source
        let composer = composer(for: file)
        let unreleased = file.unreleasedIndex.flatMap { index in file.outline.span(ofRelease: index).map { (index, $0) }
        }
        let body = composer.body.lines(unreleased: unreleased?.0, fragments: fragments)
        var lines = file.lines
        if let (_, span) = unreleased {
            lines.apply([composer.replaceContent(of: span, with: body, keepingHeading: true)])
        } else {
            lines.apply([composer.insertNewest(composer.dialect.heading.unreleasedLines() + [""] + body)])
        }
        let composed = (try? SourceFile(path: notes.path, bytes: lines.bytes)) ?? notes
        let reading = reader.read(composed)
        let shown = ShownRelease(reading.document.releaseInProgress, fragments: fragments)
        if let problem = fragments.lazy.compactMap({ Self.problem(placing: $0, in: shown, notes: notes.path) }).first {
            throw problem
        }
        return (composed, reading)
    }

    /// Why a fragment is not in the release the preview shows, when it is not.
    private static func problem(placing fragment: Fragment, in shown: ShownRelease, notes: String) -> Diagnostic? {
        if let title = fragment.title {
            // As a heading the title is read like any category's (`Sync:` is `Sync`).
            let written = CategoryHeading(title).title
            guard !shown.shows(title: title), !shown.shows(title: written) else { return nil }
            var reason = "the notes would not show it as a row"
            switch HeadingClassifier.role(of: title) {
            case .release(let heading): reason = "as a heading in \(notes) it reads as release \(heading.version.text)"
            case .unreleased: reason = "as a heading in \(notes) it reads as the unreleased changes"
            case .dateOnly, .period, .series:
                reason = "as a heading in \(notes) it reads as a date or a series of releases"
            case .other: break
            }
            let position = fragment.positions[.title]
            return Diagnostic(
                .fragmentTitle,
                at: SourceLocation(path: fragment.path, line: position?.line ?? 1, column: position?.column ?? 1),
                "the featured row `\(title)` cannot be written: \(reason); give it a title without a version or date")
        }
        let words = ShownRelease.lastWords(of: fragment).joined(separator: " ")
        guard !words.isEmpty, !shown.shows(words: words) else { return nil }
        return Diagnostic(
            .fragmentTitle, at: SourceLocation(path: fragment.path, line: fragment.body.firstLine, column: 1),
            "this note would not read back as part of the next release in \(notes); check its kind's heading in .whatsnew.yml"
        )
    }

    /// The notes with a new release made of their unreleased content and the fragments: placed
    /// where the newest release goes, an `Unreleased` heading kept (emptied), comparison links
    /// moved on. Throws, changing nothing, for a version that exists or is not newer than the
    /// latest (unless `allowsOlder`), and for a release with nothing in it (unless `allowsEmpty`).
    public func release(
        _ notes: SourceFile, fragments: [Fragment], version text: String, date: ReleaseDate, allowsOlder: Bool = false,
        allowsEmpty: Bool = false
    ) throws(Diagnostic) -> Edit {
        try release(
            NotesFile(notes, reader: reader), fragments: fragments, version: text, date: date, allowsOlder: allowsOlder,
            allowsEmpty: allowsEmpty)
    }

    /// The release written into notes already read: the file is not read again, and the check
    /// that it reads back as the preview reads the preview and the result once each.
    package func release(
        _ file: NotesFile, fragments: [Fragment], version text: String, date: ReleaseDate, allowsOlder: Bool = false,
        allowsEmpty: Bool = false, gathering: [Int] = [], keepingGathered: Bool = false, build: String? = nil
    ) throws(Diagnostic) -> Edit {
        let notes = file.source
        let releases = file.document.releases
        let path = notes.path
        guard let version = ReleaseVersion(text), version.text.lowercased() != "unreleased" else {
            throw Diagnostic(
                .releaseOrder, at: SourceLocation(path: path), "`\(text)` is not a version; give one such as 1.4.0")
        }
        let unreleased = file.unreleasedIndex
        // `0.18.0-dev` names a version while it is written; its release is 0.18.0.
        if ReleaseInProgress.isWorkInProgress(version) {
            let line = unreleased.map { releases[$0].line } ?? 1
            throw Diagnostic(
                .releaseOrder, at: SourceLocation(path: path, line: line, column: 1),
                "\(version.text) names a version still being written, never a release; release \(ReleaseInProgress.plannedRelease(of: version).text)"
            )
        }
        if let existing = releases.indices.first(where: { releases[$0].version?.matches(version.text) == true }),
            existing != unreleased
        {
            throw Diagnostic(
                .releaseExists, at: SourceLocation(path: path, line: releases[existing].line, column: 1),
                "release \(releases[existing].version!.text) is already in the notes; give the new release another version"
            )
        }
        let versioned = releases.indices.filter { releases[$0].version != nil && !releases[$0].isUnreleased }
        if !allowsOlder, let latest = ReleaseOrder.latest(of: versioned, in: releases).map({ releases[$0] }),
            version.compare(to: latest.version!) != .newer
        {
            throw Diagnostic(
                .releaseOrder, at: SourceLocation(path: path, line: latest.line, column: 1),
                "\(version.text) is not newer than the latest release, \(latest.version!.text); give a newer version or pass --allow-older"
            )
        }
        if releases.count == 1, releases[0].line == 1, file.outline.span(ofRelease: 0) == nil, releases[0].hasContent {
            throw Diagnostic(
                .releaseLayout, at: SourceLocation(path: path, line: 1, column: 1),
                "the notes have no release headings, so the whole file is one release; add a heading such as `## [1.3.0] - 2024-03-01` above its changes first"
            )
        }
        let composer = composer(for: file)
        let span = unreleased.flatMap { file.outline.span(ofRelease: $0) }
        // A planned version is released as itself, or as a pre-release that leads to it.
        if let unreleased, let planned = releases[unreleased].version, !planned.matches(version.text),
            ReleaseInProgress.plannedRelease(of: planned).compare(to: version) != .same,
            !(version.isPreRelease
                && ReleaseInProgress.plannedRelease(of: planned).numbers == version.numbers)
        {
            throw Diagnostic(
                .releaseLayout, at: SourceLocation(path: path, line: releases[unreleased].line, column: 1),
                "the notes plan \(ReleaseInProgress.plannedRelease(of: planned).text) as the next release; release \(ReleaseInProgress.plannedRelease(of: planned).text), or rename that heading first"
            )
        }
        let body = composer.body.lines(
            unreleased: span == nil ? nil : unreleased, gathering: gathering, fragments: fragments)
        if body.isEmpty && !allowsEmpty {
            throw Diagnostic(
                .releaseEmpty, at: SourceLocation(path: path),
                "there is nothing to release: no fragments and no unreleased changes in the notes; add a note with `whatsnew new` or pass --allow-empty"
            )
        }
        // A release that gathers its pre-releases in follows the release before them.
        let previous = file.versionedNewestFirst.first { !gathering.contains($0) }.flatMap {
            releases[$0].version?.text
        }
        let heading = composer.dialect.heading
        let gap = heading.dateLines == nil ? heading.blankLines : 1
        var headingLines = heading.lines(version: version.text, previous: previous, date: date, build: build)
        // conventional-changelog writes majors and minors a level above patches.
        if let level = composer.dialect.headingLevel(of: version), let first = headingLines.first, first.hasPrefix("#")
        {
            headingLines[0] = String(repeating: "#", count: level) + first.drop { $0 == "#" }
        }
        let release = headingLines + (body.isEmpty ? [] : Array(repeating: "", count: gap) + body)
        var edits = ComparisonLinks(file: file).edits(
            newVersion: version.text, folding: gathering, keepingFolded: keepingGathered)
        // Gathered pre-releases leave the notes unless asked to stay.
        let gatheredSpans = keepingGathered ? [] : gathering.compactMap { file.outline.span(ofRelease: $0) }
        if let span, let unreleased {
            // A planned version's heading becomes the release's; `Unreleased` stays, emptied.
            // `Unreleased` stays, with its template of empty headings and nothing else.
            let keeping = releases[unreleased].version == nil
            let template = keeping ? composer.body.template(unreleased: unreleased) : []
            edits.append(
                composer.replaceContent(
                    of: span, with: template + (template.isEmpty ? [] : [""]) + release, keepingHeading: keeping))
        } else if let newest = gatheredSpans.last, file.versionedNewestFirst.first == newest.index {
            // The release takes the place of its newest pre-release, when that is the newest release.
            edits.append(
                .replace(newest.heading.lowerBound...(newest.content?.upperBound ?? newest.heading.upperBound), release)
            )
        } else if notes.bytes.isEmpty {
            // A new file starts as Keep a Changelog's do.
            edits.append(.insert(before: 1, ["# Changelog", ""] + release))
        } else {
            edits.append(composer.insertNewest(release))
        }
        let replaced =
            span == nil && gatheredSpans.last?.index == file.versionedNewestFirst.first
            ? gatheredSpans.last?.index : nil
        edits += gatheredSpans.filter { $0.index != replaced }.map { composer.removal(of: $0) }
        var lines = file.lines
        lines.apply(edits)
        var edit = Edit(notes: lines.bytes, release: release.joined(separator: "\n") + "\n")
        edit.warnings = try check(edit, of: file, fragments: fragments, version: version, gathering: gathering)
        return edit
    }

    private func composer(for file: NotesFile) -> Composer {
        let dialect = NotesDialect(reading: file, kinds: kinds)
        let markdown = FragmentMarkdown(dialect: dialect, repository: repository, icons: reader.icons)
        return Composer(
            file: file, dialect: dialect,
            body: ReleaseBody(file: file, dialect: dialect, markdown: markdown, kinds: kinds))
    }

    /// The release as written reads back as the preview's unreleased release: same rows, icons,
    /// titles, summaries and items. A difference would be whatsnew's mistake, and nothing is
    /// written rather than something the preview did not show.
    private func check(
        _ edit: Edit, of file: NotesFile, fragments: [Fragment], version: ReleaseVersion, gathering: [Int]
    )
        throws(Diagnostic) -> [Diagnostic]
    {
        let notes = file.source
        let preview = try self.preview(file, fragments: fragments).reading.document
        let written = reader.read((try? SourceFile(path: notes.path, bytes: edit.notes)) ?? notes).document
        let before = preview.releaseInProgress.map(Self.rows) ?? []
        let after = written.releases.first { $0.version?.matches(version.text) == true }.map(Self.rows)
        // Gathered pre-releases: every item and featured row of theirs and of the preview, once.
        let gathered = gathering.flatMap { Self.rows(file.document.releases[$0]) }
        let holdsAll = after.map { Self.contents($0) == Self.contents(gathered + before) } ?? false
        guard let after, gathering.isEmpty ? after == before || (fragments.isEmpty && before.isEmpty) : holdsAll else {
            throw Diagnostic(
                .releaseLayout, at: SourceLocation(path: notes.path),
                "the new release would not read back as the preview shows it, so nothing was written; please report this with the notes and fragments"
            )
        }
        let shown = preview.releaseInProgress
        return fragments.compactMap {
            UnkeptAppearance(fragment: $0, kinds: kinds).warning(in: shown, notes: notes.path)
        }
    }

    /// The items and featured titles of rows, in an order of their own, to compare as sets.
    private static func contents(_ rows: [ShownRow]) -> [String] {
        rows.flatMap { row in row.kind == nil ? [row.title ?? ""] + row.items : row.items }.sorted()
    }

    /// What a reader sees of each row, compared before and after writing.
    private static func rows(_ release: Release) -> [ShownRow] {
        release.sections.map { section in
            ShownRow(
                title: section.title, kind: section.kind, icon: section.appearance.icon?.glyph,
                lead: section.lead.plainText, items: section.items, content: section.content.plainText)
        }
    }

    private struct ShownRow: Equatable {
        var title: String?
        var kind: SectionKind?
        var icon: String?
        var lead: String
        var items: [String]
        var content: String
    }
}

/// One composition: the file, its dialect, and where a new release goes.
private struct Composer {
    let file: NotesFile
    let dialect: NotesDialect
    let body: ReleaseBody

    /// A release's content (its heading too, unless kept) replaced by `new`.
    func replaceContent(of span: NotesOutline.ReleaseSpan, with new: [String], keepingHeading: Bool) -> LineEdit {
        let end = span.content?.upperBound ?? span.heading.upperBound
        guard keepingHeading else { return .replace(span.heading.lowerBound...end, new) }
        let heading = file.text(span.heading)
        return .replace(span.heading.lowerBound...end, heading + (new.isEmpty ? [] : [""] + new))
    }

    /// A release removed with the blank lines after it (a pre-release gathered into its release).
    func removal(of span: NotesOutline.ReleaseSpan) -> LineEdit {
        var end = span.content?.upperBound ?? span.heading.upperBound
        while end < file.lines.count, file.lines.isBlank(end + 1) { end += 1 }
        return .replace(span.heading.lowerBound...end, [])
    }

    /// `release` where the newest release goes: before the newest heading (and the anchors
    /// right above it), after the oldest-first file's last release, or after what the notes say.
    func insertNewest(_ release: [String]) -> LineEdit {
        let releases = file.document.releases
        let spans = releases.indices.compactMap(file.outline.span(ofRelease:))
        if file.runsNewestFirst, let first = spans.first {
            var line = first.heading.lowerBound
            // An anchor right on top of the heading (`<a name="1.4.0"></a>`) belongs to it; a
            // comment or a rule above it (`<!-- towncrier release notes start -->`) does not.
            while let anchor = file.outline.elements.last(where: { $0.lines.upperBound < line }),
                anchor.lines.upperBound == line - 1, case .html(let html)? = anchor.block?.content,
                html.lowercased().hasPrefix("<a ")
            {
                line = anchor.lines.lowerBound
            }
            let before = line > 1 && !file.lines.isBlank(line - 1) ? [""] : []
            return .insert(
                before: line, before + release + Array(repeating: "", count: dialect.blankLinesBetweenReleases))
        }
        let end =
            spans.last.map { $0.content?.upperBound ?? $0.heading.upperBound }
            ?? file.outline.elements.last(where: \.isContent)?.lines.upperBound ?? 0
        let before = end >= 1 && !file.lines.isBlank(end) ? [""] : []
        let after = end < file.lines.count ? [""] : []
        return .insert(before: end + 1, before + release + after)
    }
}
