/// A translation of release notes: its locale, its file and what was read from it.
public struct Translation: Sendable {
    public var locale: LocaleTag
    public var path: String
    public var document: Document

    public init(locale: LocaleTag, path: String, document: Document) {
        self.locale = locale
        self.path = path
        self.document = document
    }
}
