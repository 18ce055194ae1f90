import WhatsNewModel

/// What drafting makes of each commit type: the built-in table (``CommitType``) with
/// `.whatsnew.yml`'s `commits:` over it.
struct CommitTypeTable {
    /// What a type gives.
    enum Entry {
        /// A note of this kind.
        case note(ChangeKind)
        /// No note: a type users never see, or one the project skips.
        case hidden(ChangeKind)
        /// No type whatsnew or the project knows.
        case unknown
    }

    let kinds: ChangeKinds
    let settings: [ProjectConfig.CommitTypeSetting]

    func entry(_ type: String) -> Entry {
        if let setting = settings.last(where: { $0.type == type }) {
            guard let name = setting.kind, let kind = kinds.named(name) else {
                return .hidden(kinds.named("internal") ?? ChangeKind(name: "internal"))
            }
            return .note(kind)
        }
        guard let known = CommitType.named(type), let kind = kinds.named(known.kind.rawValue) else { return .unknown }
        return known.isShown ? .note(kind) : .hidden(kind)
    }
}
