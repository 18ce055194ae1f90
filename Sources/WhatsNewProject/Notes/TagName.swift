import WhatsNewModel
import WhatsNewReading

/// The tag a release is published under: `tag:` in `.whatsnew.yml` (`v{version}`,
/// `app@{version}`), else the form the project's own tags give its versions, else the form its
/// notes' comparison links use, else `v` and the version, as most projects tag.
package enum TagName {
    /// The tag's form for the notes' `releases`, read from the project and its git tags.
    package static func template(for releases: [Release], project: Project, tags: [String]) -> VersionTemplate {
        if let name = project.unit.name {
            return template(ofPackage: name, releases: releases, project: project, tags: tags)
        }
        if let written = project.config?.tag, let template = VersionTemplate(written) { return template }
        let versions = releases.compactMap { $0.isUnreleased ? nil : $0.version?.text }
        // The form the notes' comparison links and release links give their versions
        // (`compare/socket.io@4.8.2...socket.io@4.8.3`, `tag/v1.4.0`).
        let linked: String? = releases.lazy.compactMap { release -> String? in
            guard let version = release.version?.text, !release.isUnreleased else { return nil }
            return [release.compare, release.link].compactMap { $0 }.lazy
                .compactMap { VersionText.leads(of: version, in: $0).first(where: isSafe) }.first
        }.first
        // The newest version the tags name, read back as the form around it (`v1.4.0`, `app@1.4.0`);
        // two forms for one version (`a@0.2.0`, `b@0.2.0` in a monorepo) say nothing, unless
        // the notes' links name one of them: else `tag:` must.
        for version in versions {
            let forms = Set(
                tags.compactMap { tag -> String? in
                    guard tag.hasSuffix(version) else { return nil }
                    let prefix = String(tag.dropLast(version.count))
                    return prefix.last.map({ !$0.isNumber && $0 != "." }) ?? true ? prefix : nil
                })
            if forms.count == 1, let prefix = forms.first { return VersionTemplate(prefix + "{version}")! }
            if forms.count > 1 {
                if let linked, forms.contains(linked) { return VersionTemplate(linked + "{version}")! }
                break
            }
        }
        if let linked { return VersionTemplate(linked + "{version}")! }
        return VersionTemplate("v{version}")!
    }

    /// Tag text git takes and nothing a shell or `$GITHUB_OUTPUT` reads more into: letters,
    /// digits and `. _ - / @ +`, no leading `-`, no `..`. The one rule for `tag:` and for the
    /// form read from the notes' links.
    package static func isSafe(_ text: String) -> Bool {
        !text.hasPrefix("-") && !text.contains("..")
            && text.unicodeScalars.allSatisfy {
                $0.isASCII
                    && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || "._-/@+".unicodeScalars.contains($0))
            }
    }

    /// A package's tag: its own `tag:`, else the form the repository's tags already give its
    /// versions (`core@1.2.0`, `core-v1.2.0`, `core-1.2.0`, `core/v1.2.0`), else `NAME@VERSION`
    /// for an npm package (a package.json in its folder), as changesets tags, and `NAME-vVERSION`
    /// otherwise, as release-please and cargo-release do. A tag of the repository's own form
    /// (`v1.2.0`) would name every package's release alike, so it is never inferred.
    static func template(ofPackage name: String, releases: [Release], project: Project, tags: [String])
        -> VersionTemplate
    {
        if let written = project.unit.own?.tag, let template = VersionTemplate(written) { return template }
        let forms = ["@", "-v", "-", "/v", "/", "_v"].map { name + $0 }
        let versions = releases.compactMap { $0.isUnreleased ? nil : $0.version?.text }
        let tagSet = Set(tags)
        for version in versions {
            if let form = forms.first(where: { tagSet.contains($0 + version) }) {
                return VersionTemplate(form + "{version}")!
            }
        }
        let isNPM = FileKind(of: project.unit.folder + "package.json") == .regularFile
        return VersionTemplate(name + (isNPM ? "@" : "-v") + "{version}") ?? VersionTemplate("v{version}")!
    }
}
