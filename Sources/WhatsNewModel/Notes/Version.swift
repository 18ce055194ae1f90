@_exported import WhatsNewSchema

/// A release's version, ordered as WhatsNewSchema orders it, so the command line and an app
/// that decodes the JSON agree on which release is newer.
public typealias Version = ReleaseVersion

extension Version {
    /// The version's numbers as written, without what follows them: `1.5.0` of `1.5.0-beta.1`.
    public var numbersText: String {
        // `2.5.0` of Python's `2.5.0.dev0`: the dot before a label is no part of the numbers.
        var numbers = text.prefix { $0.isNumber || $0 == "." }
        while numbers.last == "." { numbers = numbers.dropLast() }
        return String(numbers)
    }
}
