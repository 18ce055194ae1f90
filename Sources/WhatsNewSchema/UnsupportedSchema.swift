/// The error decoding a ``Sheet`` (or a ``Timeline``, a ``LintReport``) throws for JSON of a
/// schema this library does not read (`"schemaVersion": 2`): its keys may mean something else,
/// so nothing is guessed. Update the whatsnew package, or write the JSON with the whatsnew the
/// app builds with.
///
/// ```swift
/// do {
///     sheet = try JSONDecoder().decode(Sheet.self, from: data)
/// } catch let error as UnsupportedSchema {
///     print(error)  // "What's New JSON of schema 2: this WhatsNewSchema reads schema 1; …"
/// }
/// ```
public struct UnsupportedSchema: Error, Sendable, Hashable, CustomStringConvertible {
    /// The schema the JSON says it follows.
    public var schemaVersion: Int

    /// The schema this library reads.
    public static let supported = 1

    /// The error for JSON of `schemaVersion`.
    public init(schemaVersion: Int) {
        self.schemaVersion = schemaVersion
    }

    /// A document's `schemaVersion` (absent is 1), when it is the one this library reads: every
    /// document of the schema is decoded through this one step.
    static func version<Key: CodingKey>(in container: KeyedDecodingContainer<Key>, forKey key: Key) throws -> Int {
        let version = try container.decodeIfPresent(Int.self, forKey: key) ?? supported
        guard version == supported else { throw UnsupportedSchema(schemaVersion: version) }
        return version
    }

    /// What went wrong and what to do, in one line.
    public var description: String {
        "What's New JSON of schema \(schemaVersion): this WhatsNewSchema reads schema \(Self.supported); "
            + "update the whatsnew package, or write the JSON with the whatsnew the app builds with"
    }
}
