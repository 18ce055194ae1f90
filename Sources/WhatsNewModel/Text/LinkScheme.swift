/// Addresses a reader may be sent to from release notes: the web and mail, nothing that runs
/// or opens local files (`javascript:`, `data:`, `file:` …).
package enum LinkScheme {
    package static func isWebOrMail(_ address: String) -> Bool {
        isWeb(address) || address.lowercased().hasPrefix("mailto:")
    }

    /// An http or https address: what a release's comparison or a reference may point to.
    package static func isWeb(_ address: String) -> Bool {
        let lower = address.prefix(8).lowercased()
        return lower.hasPrefix("https://") || lower.hasPrefix("http://")
    }
}
