/// The icon and colour a category gets when the notes name none.
extension SectionKind {
    /// An SF Symbol name from the built-in table.
    public var defaultSymbol: String {
        switch self {
        case .added: "sparkles"
        case .changed: "arrow.triangle.2.circlepath"
        case .deprecated: "hourglass"
        case .removed: "trash.fill"
        case .fixed: "ladybug.fill"
        case .security: "lock.shield.fill"
        case .breaking: "exclamationmark.triangle.fill"
        case .performance: "bolt.fill"
        case .docs: "book.fill"
        case .dependencies: "shippingbox.fill"
        case .internal: "wrench.and.screwdriver.fill"
        case .knownIssues: "ant.fill"
        case .contributors: "person.2.fill"
        case .pullRequests: "arrow.triangle.merge"
        case .other: "note.text"
        }
    }

    /// The colour of a row of this kind that names none: green for added, red for removed, and so on.
    public var defaultColor: SystemColor {
        switch self {
        case .added: .green
        case .changed: .blue
        case .deprecated: .brown
        case .removed: .gray
        case .fixed: .red
        case .security: .indigo
        case .breaking: .orange
        case .performance: .yellow
        case .docs: .teal
        case .dependencies: .cyan
        case .internal: .purple
        case .knownIssues: .pink
        case .contributors: .gray
        case .pullRequests: .gray
        case .other: .mint
        }
    }
}
