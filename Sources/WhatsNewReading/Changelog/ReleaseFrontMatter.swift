import WhatsNewModel

/// What front matter says about releases, given to them: a release block's `build:` and
/// `show:` to the release whose heading stands above it, the sheet block's to the release of
/// its `version:` (or to the only release).
enum ReleaseFrontMatter {
    static func attach(
        _ blocks: [ReleaseMetadata], sheet: SheetMetadata, to releases: inout [Release], path: String
    ) -> [Diagnostic] {
        var diagnostics: [Diagnostic] = []
        if sheet.build != nil || sheet.show != nil {
            let index =
                sheet.version.flatMap { version in releases.firstIndex { $0.version?.matches(version) ?? false } }
                ?? (releases.count == 1 ? 0 : nil)
            if let index {
                if let build = sheet.build { releases[index].build = build }
                if let show = sheet.show { releases[index].show = show }
            } else {
                let key = sheet.build != nil ? "build" : "show"
                diagnostics.append(
                    Diagnostic(
                        .buildOutsideRelease, at: SourceLocation(path: path, line: 2, column: 1),
                        "`\(key):` in the sheet's front matter is about the release of its `version:`, and "
                            + (sheet.version.map { "the notes have no release \($0)" } ?? "it has none")))
            }
        }
        for block in blocks where block.build != nil || block.show != nil {
            let above = releases.indices.filter { releases[$0].line < block.openingLine }
                .max { releases[$0].line < releases[$1].line }
            guard let above else {
                let key = block.build != nil ? "build" : "show"
                diagnostics.append(
                    Diagnostic(
                        .buildOutsideRelease, at: SourceLocation(path: path, line: block.openingLine, column: 1),
                        "this `\(key):` stands before any release heading; put it under the heading of the release it is about"
                    ))
                continue
            }
            if let build = block.build { releases[above].build = build }
            if let show = block.show { releases[above].show = show }
        }
        return diagnostics
    }
}
