@_exported import WhatsNewSchema

// A release's version is WhatsNewSchema's ReleaseVersion, ordered as an app that decodes the
// JSON orders it, so the command line and the app agree on which release is newer.

extension ReleaseVersion {
    /// The version's numbers as written, without what follows them: `1.5.0` of `1.5.0-beta.1`.
    public var numbersText: String {
        // `2.5.0` of Python's `2.5.0.dev0`: the dot before a label is no part of the numbers.
        var numbers = text.prefix { $0.isNumber || $0 == "." }
        while numbers.last == "." { numbers = numbers.dropLast() }
        return String(numbers)
    }
}
