import WhatsNewModel

/// Which row of a release an item belongs in: one of the sheet's kinds, or a row a project or
/// a file names for itself (`Interface`, `Compiler`), by its title.
enum RowKey: Sendable, Hashable {
    case kind(SectionKind)
    case named(String)

    /// The row a file's category heading is: a project kind's title first, then the heading's kind.
    init?(section: Section, kinds: ChangeKinds) {
        guard section.origin == .heading || section.origin == .pseudoHeading, let title = section.title else {
            return nil
        }
        let normalized = SectionKind.normalized(title)
        if kinds.all.contains(where: { $0.builtIn == nil && SectionKind.normalized($0.headingTitle) == normalized }) {
            self = .named(normalized)
        } else if let kind = section.kind, kind != .other {
            self = .kind(kind)
        } else {
            self = .named(normalized)
        }
    }

    /// The row a kind's items go in.
    init(kind: ChangeKind) {
        if let builtIn = kind.builtIn, builtIn != .other {
            self = .kind(builtIn)
        } else {
            self = .named(SectionKind.normalized(kind.headingTitle))
        }
    }

    /// The row a fragment's items go in: breaking changes whatever their kind.
    init(fragment: Fragment) {
        self = fragment.isBreaking ? .kind(.breaking) : RowKey(kind: fragment.kind)
    }
}
