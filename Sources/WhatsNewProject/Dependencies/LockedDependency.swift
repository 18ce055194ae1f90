import WhatsNewSchema

/// One package a lockfile pins: its name as the ecosystem writes it, the version pinned and,
/// where the lockfile says, where it comes from. Every field is the lockfile's text, untrusted.
package struct LockedDependency: Sendable, Hashable {
    /// What the ecosystem calls it (`swift-nio`, `serde`, `@babel/core`, `golang.org/x/text`).
    package var name: String
    /// The version pinned, as written (`2.101.3`, `v0.14.0`); a commit for a branch pin.
    package var version: String
    /// The repository or registry it comes from, when the lockfile names one.
    package var source: String?
    /// The commit the lockfile pins, when it names one (SwiftPM, mix's git deps).
    package var revision: String?

    /// The version as one, unless it is a commit standing for one (a branch or git pin).
    var releaseVersion: ReleaseVersion? {
        if let revision, revision.hasPrefix(version) { return nil }
        return ReleaseVersion(version)
    }

    package init(name: String, version: String, source: String? = nil, revision: String? = nil) {
        self.name = name
        self.version = version
        self.source = source
        self.revision = revision
    }
}

/// Why a lockfile could not be read: what is wrong, and where when it is known.
package struct LockfileProblem: Error, Sendable {
    package var message: String
    package var line: Int?

    package init(_ message: String, line: Int? = nil) {
        self.message = message
        self.line = line
    }
}
