extension Release {
    /// What every renderer calls the release: `Version 1.4.0`, `Unreleased`, or its heading's
    /// own title when it names no version.
    func displayName(_ words: SheetWords = .english) -> String {
        if let version { return words.version(version.text) }
        return isUnreleased ? words.unreleased : title
    }

    /// What a sheet says in place of rows when a release lists nothing.
    func emptyNote(_ words: SheetWords = .english) -> String { isUnreleased ? words.nothingListed : words.noChanges }
}

/// Addresses a reader may be sent to from release notes: the web and mail, nothing that runs
/// or opens local files (`javascript:`, `data:`, `file:` …).
enum LinkScheme {
    static func isWebOrMail(_ address: String) -> Bool {
        isWeb(address) || address.lowercased().hasPrefix("mailto:")
    }

    /// An http or https address: what a release's comparison or a reference may point to.
    static func isWeb(_ address: String) -> Bool {
        let lower = address.prefix(8).lowercased()
        return lower.hasPrefix("https://") || lower.hasPrefix("http://")
    }
}
