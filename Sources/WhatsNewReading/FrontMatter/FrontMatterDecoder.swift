import WhatsNewModel

/// Turns a lifted block's YAML into sheet or section metadata, with diagnostics that point at
/// the file's own lines.
struct FrontMatterDecoder {
    let path: String

    func sheet(from block: FrontMatterBlock) -> (SheetMetadata, [Diagnostic]) {
        let texts: [FrontMatterKey: WritableKeyPath<SheetMetadata, String?>] = [
            .title: \.title, .subtitle: \.subtitle, .version: \.version, .build: \.build,
        ]
        return decode(
            block, into: SheetMetadata(), keys: FrontMatterKey.sheetKeys, texts: texts, role: "the sheet's front matter"
        ) { sheet, key, entry, context in
            switch key {
            case .date: sheet.date = context.date(entry)
            case .accent:
                sheet.accent = context.text(entry)
                sheet.accentPosition = context.textPosition(of: entry.value)
            case .icons: sheet.icons = context.icons(entry)
            case .show: sheet.show = context.showRule(entry)
            default: break
            }
        }
    }

    /// A block under a release heading: the release's build number and show rule.
    func release(from block: FrontMatterBlock) -> (ReleaseMetadata, [Diagnostic]) {
        let release = ReleaseMetadata(openingLine: block.openingLine)
        return decode(
            block, into: release, keys: FrontMatterKey.releaseKeys, texts: [.build: \.build],
            role: "a release's front matter"
        ) { release, key, entry, context in
            if key == .show { release.show = context.showRule(entry) }
        }
    }

    /// A curated row: the section its keys describe, its line the opening `---`'s, its summary
    /// read as Markdown on the file's own lines; the Markdown after the block is its body.
    func section(from block: FrontMatterBlock) -> (Section, [Diagnostic]) {
        let section = Section(origin: .frontMatter, line: block.openingLine)
        let texts: [FrontMatterKey: WritableKeyPath<Section, String?>] = [.title: \.title, .link: \.link, .id: \.id]
        return decode(
            block, into: section, keys: FrontMatterKey.sectionKeys, texts: texts, role: "a section's front matter"
        ) { section, key, entry, context in
            switch key {
            case .icon:
                section.icon = context.text(entry).flatMap(Icon.init)
                section.iconPosition = context.textPosition(of: entry.value)
            case .image:
                section.image = context.text(entry)
                section.imagePosition = context.textPosition(of: entry.value)
            case .color:
                section.color = context.text(entry)
                section.colorPosition = context.textPosition(of: entry.value)
            case .summary:
                section.summary = context.text(entry).map { text in
                    let parser = MarkdownParser(lineOffset: context.line(of: entry.value) - 1)
                    return MarkdownContent(blocks: parser.parse(text))
                }
            case .kind: section.kind = context.kind(entry)
            case .priority: section.priority = context.integer(entry)
            case .audience:
                section.audiences = context.names(entry)
                section.audiencePosition = context.textPosition(of: entry.value)
            case .platforms:
                section.platforms = context.names(entry)
                section.platformsPosition = context.textPosition(of: entry.value)
            default: break
            }
        }
    }

    /// One block's keys read in order into `value`: a key the role does not take is reported
    /// with the nearest it does, a key of plain text goes where `texts` says, and `read` sets
    /// what each other key says.
    private func decode<Value>(
        _ block: FrontMatterBlock, into value: Value, keys: [FrontMatterKey],
        texts: [FrontMatterKey: WritableKeyPath<Value, String?>], role: String,
        read: (inout Value, FrontMatterKey, FrontMatterContext.Entry, inout FrontMatterContext) -> Void
    ) -> (Value, [Diagnostic]) {
        var value = value
        var context = FrontMatterContext(decoder: self, block: block)
        for entry in context.entries() {
            guard let key = context.key(entry, allowed: keys, role: role) else { continue }
            if let field = texts[key] {
                value[keyPath: field] = context.text(entry)
            } else {
                read(&value, key, entry, &context)
            }
        }
        return (value, context.diagnostics)
    }

    func location(_ line: Int, _ column: Int = 1) -> SourceLocation {
        SourceLocation(path: path, line: line, column: column)
    }
}

/// One block's decoding: its YAML mapping and the diagnostics found on the way.
struct FrontMatterContext {
    typealias Entry = (key: YAMLNode, value: YAMLNode)

    let decoder: FrontMatterDecoder
    let block: FrontMatterBlock
    var diagnostics: [Diagnostic] = []

    init(decoder: FrontMatterDecoder, block: FrontMatterBlock) {
        self.decoder = decoder
        self.block = block
    }

    mutating func entries() -> [Entry] {
        let root: YAMLNode?
        do {
            // Values are read as the text written: no scalar has its type guessed.
            root = try YAMLDocument.compose(block.yaml)
        } catch {
            diagnostics.append(syntaxDiagnostic(error))
            return []
        }
        guard let mapping = root?.mapping else {
            diagnostics.append(
                Diagnostic(
                    .frontMatterSyntax, at: decoder.location(block.openingLine + 1),
                    "front matter must be `key: value` lines"))
            return []
        }
        return Array(mapping)
    }

    /// The known key an entry names; anything else is reported with the nearest known key.
    mutating func key(_ entry: Entry, allowed: [FrontMatterKey], role: String) -> FrontMatterKey? {
        key(entry, allowedNames: allowed.map(\.rawValue), role: role).flatMap { FrontMatterKey(rawValue: $0) }
    }

    /// The entry's key when it is one of `names`; anything else is reported with the nearest.
    mutating func key(_ entry: Entry, allowedNames names: [String], role: String) -> String? {
        let name = entry.key.string ?? ""
        if names.contains(name) { return name }
        var message = "unknown key `\(name)` in \(role)"
        if let question = Suggestion.question(for: name, among: names) {
            message += "; \(question)"
        } else {
            message += "; it takes \(names.map { "`\($0)`" }.joined(separator: ", "))"
        }
        diagnostics.append(Diagnostic(.frontMatterUnknownKey, at: position(of: entry.key), message))
        return nil
    }

    /// A scalar value as written; an empty or null value counts as absent.
    mutating func text(_ entry: Entry) -> String? {
        guard let scalar = entry.value.scalar else {
            let shape = entry.value.sequence != nil ? "a list" : "a map"
            diagnostics.append(
                Diagnostic(
                    .frontMatterValue, at: position(of: entry.value),
                    "`\(entry.key.string ?? "")` must be text, not \(shape)"))
            return nil
        }
        if entry.value.isNull { return nil }
        let text = scalar.string.trimmedWhitespace()
        return text.isEmpty ? nil : text
    }

    /// A whole number, such as a `priority`.
    mutating func integer(_ entry: Entry) -> Int? {
        guard let text = text(entry) else { return nil }
        if let number = Int(text) { return number }
        diagnostics.append(
            Diagnostic(
                .frontMatterValue, at: position(of: entry.value),
                "`\(entry.key.string ?? "")` takes a whole number, not `\(text)`"))
        return nil
    }

    /// One name or a list of them (`audience: beta`, `platforms: [ios, macos]`), lowercased.
    mutating func names(_ entry: Entry) -> [String] {
        let nodes = entry.value.sequence.map(Array.init) ?? [entry.value]
        var names: [String] = []
        for node in nodes {
            guard let name = node.scalar?.string.trimmedWhitespace(), !name.isEmpty else {
                diagnostics.append(
                    Diagnostic(
                        .frontMatterValue, at: position(of: node),
                        "`\(entry.key.string ?? "")` takes a name or a list of names, such as `[beta, pro]`"))
                continue
            }
            names.append(name.lowercased())
        }
        return names
    }

    mutating func date(_ entry: Entry) -> ReleaseDate? {
        guard let text = text(entry) else { return nil }
        if let date = DateScanner.date(in: text)?.date { return date }
        diagnostics.append(
            Diagnostic(
                .invalidDate, at: position(of: entry.value),
                "`\(text)` is not a date whatsnew can read; write it as YYYY-MM-DD"))
        return nil
    }

    /// `always` or `never`; anything else is reported with the nearest.
    mutating func showRule(_ entry: Entry) -> ShowRule? {
        guard let text = text(entry) else { return nil }
        if let rule = ShowRule(rawValue: text.lowercased()) { return rule }
        let names = ShowRule.allCases.map(\.rawValue)
        let question = Suggestion.question(for: text, among: names)
        diagnostics.append(
            Diagnostic(
                .frontMatterValue, at: position(of: entry.value),
                "`show` takes `always` or `never`, not `\(text)`" + (question.map { "; \($0)" } ?? "")))
        return nil
    }

    mutating func kind(_ entry: Entry) -> SectionKind? {
        guard let text = text(entry) else { return nil }
        if let kind = SectionKind(frontMatter: text) { return kind }
        let names = SectionKind.allCases.map(\.rawValue)
        let near = Suggestion.question(for: text, among: names).map { "\($0) " } ?? ""
        diagnostics.append(
            Diagnostic(
                .unknownKind, at: position(of: entry.value),
                "unknown kind `\(text)`; \(near)kinds are \(names.joined(separator: ", "))"))
        return nil
    }

    mutating func icons(_ entry: Entry) -> [IconOverride] {
        guard let mapping = entry.value.mapping else {
            diagnostics.append(
                Diagnostic(
                    .frontMatterValue, at: position(of: entry.value),
                    "`icons` must map categories or names to icons, such as `fixed: ladybug.fill`"))
            return []
        }
        return mapping.compactMap { pair -> IconOverride? in
            guard let key = pair.key.string, let spec = text((pair.key, pair.value)), let icon = Icon(spec) else {
                return nil
            }
            return IconOverride(key: key, icon: icon, position: textPosition(of: pair.value))
        }
    }

    func line(of node: YAMLNode) -> Int { block.openingLine + (node.mark?.line ?? 1) }

    func textPosition(of node: YAMLNode) -> TextPosition {
        TextPosition(line: line(of: node), column: node.mark?.column ?? 1)
    }

    func position(of node: YAMLNode) -> SourceLocation {
        decoder.location(line(of: node), node.mark?.column ?? 1)
    }

    /// libyaml's message and position, moved to the file's own line.
    private func syntaxDiagnostic(_ error: YAMLError) -> Diagnostic {
        let detail = error.context.map { " (\($0.text))" } ?? ""
        return Diagnostic(
            .frontMatterSyntax,
            at: decoder.location(block.openingLine + (error.mark?.line ?? 1), error.mark?.column ?? 1),
            "front matter is not valid YAML: \(error.problem)\(detail)")
    }
}
