/// Text with one `{version}` placeholder, by one rule for the tag (`v{version}`, `app@{version}`,
/// with the build number too: `v{version}+{build}`) and for the pattern that finds a version in
/// a file of no known kind (`version = "{version}"`).
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

    /// The text with `version` in the placeholder's place; a tag's `{build}` stays, for the
    /// release to fill with its build number (`v{version}+{build}` gives `v1.4.0+1248`).
    public func filled(_ version: String) -> String { prefix + version + suffix }

    /// Whether the text names the build number (`{build}`) besides the version.
    public var namesBuild: Bool { (prefix + suffix).contains(Self.build) }

    /// Whether `tag` is this template filled with `version`, whatever build number it names.
    public func isTag(_ tag: String, of version: String) -> Bool {
        let filled = filled(version)
        guard namesBuild, let marker = filled.firstRange(of: Self.build) else { return tag == filled }
        let (head, tail) = (filled[..<marker.lowerBound], filled[marker.upperBound...])
        guard tag.count > head.count + tail.count, tag.hasPrefix(head), tag.hasSuffix(tail) else { return false }
        let build = tag.dropFirst(head.count).dropLast(tail.count)
        return build.allSatisfy { $0.isASCII && ($0.isNumber || $0 == ".") }
    }

    /// Where a tag names the build number.
    public static let build = "{build}"

    /// The version `text` holds in the placeholder's place, when it is written this way.
    public func version(in text: String) -> String? {
        guard text.count > prefix.count + suffix.count, text.hasPrefix(prefix), text.hasSuffix(suffix) else {
            return nil
        }
        return String(text.dropFirst(prefix.count).dropLast(suffix.count))
    }
}
