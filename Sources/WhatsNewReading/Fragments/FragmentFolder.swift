import WhatsNewModel

/// The folder of fragments (`.changes/`): every `*.md` in it but a `README.md`, in the order of
/// their names.
public struct FragmentFolder: Sendable {
    /// The folder, as given.
    public let path: String

    /// The fragments folder at `path`.
    public init(path: String) {
        self.path = path
    }

    /// The fragments' paths, sorted by name; empty when the folder does not exist.
    public func paths() -> [String] {
        DirectoryListing.names(in: path, where: Self.isFragmentName).map {
            path.hasSuffix("/") ? path + $0 : path + "/" + $0
        }
    }

    /// The largest fragment read: 1 MB, far over any release note, far under a stray file.
    public static let maximumSize = 1 << 20

    /// `*.md`, not hidden, and not the folder's `README.md`.
    public static func isFragmentName(_ name: String) -> Bool {
        name.hasSuffix(".md") && !name.hasPrefix(".") && name.lowercased() != "readme.md"
    }

    /// Every fragment read, with what reading found. A fragment must be a file of its own: a
    /// link to somewhere else is refused, since a pull request could point one anywhere.
    public func read(with reader: FragmentReader) -> (fragments: [Fragment], diagnostics: [Diagnostic]) {
        var fragments: [Fragment] = []
        var diagnostics: [Diagnostic] = []
        for path in paths() {
            let (fragment, found) = Self.read(path, with: reader)
            if let fragment { fragments.append(fragment) }
            diagnostics += found
        }
        return (fragments, diagnostics)
    }

    /// One fragment file, refused unless it is a regular file.
    public static func read(_ path: String, with reader: FragmentReader, maximumSize: Int = Self.maximumSize) -> (
        Fragment?, [Diagnostic]
    ) {
        guard let kind = FileKind(of: path) else {
            return (nil, [Diagnostic(.unreadableFile, at: SourceLocation(path: path), "cannot read: no such file")])
        }
        guard kind == .regularFile else {
            let what = kind == .symbolicLink ? "a symbolic link" : "not a regular file"
            return (
                nil,
                [
                    Diagnostic(
                        .unreadableFile, at: SourceLocation(path: path),
                        "is \(what); a fragment is a Markdown file of its own")
                ]
            )
        }
        do {
            return reader.read(try SourceFile.load(path: path, maximumSize: maximumSize))
        } catch {
            return (nil, [error])
        }
    }
}
