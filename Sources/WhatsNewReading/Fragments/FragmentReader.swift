import WhatsNewModel

/// Reads one fragment: its front matter, checked key by key, and its Markdown body.
public struct FragmentReader: Sendable {
    /// The kinds a fragment may name.
    public var kinds: ChangeKinds

    /// The packages a fragment may name, in a repository that releases several; nil where
    /// there is one thing to release, and `packages:` is no key.
    public var packages: [String]?

    /// A reader that takes the given kinds.
    public init(kinds: ChangeKinds = .builtIn) {
        self.kinds = kinds
    }

    /// The fragment, or nil when it cannot be placed (no front matter, no known kind); with
    /// every problem found, errors and warnings, at the file's own lines.
    public func read(_ source: SourceFile) -> (fragment: Fragment?, diagnostics: [Diagnostic]) {
        let path = source.path
        let lines = SourceLines.lines(of: source.bytes)
        func text(_ line: SourceLines.Line) -> String { String(decoding: source.bytes[line.content], as: UTF8.self) }
        let splitter = FrontMatterSplitter(path: path)
        guard let leading = splitter.leadingBlock(of: source.bytes, lines: lines) else {
            return (
                nil,
                [
                    Diagnostic(
                        .fragmentFrontMatter, at: SourceLocation(path: path, line: 1, column: 1),
                        "a fragment starts with front matter naming its kind: `---`, `kind: fixed`, `---`, then the note"
                    )
                ]
            )
        }
        guard case .success(let block) = leading else {
            return (nil, [splitter.unclosed(at: 1)])
        }
        let closing = block.closingLine - 1
        var context = FrontMatterContext(decoder: FrontMatterDecoder(path: path), block: block)
        var fields = Fields()
        for entry in context.entries() {
            guard
                let key = context.key(entry, allowed: FrontMatterKey.fragmentKeys, role: "a fragment's front matter")
            else { continue }
            fields.positions[key] = context.textPosition(of: entry.value)
            switch key {
            case .kind: fields.kind = context.text(entry)
            case .title: fields.title = context.text(entry)
            case .icon: fields.icon = context.text(entry)
            case .color: fields.color = context.text(entry)
            case .summary: fields.summary = context.text(entry)
            case .link: fields.link = context.text(entry)
            case .id: fields.id = context.text(entry)
            case .issue: fields.references += references(entry, .issue, &context)
            case .pr: fields.references += references(entry, .pullRequest, &context)
            case .breaking: fields.isBreaking = flag(entry, &context)
            case .packages: fields.packages = packageNames(entry, &context)
            case .authors: fields.authors = authorNames(entry, &context)
            default: break  // `key(_:allowed:)` gives a fragment's keys alone
            }
        }
        var diagnostics = context.diagnostics
        if let known = packages, fields.packages.isEmpty, fields.positions[.packages] == nil {
            diagnostics.append(
                Diagnostic(
                    .fragmentPackage, at: SourceLocation(path: path, line: 2, column: 1),
                    "this repository releases several packages, so a note names the ones it is for, such as `packages: [\(known.first ?? "core")]`; they are \(known.joined(separator: ", "))"
                ))
        }
        let body = Self.body(lines: lines[(closing + 1)...].map { ($0.number, text($0)) })
        guard let kind = self.kind(fields, path: path, closingLine: block.closingLine, &diagnostics) else {
            return (nil, diagnostics)
        }
        if let link = fields.link, !LinkSafety.isWeb(link) {
            diagnostics.append(
                Diagnostic(
                    .fragmentReference, at: location(path, fields.positions[.link]),
                    "`link` takes an http or https address, not `\(link)`"))
            fields.link = nil
        }
        var fragment = Fragment(
            path: path, name: path.split(separator: "/").last.map(String.init) ?? path, kind: kind,
            title: fields.title, icon: fields.icon, color: fields.color, summary: fields.summary, link: fields.link,
            id: fields.id, references: fields.references, isBreaking: fields.isBreaking, body: body,
            positions: fields.positions)
        fragment.packages = fields.packages
        fragment.authors = fields.authors
        diagnostics += Self.contentProblems(of: fragment, closingLine: block.closingLine)
        diagnostics += Self.controls(in: source, fields: fields)
        return (fragment, diagnostics.sorted(by: Diagnostic.inFileOrder))
    }

    /// The first control character in the file's bytes (C0 but tab and line ends, DEL, C1),
    /// and each front-matter value that holds one through a YAML escape (`"\e[2J"`).
    private static func controls(in source: SourceFile, fields: Fields) -> [Diagnostic] {
        var found: [Diagnostic] = []
        if let first = source.bytes.firstControlCharacterOffset {
            let place = TextPosition(of: first, in: source.bytes)
            let character = String(
                decoding: source.bytes[first..<min(source.bytes.count, first + (source.bytes[first] == 0xC2 ? 2 : 1))],
                as: UTF8.self)
            found.append(
                Diagnostic(
                    .fragmentControl, at: SourceLocation(path: source.path, line: place.line, column: place.column),
                    "this fragment holds a control character (\(character.escapingControls())); no note needs one, and a terminal would act on it: remove it"
                ))
        }
        let values: [(FrontMatterKey, String?)] = [
            (.title, fields.title), (.summary, fields.summary), (.icon, fields.icon), (.color, fields.color),
            (.link, fields.link), (.id, fields.id),
        ]
        for case (let key, let value?) in values where value.unicodeScalars.contains(where: { $0.isControlCharacter }) {
            let place = fields.positions[key]
            found.append(
                Diagnostic(
                    .fragmentControl,
                    at: SourceLocation(path: source.path, line: place?.line ?? 1, column: place?.column ?? 1),
                    "`\(key.rawValue)` holds a control character; no note needs one, and a terminal would act on it: remove it"
                ))
        }
        return found
    }

    /// What the front matter said, as read.
    private struct Fields {
        var kind, title, icon, color, summary, link, id: String?
        var references: [ChangeReference] = []
        var isBreaking = false
        var packages: [String] = []
        var authors: [String] = []
        var positions: [FrontMatterKey: TextPosition] = [:]
    }

    private func kind(
        _ fields: Fields, path: String, closingLine: Int, _ diagnostics: inout [Diagnostic]
    ) -> ChangeKind? {
        guard let name = fields.kind else {
            // YAML that does not parse has been reported once already.
            if !diagnostics.contains(where: { $0.rule == .frontMatterSyntax }) {
                let position = fields.positions[.kind]
                diagnostics.append(
                    Diagnostic(
                        .fragmentKind,
                        at: SourceLocation(path: path, line: position?.line ?? 2, column: position?.column ?? 1),
                        "a fragment names its kind, such as `kind: fixed`; kinds are \(kinds.names.joined(separator: ", "))"
                    ))
            }
            return nil
        }
        if let kind = kinds.named(name) { return kind }
        let near = kinds.question(for: name).map { "\($0) " } ?? ""
        diagnostics.append(
            Diagnostic(
                .fragmentKind, at: location(path, fields.positions[.kind]),
                "unknown kind `\(name)`; \(near)kinds are \(kinds.names.joined(separator: ", "))"))
        return nil
    }

    /// `issue: 212`, `issue: [212, 213]`, `pr: https://…/pull/9`.
    private func references(
        _ entry: FrontMatterContext.Entry, _ target: ChangeReference.Target, _ context: inout FrontMatterContext
    ) -> [ChangeReference] {
        let nodes = entry.value.sequence.map(Array.init) ?? [entry.value]
        return nodes.compactMap { node in
            guard let value = node.scalar?.string, !value.isEmpty else {
                context.diagnostics.append(
                    Diagnostic(
                        .fragmentReference, at: context.position(of: node),
                        "`\(target.rawValue)` takes numbers or addresses, such as `\(target.rawValue): 212`"))
                return nil
            }
            guard let reference = ChangeReference(value, target: target) else {
                context.diagnostics.append(
                    Diagnostic(
                        .fragmentReference, at: context.position(of: node),
                        "`\(value)` is neither a number nor an http or https address"))
                return nil
            }
            return reference
        }
    }

    /// `authors: [Ada Lovelace, "@grace"]` or one name: each a line of text without control
    /// characters.
    private func authorNames(_ entry: FrontMatterContext.Entry, _ context: inout FrontMatterContext) -> [String] {
        let nodes = entry.value.sequence.map(Array.init) ?? [entry.value]
        var names: [String] = []
        for node in nodes {
            guard let name = node.scalar?.string.trimmedWhitespace(), !name.isEmpty,
                !name.unicodeScalars.contains(where: { $0.isControlCharacter || $0 == "\n" })
            else {
                context.diagnostics.append(
                    Diagnostic(
                        .fragmentReference, at: context.position(of: node),
                        "`authors` takes names, such as `[Ada Lovelace, \"@grace\"]`"))
                continue
            }
            if !names.contains(name) { names.append(name) }
        }
        return names
    }

    /// `packages: [core, app]` or `packages: core`, each a package the repository lists.
    private func packageNames(_ entry: FrontMatterContext.Entry, _ context: inout FrontMatterContext) -> [String] {
        guard let known = packages else {
            context.diagnostics.append(
                Diagnostic(
                    .fragmentPackage, at: context.position(of: entry.value),
                    "this project lists no packages, so a note names none; list them under `packages:` in .whatsnew.yml, or remove this line"
                ))
            return []
        }
        let nodes = entry.value.sequence.map(Array.init) ?? [entry.value]
        var names: [String] = []
        for node in nodes {
            guard let name = node.scalar?.string, !name.isEmpty else {
                context.diagnostics.append(
                    Diagnostic(
                        .fragmentPackage, at: context.position(of: node),
                        "`packages` takes names of packages, such as `[core, app]`"))
                continue
            }
            guard known.contains(name) else {
                let near = Suggestion.question(for: name, among: known).map { "\($0) " } ?? ""
                context.diagnostics.append(
                    Diagnostic(
                        .fragmentPackage, at: context.position(of: node),
                        "`\(name)` is no package of this repository; \(near)they are \(known.joined(separator: ", "))"))
                continue
            }
            if !names.contains(name) { names.append(name) }
        }
        if names.isEmpty, context.diagnostics.isEmpty {
            context.diagnostics.append(
                Diagnostic(
                    .fragmentPackage, at: context.position(of: entry.value),
                    "`packages` names at least one package, such as `[core]`"))
        }
        return names
    }

    private func flag(_ entry: FrontMatterContext.Entry, _ context: inout FrontMatterContext) -> Bool {
        switch entry.value.scalar?.string.lowercased() {
        case "true", "yes": return true
        case "false", "no", "", nil: return false
        case let other?:
            context.diagnostics.append(
                Diagnostic(
                    .frontMatterValue, at: context.position(of: entry.value),
                    "`\(entry.key.string ?? "")` is true or false, not `\(other)`"))
            return false
        }
    }

    /// The lines after the front matter, from the first with text to the last.
    private static func body(lines: [(number: Int, text: String)]) -> FragmentBody {
        let isBlank = { (line: (number: Int, text: String)) in line.text.allSatisfy { $0 == " " || $0 == "\t" } }
        guard let first = lines.firstIndex(where: { !isBlank($0) }), let last = lines.lastIndex(where: { !isBlank($0) })
        else { return FragmentBody(lines: [], firstLine: (lines.last?.number ?? 1) + 1, blocks: []) }
        let kept = lines[first...last]
        let firstLine = kept.first!.number
        let markdown = kept.map(\.text).joined(separator: "\n") + "\n"
        let blocks = MarkdownParser(lineOffset: firstLine - 1).parse(markdown)
        return FragmentBody(lines: kept.map(\.text), firstLine: firstLine, blocks: blocks)
    }

    /// Whether the note says anything in its title, summary or text, as a reader sees them
    /// (`&nbsp;` is a space, a link's address is no word of it).
    static func hasWords(_ fragment: Fragment) -> Bool {
        if fragment.title?.hasWords == true || MarkdownContent(blocks: fragment.body.blocks).plainText.hasWords {
            return true
        }
        guard let summary = fragment.summary else { return false }
        return MarkdownContent(blocks: MarkdownParser().parse(summary)).plainText.hasWords
    }

    /// A note with nothing to show, and headings, which would start rows of their own once the
    /// note is written into the release.
    private static func contentProblems(of fragment: Fragment, closingLine: Int) -> [Diagnostic] {
        var found: [Diagnostic] = []
        if fragment.body.isEmpty && (fragment.title == nil || fragment.summary == nil) {
            let what =
                fragment.title == nil
                ? "write the change under the front matter, as a sentence or a list"
                : "give the featured row a `summary` or write its text under the front matter"
            found.append(
                Diagnostic(
                    .fragmentEmpty, at: SourceLocation(path: fragment.path, line: closingLine, column: 1),
                    "this fragment says nothing yet; \(what)"))
        } else if !Self.hasWords(fragment) {
            // Only marks, spaces or a link with no text: something a gate would count, saying nothing.
            found.append(
                Diagnostic(
                    .fragmentEmpty, at: SourceLocation(path: fragment.path, line: closingLine, column: 1),
                    "this fragment has no words in it, only marks, spaces or links without text; say what changed for the people who use it"
                ))
        }
        for block in fragment.body.blocks where block.isHeading {
            found.append(
                Diagnostic(
                    .fragmentHeading, at: SourceLocation(path: fragment.path, line: block.line, column: 1),
                    "a heading in a fragment would start a row of its own in the release; use **bold** text or a list"
                ))
        }
        return found
    }

    private func location(_ path: String, _ position: TextPosition?) -> SourceLocation {
        SourceLocation(path: path, line: position?.line ?? 1, column: position?.column ?? 1)
    }
}
