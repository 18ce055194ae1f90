import WhatsNewModel

/// Keep a Changelog's links at the foot of the notes: `[Unreleased]: …/compare/v1.4.0...HEAD`
/// moves on to the new version, and the new release gets its own comparison with the one
/// before it, in the form the newest release's link has.
///
/// cmark has already resolved each heading's link, so the definitions are found by their
/// label and the address cmark gave, not by reading Markdown a second way.
struct ComparisonLinks {
    let file: NotesFile

    /// The definitions to change and the one to add, by the file's lines as they stand. The
    /// releases `folding` (pre-releases gathered into the new release) lose theirs, and the new
    /// release compares with the release before them.
    func edits(newVersion: String, folding: [Int] = [], keepingFolded: Bool = false) -> [LineEdit] {
        var edits: [LineEdit] = []
        let releases = file.document.releases
        var newest = file.versionedNewestFirst
        if !folding.isEmpty {
            // `[Unreleased]: …/compare/v1.5.0-beta.2...HEAD` moves on to the new version (from the
            // last release, where the pre-releases had no links of their own).
            let candidates = [newest.first, newest.first { !folding.contains($0) }].compactMap { $0 }
                .compactMap { releases[$0].version?.text }
            if let unreleased = file.unreleasedIndex.flatMap({ releases[$0].version == nil ? $0 : nil }),
                let definition = definition(ofRelease: unreleased),
                let version = candidates.first(where: { VersionText.contains($0, in: definition.address) })
            {
                edits.append(
                    .replace(
                        definition.line...definition.line,
                        [definition.lead + VersionText.replacing(version, with: newVersion, in: definition.address)]))
            }
            if !keepingFolded {
                edits += folding.compactMap(definition(ofRelease:)).map { .replace($0.line...$0.line, []) }
            }
            // Kept pre-releases keep their links; the new one goes above the newest of them.
            let kept = keepingFolded ? folding.compactMap(definition(ofRelease:)).map(\.line).min() : nil
            newest.removeAll(where: folding.contains)
            return edits + newDefinition(newVersion, newest: newest, sinceLatest: nil, above: kept)
        }
        guard let latest = newest.first, let version = releases[latest].version?.text else { return edits }
        let unreleased = file.unreleasedIndex.flatMap { releases[$0].version == nil ? $0 : nil }
        let unreleasedDefinition = unreleased.flatMap(definition(ofRelease:))
        if let unreleasedDefinition, VersionText.contains(version, in: unreleasedDefinition.address) {
            edits.append(
                .replace(
                    unreleasedDefinition.line...unreleasedDefinition.line,
                    [
                        unreleasedDefinition.lead
                            + VersionText.replacing(version, with: newVersion, in: unreleasedDefinition.address)
                    ]
                ))
        }
        // `…/compare/v1.3.0...HEAD`: the new release compares the same two points.
        let sinceLatest = unreleasedDefinition.flatMap { definition -> String? in
            guard definition.address.hasSuffix("...HEAD"), let found = definition.address.lastRange(of: version) else {
                return nil
            }
            let prefix = definition.address[..<found.lowerBound].reversed().prefix { $0.isLetter }
            return definition.address.dropLast(4) + String(prefix.reversed()) + newVersion
        }
        if definition(ofRelease: latest) != nil {
            return edits + newDefinition(newVersion, newest: newest, sinceLatest: sinceLatest)
        } else if let unreleasedDefinition, let sinceLatest {
            // `…/compare/v1.4.0...HEAD` alone.
            edits.append(.insert(before: unreleasedDefinition.line + 1, ["[\(newVersion)]: \(sinceLatest)"]))
        }
        return edits
    }

    /// The new release's definition, in the form of the latest release's (`newest`, newest first).
    private func newDefinition(_ newVersion: String, newest: [Int], sinceLatest: String?, above kept: Int? = nil)
        -> [LineEdit]
    {
        var edits: [LineEdit] = []
        let releases = file.document.releases
        guard let latest = newest.first, let version = releases[latest].version?.text else { return edits }
        let previous = newest.dropFirst().first.flatMap { releases[$0].version?.text }
        if let latestDefinition = definition(ofRelease: latest) {
            // With one release before, its own link names the version before it, which the
            // new link must not repeat: the Unreleased link has the right base.
            if previous == nil, latestDefinition.address.contains("..."), let sinceLatest {
                let lead = VersionText.replacing(version, with: newVersion, in: latestDefinition.lead)
                edits.append(.insert(before: latestDefinition.line, [lead + sinceLatest]))
                return edits
            }
            // `…/compare/v1.3.0...v1.4.0` with nothing older in the notes: the base is the latest.
            if previous == nil, let dots = latestDefinition.address.lastRange(of: "..."),
                let slash = latestDefinition.address[..<dots.lowerBound].lastIndex(of: "/")
            {
                let head = latestDefinition.address[latestDefinition.address.startIndex...slash]
                let point = String(latestDefinition.address[dots.upperBound...])
                let address = head + point + "..." + VersionText.replacing(version, with: newVersion, in: point)
                let lead = VersionText.replacing(version, with: newVersion, in: latestDefinition.lead)
                edits.append(.insert(before: min(kept ?? .max, latestDefinition.line), [lead + address]))
                return edits
            }
            var template = VersionText.replacing(
                version, with: ReleaseHeadingTemplate.version, in: latestDefinition.address)
            // The base is the release before: the one just older, or an older one the link names
            // (`v14.0.3` past a pre-release without a link of its own).
            let older = newest.dropFirst().compactMap { releases[$0].version?.text }
            if let base = (previous.map { [$0] } ?? []).first(where: { VersionText.contains($0, in: template) })
                ?? older.first(where: { VersionText.contains($0, in: template) })
            {
                template = VersionText.replacing(base, with: ReleaseHeadingTemplate.previous, in: template)
            }
            var address = template.replacing(ReleaseHeadingTemplate.version, with: newVersion)
                .replacing(ReleaseHeadingTemplate.previous, with: version)
            // A link written the wrong way round (`compare/v15.0.0...v14.0.3`) is not copied so.
            if let dots = address.lastRange(of: "..."), let slash = address[..<dots.lowerBound].lastIndex(of: "/") {
                let base = address[address.index(after: slash)..<dots.lowerBound]
                let head = address[dots.upperBound...]
                if VersionText.contains(newVersion, in: String(base)), VersionText.contains(version, in: String(head)) {
                    address = String(address[...slash]) + head + "..." + base
                }
            }
            let lead = VersionText.replacing(version, with: newVersion, in: latestDefinition.lead)
            // Newest first, as most files keep them, or after the latest where they run oldest first.
            let previousLine = newest.dropFirst().first.flatMap(definition(ofRelease:))?.line
            let ascending = previousLine.map { $0 < latestDefinition.line } ?? false
            let line = ascending ? latestDefinition.line + 1 : min(kept ?? .max, latestDefinition.line)
            edits.append(.insert(before: line, [lead + address]))
        }
        return edits
    }

    /// A link reference definition: its line, `[label]: ` as written, and the address.
    struct Definition {
        var line: Int
        var lead: String
        var address: String
    }

    /// The definition the release's heading links through (`## [1.4.0] - …` over
    /// `[1.4.0]: https://…`), when it has one.
    private func definition(ofRelease index: Int) -> Definition? {
        let release = file.document.releases[index]
        guard let link = release.link, let span = file.outline.span(ofRelease: index),
            let label = Self.referenceLabel(in: file.lines[span.heading.lowerBound], version: release.version?.text)
        else { return nil }
        let wanted = Self.normalizedLabel(label)
        for line in stride(from: file.lines.count, through: 1, by: -1) {
            let text = file.lines[line]
            let indent = text.prefix { $0 == " " }
            guard indent.count <= 3, text.dropFirst(indent.count).first == "[",
                let close = text.firstRange(of: "]:"),
                Self.normalizedLabel(String(text[text.index(after: indent.endIndex)..<close.lowerBound])) == wanted
            else { continue }
            var address = text[close.upperBound...].trimmedWhitespace()
            if let space = address.firstIndex(of: " ") { address = String(address[..<space]) }  // a title follows
            if address.hasPrefix("<"), address.hasSuffix(">") { address = String(address.dropFirst().dropLast()) }
            guard address == link else { continue }
            let lead = String(text[..<close.upperBound]) + " "
            return Definition(line: line, lead: lead, address: address)
        }
        return nil
    }

    /// The label of the reference link in a heading that names the version, or `Unreleased`:
    /// `[1.4.0]`, `[v1.4.0][]`, `[1.4.0][v1.4.0]`; nil for an inline link.
    static func referenceLabel(in heading: String, version: String?) -> String? {
        var rest = heading[...]
        while let open = rest.firstIndex(of: "[") {
            guard let close = rest[open...].firstIndex(of: "]") else { return nil }
            let text = String(rest[rest.index(after: open)..<close])
            let after = rest[rest.index(after: close)...]
            let names = version.map { VersionText.contains($0, in: text) } ?? (text.lowercased() == "unreleased")
            if names {
                if after.first == "(" { return nil }
                if after.first == "[", let end = after.firstIndex(of: "]") {
                    let label = String(after[after.index(after: after.startIndex)..<end])
                    return label.isEmpty ? text : label
                }
                return text
            }
            rest = after
        }
        return nil
    }

    /// Labels match case-insensitively, with runs of whitespace as one space.
    private static func normalizedLabel(_ label: String) -> String { label.collapsingWhitespace().lowercased() }
}
