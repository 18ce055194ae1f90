import WhatsNewModel

/// Where the notes waiting for the next release come from: the fragments folder, or the
/// commits since the latest release drafted into notes. Every command reads its fragments
/// through one of these, so `next`, `release` and the sheet work the same on either.
public protocol FragmentSource {
    /// The folder the notes live in, and where a release removes them from.
    var folder: FragmentFolder { get }

    /// Every fragment, with what reading found.
    func read(with reader: FragmentReader) -> (fragments: [Fragment], diagnostics: [Diagnostic])
}

extension FragmentFolder: FragmentSource {
    /// The folder is its own source.
    public var folder: FragmentFolder { self }
}
