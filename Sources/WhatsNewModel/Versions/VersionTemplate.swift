/// Text with one `{version}` placeholder, by one rule for the tag (`v{version}`, `app@{version}`)
/// and for the pattern that finds a version in a file of no known kind (`version = "{version}"`).
public struct VersionTemplate: Sendable, Equatable {
    /// The text before the placeholder.
    public let prefix: String
    /// The text after it.
    public let suffix: String

    /// The placeholder written into `text`; nil unless `{version}` stands there exactly once.
    public init?(_ text: String) {
        let marker = Array("{version}".utf8)
        let bytes = Array(text.utf8)
        var found: [Int] = []
        var index = 0
        while index + marker.count <= bytes.count {
            if bytes[index..<(index + marker.count)].elementsEqual(marker) {
                found.append(index)
                index += marker.count
            } else {
                index += 1
            }
        }
        guard found.count == 1 else { return nil }
        prefix = String(decoding: bytes[..<found[0]], as: UTF8.self)
        suffix = String(decoding: bytes[(found[0] + marker.count)...], as: UTF8.self)
    }

    /// The text with `version` in the placeholder's place.
    public func filled(_ version: String) -> String { prefix + version + suffix }

    /// The version `text` holds in the placeholder's place, when it is written this way.
    public func version(in text: String) -> String? {
        guard text.count > prefix.count + suffix.count, text.hasPrefix(prefix), text.hasSuffix(suffix) else { return nil }
        return String(text.dropFirst(prefix.count).dropLast(suffix.count))
    }
}
