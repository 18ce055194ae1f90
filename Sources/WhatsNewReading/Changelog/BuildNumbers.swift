import WhatsNewModel

/// Each release's build number, which Sparkle matches with the installed app's
/// `CFBundleVersion` to know which notes the reader has already seen.
///
/// In order of precedence: `--build 1.4.0=1248` on the command line, a `build:` key in the
/// release's own front matter (a block under its heading that opens with `build:`, or the
/// sheet's block beside its `version:`), then the project's `builds:` map in `.whatsnew.yml`.
/// A release with none is numbered by its version as written.
public enum BuildNumbers {
    /// Gives the builds `builds` names (version → build) to the releases of those versions:
    /// every one of them when `overriding` (the command line), otherwise only releases whose
    /// notes give none (the project's settings). Returns the versions no release has.
    @discardableResult
    public static func apply(
        _ builds: [(version: String, build: String)], to document: inout Document, overriding: Bool
    )
        -> [String]
    {
        var unmatched: [String] = []
        for (version, build) in builds {
            var found = false
            for index in document.releases.indices
            where document.releases[index].version?.matches(version) ?? false {
                found = true
                if overriding || document.releases[index].build == nil { document.releases[index].build = build }
            }
            if !found { unmatched.append(version) }
        }
        return unmatched
    }
}
