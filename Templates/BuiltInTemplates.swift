/// The HTML templates in this folder, compiled into the binary (SwiftPM `embedInCode`), so an
/// installed whatsnew renders HTML from any directory.
public enum BuiltInTemplates {
    /// Every template by the name partials use: `sheet`, `release`, `section`, `standalone`,
    /// `sparkle` (Sparkle's release-notes page), `style` (the stylesheet), `sparkle-style`
    /// (what Sparkle's view adds to it), and `sparkle-description` with
    /// `sparkle-description-style` (an appcast item's description: a table and a few rules).
    public static let all: [String: String] = [
        "sheet": String(decoding: PackageResources.sheet_mustache, as: UTF8.self),
        "release": String(decoding: PackageResources.release_mustache, as: UTF8.self),
        "section": String(decoding: PackageResources.section_mustache, as: UTF8.self),
        "standalone": String(decoding: PackageResources.standalone_mustache, as: UTF8.self),
        "sparkle": String(decoding: PackageResources.sparkle_mustache, as: UTF8.self),
        "style": String(decoding: PackageResources.whatsnew_css, as: UTF8.self),
        "sparkle-style": String(decoding: PackageResources.sparkle_css, as: UTF8.self),
        "sparkle-description-style": String(decoding: PackageResources.sparkle_description_css, as: UTF8.self),
        "sparkle-description": String(decoding: PackageResources.sparkle_description_mustache, as: UTF8.self),
    ]
}
