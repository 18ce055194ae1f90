import WhatsNewModel

/// A front-matter block lifted out of the Markdown: its YAML and the lines it occupied.
package struct FrontMatterBlock: Sendable {
    enum Role: Sendable { case sheet, release, section }

    var role: Role
    /// The line of the opening `---`.
    package var openingLine: Int
    /// The line of the closing `---`.
    package var closingLine: Int
    /// The lines between the fences, joined with `\n`; YAML line 1 is file line `openingLine + 1`.
    var yaml: String
}
