/// An issue or pull request a fragment names: `issue: 212`, `pr: [9, 12]`, or a URL.
public struct ChangeReference: Sendable, Hashable {
    /// What a reference points at.
    public enum Target: String, Sendable, Hashable {
        /// An issue (`issue:`).
        case issue
        /// A pull request (`pr:`).
        case pullRequest = "pr"
    }

    /// Whether it names an issue or a pull request.
    public var target: Target
    /// The number, given or read off the end of a URL.
    public var number: Int?
    /// The address as given; nil for a bare number.
    public var url: String?

    /// Reads one value: digits (with an optional `#`), or an `http(s)` address. Anything else
    /// is nil: the value reaches Markdown and HTML, so nothing else may pass.
    public init?(_ value: String, target: Target) {
        let value = value.trimmedWhitespace()
        self.target = target
        let digits = value.hasPrefix("#") ? String(value.dropFirst()) : value
        if !digits.isEmpty, digits.count <= 12, digits.utf8.allSatisfy({ (0x30...0x39).contains($0) }) {
            number = Int(digits)
            url = nil
            return
        }
        guard LinkSafety.isWeb(value) else { return nil }
        url = value
        let last = value.split(separator: "/").last.map(String.init) ?? ""
        number = last.utf8.allSatisfy({ (0x30...0x39).contains($0) }) && last.count <= 12 ? Int(last) : nil
    }

    /// The reference as Markdown: `#212`, or `[#212](…/issues/212)` when it has an address.
    public func markdown(repository: RepositoryAddress?) -> String {
        let label = number.map { "#\($0)" } ?? url.map(Self.shortLabel) ?? ""
        guard let address = url ?? number.flatMap({ repository?.address(of: target, number: $0) }) else {
            return label
        }
        return "[\(label)](\(MarkdownWriter.destination(address)))"
    }

    /// The last part of an address that names no number: `…/discussions/foo` → `foo`.
    private static func shortLabel(_ url: String) -> String {
        let parts = url.split(separator: "/")
        return parts.count > 2 ? String(parts.last!) : url
    }
}

/// Where a project's issues and pull requests live: `repository:` in `.whatsnew.yml`, as
/// `owner/name` on GitHub or a whole address.
public struct RepositoryAddress: Sendable, Hashable {
    /// `https://github.com/owner/name`, without a trailing slash.
    public var base: String

    /// `owner/name`, or an `http(s)` address; nil for anything else.
    public init?(_ text: String) {
        var text = text.trimmedWhitespace()
        while text.hasSuffix("/") { text.removeLast() }
        if text.hasSuffix(".git") { text.removeLast(4) }
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        if parts.count == 2, parts.allSatisfy(Self.isNamePart) {
            base = "https://github.com/" + text
        } else if LinkSafety.isWeb(text) {
            base = text
        } else {
            return nil
        }
    }

    /// The address of an issue or pull request: GitHub's paths, or GitLab's on a GitLab host.
    public func address(of target: ChangeReference.Target, number: Int) -> String {
        let isGitLab = base.lowercased().contains(text: "gitlab")
        switch (target, isGitLab) {
        case (.issue, false): return "\(base)/issues/\(number)"
        case (.pullRequest, false): return "\(base)/pull/\(number)"
        case (.issue, true): return "\(base)/-/issues/\(number)"
        case (.pullRequest, true): return "\(base)/-/merge_requests/\(number)"
        }
    }

    private static func isNamePart(_ part: Substring) -> Bool {
        !part.isEmpty && part != "." && part != ".."
            && part.utf8.allSatisfy { byte in
                (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte | 0x20)
                    || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
                    || byte == UInt8(ascii: "-") || byte == UInt8(ascii: "_") || byte == UInt8(ascii: ".")
            }
    }
}
