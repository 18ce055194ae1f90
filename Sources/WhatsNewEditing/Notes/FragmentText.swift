import WhatsNewModel

/// A fragment as text: the one writer of a fragment's front matter, for a note written with
/// `whatsnew new` and one drafted from a commit alike, its keys always in the same order and
/// every value reading back as exactly what was given.
package struct FragmentText: Sendable {
    /// `kind:`, a kind's name.
    package var kind: String
    /// `packages:`, in a repository that releases several.
    package var packages: [String] = []
    /// `title:`, for a featured row.
    package var title: String?
    /// `icon:`.
    package var icon: String?
    /// `color:`.
    package var color: String?
    /// `summary:`, a featured row's.
    package var summary: String?
    /// `link:`.
    package var link: String?
    /// `id:`.
    package var id: String?
    /// `issue:`, numbers or addresses.
    package var issues: [String] = []
    /// `pr:`, numbers or addresses.
    package var pullRequests: [String] = []
    /// `breaking: true`.
    package var isBreaking = false
    /// `authors:`, the people credited.
    package var authors: [String] = []
    /// The note under the front matter, as Markdown.
    package var body = ""

    package init(kind: String) {
        self.kind = kind
    }

    /// The front matter's fields, in the one order fragments keep.
    package var fields: [(key: FrontMatterKey, value: FrontMatterWriter.Value)] {
        var fields: [(key: FrontMatterKey, value: FrontMatterWriter.Value)] = [(.kind, .text(kind))]
        if !packages.isEmpty { fields.append((.packages, .names(packages))) }
        if let title { fields.append((.title, .text(title))) }
        if let icon { fields.append((.icon, .text(icon))) }
        if let color { fields.append((.color, .text(color))) }
        if let summary { fields.append((.summary, .text(summary))) }
        if let link { fields.append((.link, .text(link))) }
        if let id { fields.append((.id, .text(id))) }
        if !issues.isEmpty { fields.append((.issue, .references(issues))) }
        if !pullRequests.isEmpty { fields.append((.pr, .references(pullRequests))) }
        if isBreaking { fields.append((.breaking, .flag(true))) }
        if !authors.isEmpty { fields.append((.authors, .names(authors))) }
        return fields
    }

    /// The front matter, `---` to `---`, and the blank line after it.
    package var frontMatter: String { (FrontMatterWriter.lines(fields) + [""]).joined(separator: "\n") }

    /// The whole file: front matter, then the body, ending in a line break.
    package var text: String {
        let text = frontMatter + body
        return text.hasSuffix("\n") ? text : text + "\n"
    }
}
