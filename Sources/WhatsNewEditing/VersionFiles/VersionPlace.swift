import WhatsNewModel

/// Which of the project's numbers a place holds.
public enum VersionField: Sendable, Hashable {
    /// The version users see: `MARKETING_VERSION`, `CFBundleShortVersionString`, `version`.
    case version
    /// The build number: `CURRENT_PROJECT_VERSION`, `CFBundleVersion`.
    case build
}

/// A place in a file that holds the version or the build number.
public struct VersionPlace: Sendable, Equatable {
    /// The bytes replaced: the value, with its quotes when `quoting` is ``Quoting/openStep(quoted:)``.
    public var range: Range<Int>
    /// The value as written, without quotes.
    public var value: String
    /// The setting's name in the file (`MARKETING_VERSION`, `version`).
    public var key: String
    /// How a new value is written there.
    public var quoting: Quoting = .inside
    /// Whose setting it is, where the file says (`target App (Release)` in an Xcode project).
    public var owner: String?
    /// The target whose setting it is, in an Xcode project (`App`); nil for the project's own.
    public var target: String?

    /// How a new value is written in the place.
    public enum Quoting: Sendable, Equatable {
        /// As it is: the range lies inside the quotes, or the format needs none.
        case inside
        /// An Xcode project's: quoted as it was (`"1.4.0"` stays quoted), else bare when it can be
        /// (`1.4.0`) and quoted otherwise (`"1.5.0-beta.1"`).
        case openStep(quoted: Bool)
    }

    /// Whether the value names a build setting rather than a number (`$(MARKETING_VERSION)`):
    /// such a place follows the file that sets it and is left as it is.
    public var isReference: Bool { value.contains("$(") || value.contains("${") }

    /// The text written for `new`.
    package func replacement(_ new: String) -> String {
        guard case .openStep(let quoted) = quoting else { return new }
        let bare = !quoted && new.utf8.allSatisfy { OpenStepScanner.isBare($0) }
        return bare ? new : "\"" + new + "\""
    }
}

/// Why a version cannot be read or written in a file: what, and where (a byte offset).
public struct VersionFileProblem: Error, Sendable, Equatable {
    /// The byte the problem starts at; nil for the whole file.
    public var offset: Int?
    /// The message, without the path.
    public var message: String
    /// A workspace member that takes its version from the workspace (`version.workspace =
    /// true`): no problem when the workspace's own manifest is listed too.
    public var followsWorkspace = false

    /// A problem at `offset`.
    public init(at offset: Int?, _ message: String) {
        self.offset = offset
        self.message = message
    }

    /// The problem as a diagnostic in `path` (lines and columns counted in `bytes`).
    public func diagnostic(path: String, bytes: [UInt8], rule: DiagnosticRule = .versionFile) -> Diagnostic {
        guard let offset else { return Diagnostic(rule, at: SourceLocation(path: path), message) }
        let before = bytes[..<min(offset, bytes.count)]
        let line = before.lazy.filter { $0 == 0x0A }.count + 1
        let column = before.count - (before.lastIndex(of: 0x0A).map { $0 + 1 } ?? 0) + 1
        return Diagnostic(rule, at: SourceLocation(path: path, line: line, column: column), message)
    }
}
