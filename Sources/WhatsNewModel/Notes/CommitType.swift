/// A conventional commit's type (`feat`, `fix`, `chore`) and the kind of change it is: the one
/// table that reading a `feat: …` item in a changelog and drafting a note from a `feat: …`
/// commit both use, so the two always agree.
public struct CommitType: Sendable, Hashable {
    /// The type as commits write it, lowercase.
    public var name: String
    /// The kind of change it announces.
    public var kind: SectionKind
    /// The row title a flat changelog's items of this type get (`feat` → `Features`).
    public var title: String
    /// Whether users see changes of this type: a note is drafted for it. `chore`, `ci`, `test`,
    /// `refactor`, `style` and `build` are work users never see.
    public var isShown: Bool

    /// The type a commit header or changelog label names (`Feat`, `FIX` read as `feat`, `fix`),
    /// or nil for a word that is no type.
    public static func named(_ name: some StringProtocol) -> CommitType? { byName[name.lowercased()] }

    /// Every type whatsnew knows, in the order the documentation lists them.
    public static let all: [CommitType] = KindWords.commitTypes

    private static let byName = Dictionary(all.map { ($0.name, $0) }) { first, _ in first }
}

/// The part of a conventional commit's header before its colon: `feat`, `fix(parser)`,
/// `feat!`, `refactor(core)!`. The type is any word; whether it is a known one is
/// ``CommitType/named(_:)``'s to say.
public struct CommitLabel: Sendable, Hashable {
    /// The type, lowercased.
    public var type: String
    /// The scope in parentheses, as written.
    public var scope: String?
    /// `!` before the colon: a breaking change.
    public var isBreaking: Bool

    /// The label `text` is, or nil when it is not one: a type of letters (with `-` or `_`
    /// inside), an optional scope without spaces or parentheses, an optional `!`.
    public init?(_ text: some StringProtocol) {
        var rest = Substring(text)
        isBreaking = rest.hasSuffix("!")
        if isBreaking { rest = rest.dropLast() }
        scope = nil
        if rest.hasSuffix(")"), let open = rest.firstIndex(of: "(") {
            let inner = rest[rest.index(after: open)..<rest.index(before: rest.endIndex)]
            guard !inner.isEmpty, !inner.contains(where: { $0 == " " || $0 == "(" || $0 == ")" || $0.isNewline }) else {
                return nil
            }
            scope = String(inner)
            rest = rest[..<open]
        }
        guard let first = rest.first, first.isASCII, first.isLetter, rest.count <= 24,
            rest.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-" || $0 == "_") })
        else { return nil }
        type = rest.lowercased()
    }
}

/// A conventional commit's first line: `feat(parser)!: read tables`.
public struct CommitHeader: Sendable, Hashable {
    /// The type, scope and `!`.
    public var label: CommitLabel
    /// The words after `: `, trimmed.
    public var description: String

    /// The header `line` is, or nil when it is not a conventional one (no label, or nothing
    /// after it).
    public init?(_ line: some StringProtocol) {
        guard let colon = line.firstIndex(of: ":") else { return nil }
        let after = line.index(after: colon)
        guard after < line.endIndex, line[after] == " ", let label = CommitLabel(line[..<colon]) else { return nil }
        let description = line[after...].trimmedWhitespace()
        guard !description.isEmpty else { return nil }
        self.label = label
        self.description = description
    }
}
