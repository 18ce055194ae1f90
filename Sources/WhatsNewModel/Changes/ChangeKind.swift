/// A kind of change a fragment names: one of the sheet's own kinds, or one a project adds (or
/// restyles) under `kinds:` in `.whatsnew.yml`.
public struct ChangeKind: Sendable, Hashable {
    /// The name fragments use: `fixed`, `known-issues`, or the project's own such as `ui`.
    public var name: String
    /// The sheet's kind this one is; nil for a kind the project adds.
    public var builtIn: SectionKind?
    /// The heading a release gives the kind when the notes have none of their own for it.
    public var title: String?
    /// The icon a featured row of this kind takes when it names none.
    public var icon: Icon?
    /// A named system colour or `#RRGGBB`, as written.
    public var color: String?
    /// `bump:` how far a change of this kind moves the version; nil for the sheet's rule
    /// (``SectionKind/bump``), or no rule at all for a kind the project adds.
    public var bump: BumpSetting?

    /// A kind by name, with the project's title, icon, colour and bump where given.
    public init(
        name: String, builtIn: SectionKind? = nil, title: String? = nil, icon: Icon? = nil, color: String? = nil,
        bump: BumpSetting? = nil
    ) {
        self.name = name
        self.builtIn = builtIn
        self.title = title
        self.icon = icon
        self.color = color
        self.bump = bump
    }

    /// How far a change of this kind moves the version: the project's `bump:`, else the sheet's
    /// rule for its kind; nil for a kind the project adds without one.
    public var versionBump: BumpSetting? { bump ?? builtIn.map { $0.bump.map(BumpSetting.bump) ?? .none } }

    /// The project kind a category row of the notes is: one the project adds, by its heading's
    /// title, or one it restyles, by the row's kind. Rows of front matter are no category's.
    public static func row(_ section: Section, among kinds: [ChangeKind]) -> ChangeKind? {
        guard !kinds.isEmpty, section.origin == .heading || section.origin == .pseudoHeading else { return nil }
        if let title = section.title {
            let key = SectionKind.normalized(title)
            if let kind = kinds.first(where: { $0.builtIn == nil && SectionKind.normalized($0.headingTitle) == key }) {
                return kind
            }
        }
        return kinds.first { $0.builtIn != nil && $0.builtIn == section.kind }
    }

    /// The words a new heading for this kind takes: the project's title, else Keep a
    /// Changelog's word for the kind.
    public var headingTitle: String {
        if let title { return title }
        if let builtIn { return builtIn.headingTitle }
        return name
    }
}

/// Every kind fragments may name: the sheet's own, in the order a release lists them, then the
/// project's.
public struct ChangeKinds: Sendable {
    /// Every kind, in the order a release lists them.
    public private(set) var all: [ChangeKind]

    /// The sheet's kinds alone.
    public static let builtIn = ChangeKinds(
        all: SectionKind.releaseOrder.map { ChangeKind(name: $0.rawValue, builtIn: $0) })

    /// These kinds with a project's on top: a name of the sheet's own restyles that kind, any
    /// other name adds one.
    public func adding(_ project: [ChangeKind]) -> ChangeKinds {
        var kinds = self
        for kind in project {
            if let index = kinds.all.firstIndex(where: { $0.name == kind.name }) {
                let builtIn = kinds.all[index].builtIn
                kinds.all[index] = kind
                kinds.all[index].builtIn = builtIn
            } else {
                kinds.all.append(kind)
            }
        }
        return kinds
    }

    /// The kind a fragment's `kind:` names: a kind's own name, or a heading name for one of the
    /// sheet's kinds (`feature`, `Bug Fixes`).
    public func named(_ name: String) -> ChangeKind? {
        let lowered = name.trimmedWhitespace().lowercased()
        if let kind = all.first(where: { $0.name.lowercased() == lowered }) { return kind }
        guard let builtIn = SectionKind(frontMatter: name) else { return nil }
        return all.first { $0.builtIn == builtIn }
    }

    /// The known name closest to an unknown one.
    public func nearest(to name: String) -> String? { Suggestion.nearest(to: name, among: names) }

    /// The suggestion for an unknown kind, in ``Suggestion``'s one wording.
    package func question(for name: String) -> String? { Suggestion.question(for: name, among: names) }

    /// The names fragments may use, in order.
    public var names: [String] { all.map(\.name) }
}

extension SectionKind {
    /// The order a release lists kinds in when the notes show none: breaking changes first, then
    /// Keep a Changelog's six, then the rest.
    public static let releaseOrder: [SectionKind] = [
        .breaking, .added, .changed, .deprecated, .removed, .fixed, .security, .performance, .docs, .dependencies,
        .internal, .knownIssues, .other, .pullRequests, .contributors,
    ]
}
