import WhatsNewModel

/// What a section's front matter says; the Markdown after it is the section's body.
struct SectionMetadata: Sendable, Hashable {
    var icon: Icon?
    var iconPosition: TextPosition?
    var color: String?
    var colorPosition: TextPosition?
    var title: String?
    var summary: String?
    /// The line of the `summary:` key, so its Markdown keeps the file's line numbers.
    var summaryLine: Int?
    var kind: SectionKind?
    var link: String?
    var id: String?
    var priority: Int?
    var audiences: [String] = []
    var platforms: [String] = []
    /// Where `audience` and `platforms` stand, for lint.
    var audiencePosition: TextPosition?
    var platformsPosition: TextPosition?
    /// The line of the opening `---`.
    var openingLine: Int
}
