import WhatsNewModel

/// A translation of release notes: its locale, its file and what was read from it.
public struct Translation: Sendable {
    /// The translation's language.
    public var locale: LocaleTag
    /// The translation's file.
    public var path: String
    /// The translated notes as read.
    public var document: Document

    /// A translation of the given file.
    public init(locale: LocaleTag, path: String, document: Document) {
        self.locale = locale
        self.path = path
        self.document = document
    }
}
