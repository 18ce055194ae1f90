import WhatsNewModel

/// The pipeline up to the model: the front-matter split, cmark, the changelog reading, then
/// each section's icon and colour.
public struct DocumentReader: Sendable {
    /// The icon names and category icons known before the sheet adds its own.
    public var icons: IconCatalog
    /// Show a release written as a plain list as written, rather than grouped into rows by the
    /// kind marker each item opens with.
    public var keepsListOrder = false
    /// The project's kinds (`kinds:` in `.whatsnew.yml`): their rows take their icons and colours.
    public var kinds: [ChangeKind] = []
    /// Told the path of every file read, as it is read: how a run shows it reads its notes once.
    package var didRead: (@Sendable (String) -> Void)?

    /// A reader that knows the given icons.
    public init(icons: IconCatalog = .builtIn) {
        self.icons = icons
    }

    /// What reading found: the document and every problem met on the way.
    public struct Reading: Sendable {
        /// The notes as the model holds them.
        public var document: Document
        /// Every finding, errors and warnings, in the order met.
        public var diagnostics: [Diagnostic]

        /// The findings that are errors: with any, the document should not be shown.
        public var errors: [Diagnostic] { diagnostics.filter { $0.severity == .error } }
    }

    /// Reads a file's notes into the model.
    public func read(_ source: SourceFile) -> Reading { readWithBlocks(source).reading }

    /// The reading, with the front-matter blocks and cmark's blocks it was made from, for
    /// code that edits the file around them.
    package func readWithBlocks(_ source: SourceFile) -> (reading: Reading, frontMatter: [FrontMatterBlock], blocks: [Block]) {
        didRead?(source.path)
        let split = FrontMatterSplitter(path: source.path).split(source.bytes)
        var diagnostics = split.diagnostics
        let decoder = FrontMatterDecoder(path: source.path)
        var sheet = SheetMetadata()
        var sections: [SectionMetadata] = []
        var releaseBlocks: [ReleaseMetadata] = []
        for block in split.blocks {
            switch block.role {
            case .sheet:
                let (metadata, found) = decoder.sheet(from: block)
                sheet = metadata
                diagnostics += found
            case .release:
                let (metadata, found) = decoder.release(from: block)
                releaseBlocks.append(metadata)
                diagnostics += found
            case .section:
                let (metadata, found) = decoder.section(from: block)
                sections.append(metadata)
                diagnostics += found
            }
        }
        let blocks = MarkdownParser().parse(split.markdown)
        let reader = ChangelogReader(
            path: source.path, blocks: blocks, sectionMetadata: sections, keepsOrder: keepsListOrder)
        let implicit = Release(
            version: sheet.version.flatMap(Version.init), date: sheet.date,
            title: sheet.version ?? sheet.title ?? "What's New", line: 1)
        var result = reader.read(implicitRelease: implicit)
        diagnostics += result.diagnostics
        diagnostics += ReleaseFrontMatter.attach(releaseBlocks, sheet: sheet, to: &result.releases, path: source.path)
        var document = Document(
            title: sheet.title ?? result.title, subtitle: sheet.subtitle, accent: sheet.accent, icons: sheet.icons,
            releases: result.releases)
        document.introduction = result.introduction
        document.archives = result.archives
        document.accentPosition = sheet.accentPosition
        AppearanceResolver(catalog: icons, sheetIcons: sheet.icons, kinds: kinds).resolve(&document.releases)
        let reading = Reading(document: document, diagnostics: diagnostics.sorted(by: Diagnostic.inFileOrder))
        return (reading, split.blocks, blocks)
    }
}

extension Diagnostic {
    /// By line, then column; problems with the whole file first.
    public static func inFileOrder(_ lhs: Diagnostic, _ rhs: Diagnostic) -> Bool {
        (lhs.location.line ?? 0, lhs.location.column ?? 0) < (rhs.location.line ?? 0, rhs.location.column ?? 0)
    }
}
