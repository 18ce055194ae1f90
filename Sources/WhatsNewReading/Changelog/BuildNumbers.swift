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
    public static func apply(_ builds: [(version: String, build: String)], to document: inout Document, overriding: Bool)
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

    /// The front matter's builds given to their releases: a release block's to the release
    /// whose heading stands above it, the sheet's to the release of the sheet's `version:`.
    static func attach(
        _ blocks: [ReleaseMetadata], sheetBuild: String?, sheetVersion: String?, to releases: inout [Release],
        path: String
    ) -> [Diagnostic] {
        var diagnostics: [Diagnostic] = []
        if let sheetBuild {
            let index =
                sheetVersion.flatMap { version in releases.firstIndex { $0.version?.matches(version) ?? false } }
                ?? (releases.count == 1 ? 0 : nil)
            if let index {
                releases[index].build = sheetBuild
            } else {
                diagnostics.append(
                    Diagnostic(
                        .buildOutsideRelease, at: SourceLocation(path: path, line: 2, column: 1),
                        "`build:` in the sheet's front matter numbers the release of its `version:`, and "
                            + (sheetVersion.map { "the notes have no release \($0)" } ?? "it has none")))
            }
        }
        for block in blocks where block.build != nil {
            let above = releases.indices.filter { releases[$0].line < block.openingLine }
                .max { releases[$0].line < releases[$1].line }
            guard let above else {
                diagnostics.append(
                    Diagnostic(
                        .buildOutsideRelease, at: SourceLocation(path: path, line: block.openingLine, column: 1),
                        "this `build:` stands before any release heading; put it under the heading of the release it numbers"
                    ))
                continue
            }
            releases[above].build = block.build
        }
        return diagnostics
    }
}
