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

    /// The icon and colour a section made after reading (a row merged from several) is shown
    /// with: the same rule as every row read.
    package func appearance(of section: Section) -> SectionAppearance {
        var releases = [Release(title: "", sections: [section], line: section.line)]
        AppearanceResolver(catalog: icons, sheetIcons: [], kinds: kinds).resolve(&releases)
        return releases[0].sections[0].appearance
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
    package func readWithBlocks(_ source: SourceFile) -> (
        reading: Reading, frontMatter: [FrontMatterBlock], blocks: [Block]
    ) {
        didRead?(source.path)
        var prepared = prepare(source)
        let (reading, blocks) = readWhole(&prepared)
        return (reading, prepared.split.blocks, blocks)
    }

    /// The whole of a prepared file read, with cmark's blocks. Its line table (the outline's,
    /// for reading in part) and its bytes are let go once cmark has them, so the largest files
    /// do not hold them through the reading.
    func readWhole(_ prepared: inout Prepared) -> (reading: Reading, blocks: [Block]) {
        prepared.split.lines = []
        let blocks = MarkdownParser().parse(prepared.split.markdown)
        prepared.split.markdown = []
        return (finish(prepared, blocks: blocks).reading, blocks)
    }

    /// A file with its front matter lifted and read: what every reading of it starts from.
    struct Prepared {
        var path: String
        var split: FrontMatterSplitter.Result
        var sheet = SheetMetadata()
        var sections: [Section] = []
        var releaseBlocks: [ReleaseMetadata] = []
        var diagnostics: [Diagnostic]
    }

    /// Lifts the front matter out of `source` and reads it.
    func prepare(_ source: SourceFile) -> Prepared {
        let split = FrontMatterSplitter(path: source.path).split(source.bytes)
        var prepared = Prepared(path: source.path, split: split, diagnostics: split.diagnostics)
        let decoder = FrontMatterDecoder(path: source.path)
        for block in split.blocks {
            switch block.role {
            case .sheet:
                let (metadata, found) = decoder.sheet(from: block)
                prepared.sheet = metadata
                prepared.diagnostics += found
            case .release:
                let (metadata, found) = decoder.release(from: block)
                prepared.releaseBlocks.append(metadata)
                prepared.diagnostics += found
            case .section:
                let (metadata, found) = decoder.section(from: block)
                prepared.sections.append(metadata)
                prepared.diagnostics += found
            }
        }
        return prepared
    }

    /// The model read out of cmark's `blocks` of a prepared file, with what the changelog
    /// reading found on the way.
    func finish(_ prepared: Prepared, blocks: [Block], roles: HeadingRoleMemo? = nil)
        -> (reading: Reading, changelog: ChangelogReader.Result)
    {
        let sheet = prepared.sheet
        var reader = ChangelogReader(
            path: prepared.path, blocks: blocks, frontMatterSections: prepared.sections, keepsOrder: keepsListOrder)
        reader.roles = roles
        let implicit = Release(
            version: sheet.version.flatMap(ReleaseVersion.init), date: sheet.date,
            title: sheet.version ?? sheet.title ?? "What's New", line: 1)
        var result = reader.read(implicitRelease: implicit)
        var diagnostics = prepared.diagnostics + result.diagnostics
        diagnostics += ReleaseFrontMatter.attach(
            prepared.releaseBlocks, sheet: sheet, to: &result.releases, path: prepared.path)
        var document = Document(
            title: sheet.title ?? result.title, subtitle: sheet.subtitle, accent: sheet.accent, icons: sheet.icons,
            releases: result.releases)
        // The document holds them now: one owner, so appearances are set in place, not on a copy.
        result.releases = []
        document.introduction = result.introduction
        document.archives = result.archives
        document.accentPosition = sheet.accentPosition
        AppearanceResolver(catalog: icons, sheetIcons: sheet.icons, kinds: kinds).resolve(&document.releases)
        let reading = Reading(document: document, diagnostics: diagnostics.sorted(by: Diagnostic.inFileOrder))
        return (reading, result)
    }
}

extension Diagnostic {
    /// By line, then column; problems with the whole file first.
    public static func inFileOrder(_ lhs: Diagnostic, _ rhs: Diagnostic) -> Bool {
        (lhs.location.line ?? 0, lhs.location.column ?? 0) < (rhs.location.line ?? 0, rhs.location.column ?? 0)
    }
}
