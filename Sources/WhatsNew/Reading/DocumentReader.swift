/// The pipeline up to the model: front-matter split, cmark, changelog reading.
public struct DocumentReader: Sendable {
    /// Ask cmark for each block's HTML as well; JSON and HTML output need it, text does not.
    public var rendersHTML: Bool
    /// The icon names and category icons known before the sheet adds its own.
    public var icons: IconCatalog

    public init(rendersHTML: Bool = true, icons: IconCatalog = .builtIn) {
        self.rendersHTML = rendersHTML
        self.icons = icons
    }

    /// What reading found: the document and every problem met on the way.
    public struct Reading: Sendable {
        public var document: Document
        public var diagnostics: [Diagnostic]
        /// The blocks the document was read from. The model shares their texts and arrays, so
        /// a caller that keeps the reading as long as the document holds little more; the command
        /// line keeps both until exit, as releasing a large file's blocks one by one is pure cost.
        var sourceBlocks: [SourceBlock] = []

        public var errors: [Diagnostic] { diagnostics.filter { $0.severity == .error } }
    }

    /// Reads `source`; a caller that lets go of it (passes it on without keeping a copy) lets
    /// the reader empty the front matter in place instead of copying the file.
    public func read(_ source: consuming SourceFile) -> Reading {
        let (path, bytes) = (source.path, source.bytes)
        _ = consume source
        var split = FrontMatterSplitter(path: path).split(consume bytes)
        var diagnostics = split.diagnostics
        let frontMatter = split.blocks
        let parser = MarkdownParser(rendersHTML: rendersHTML)
        let (decoded, blocks): ([(Decoded, [Diagnostic])], [SourceBlock])
        if frontMatter.count >= Self.blocksWorthAThread {
            // The YAML and the Markdown do not depend on each other: a long changelog's front
            // matter is decoded on another thread while cmark parses, filling a core it leaves idle.
            (decoded, blocks) = ParallelWork.alongside({ Self.decode(frontMatter, path: path) }) {
                parser.parse(split.markdown)
            }
        } else {
            (decoded, blocks) = (Self.decode(frontMatter, path: path), parser.parse(split.markdown))
        }
        var sheet = SheetMetadata()
        var sections: [SectionMetadata] = []
        for (metadata, found) in decoded {
            switch metadata {
            case .sheet(let metadata): sheet = metadata
            case .section(let metadata): sections.append(metadata)
            }
            diagnostics += found
        }
        // The model holds copies of all it needs: the file's bytes go before reading begins.
        split.markdown = []
        var reader = ChangelogReader(path: path, blocks: blocks, sectionMetadata: sections) { metadata in
            guard let summary = metadata.summary else { return nil }
            let parser = MarkdownParser(rendersHTML: rendersHTML, lineOffset: (metadata.summaryLine ?? 1) - 1)
            return MarkdownContent(parser.parse(summary))
        }
        reader.appearance = AppearanceResolver(catalog: icons, sheetIcons: sheet.icons)
        let implicit = Release(
            version: sheet.version.flatMap(Version.init), date: sheet.date,
            title: sheet.version ?? sheet.title ?? "What's New", line: 1)
        let result = reader.read(implicitRelease: implicit)
        diagnostics += result.diagnostics
        var document = Document(
            title: sheet.title ?? result.title, subtitle: sheet.subtitle, accent: sheet.accent, icons: sheet.icons,
            releases: result.releases)
        document.accentPosition = sheet.accentPosition
        return Reading(
            document: document, diagnostics: diagnostics.sorted(by: Diagnostic.inFileOrder),
            sourceBlocks: reader.blocks)
    }
}

extension DocumentReader {
    /// Fewer front-matter blocks decode in less time than starting a thread for them takes.
    private static let blocksWorthAThread = 16

    /// Each block's YAML stands alone, so a long changelog's are decoded on every core.
    private static func decode(_ blocks: [FrontMatterBlock], path: String) -> [(Decoded, [Diagnostic])] {
        let decoder = FrontMatterDecoder(path: path)
        return ParallelWork.map(blocks, minimum: 16) { block in
            switch block.role {
            case .sheet:
                let (metadata, found) = decoder.sheet(from: block)
                return (.sheet(metadata), found)
            case .section:
                let (metadata, found) = decoder.section(from: block)
                return (.section(metadata), found)
            }
        }
    }
}

/// A front-matter block's metadata, by the role the block plays.
private enum Decoded {
    case sheet(SheetMetadata)
    case section(SectionMetadata)
}

extension Diagnostic {
    /// By line, then column; problems with the whole file first.
    public static func inFileOrder(_ lhs: Diagnostic, _ rhs: Diagnostic) -> Bool {
        (lhs.location.line ?? 0, lhs.location.column ?? 0) < (rhs.location.line ?? 0, rhs.location.column ?? 0)
    }
}
