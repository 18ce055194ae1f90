/// A place in an input file: 1-based line and byte column, as cmark counts them.
public struct SourceLocation: Sendable, Hashable {
    /// The path as the user gave it, or `<stdin>`.
    public var path: String
    /// 1-based line, or nil for a problem with the whole file.
    public var line: Int?
    /// 1-based column in bytes, or nil when only the line is known.
    public var column: Int?

    /// A place in a file; without a line, the whole file.
    public init(path: String, line: Int? = nil, column: Int? = nil) {
        self.path = path
        self.line = line
        self.column = column
    }
}

extension SourceLocation: CustomStringConvertible {
    /// `path:line:column`, leaving out what is not known.
    public var description: String {
        guard let line else { return shownPath }
        return "\(shownPath):\(line):\(column ?? 1)"
    }

    /// The path with control characters written as escapes (`\n`, `\u{1B}`): a file named with
    /// a line break, or a pull request's terminal escape, cannot split or restyle the one line.
    /// A backslash in a name that has such characters is doubled, so a file named `\u{1B}`
    /// cannot pass for one named with ESC.
    public var shownPath: String { path.escapingControls(doublingBackslashes: true) }
}
