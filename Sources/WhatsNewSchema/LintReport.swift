/// What `whatsnew lint --format json` writes: schema version 1.
///
/// ```swift
/// let report = try JSONDecoder().decode(LintReport.self, from: data)
/// for finding in report.diagnostics where finding.severity == .error {
///     print("\(finding.path):\(finding.line ?? 1): \(finding.message)")
/// }
/// ```
public struct LintReport: Codable, Sendable, Hashable {
    /// The schema this document follows: `1`.
    public var schemaVersion: Int
    /// How many findings are errors.
    public var errors: Int
    /// How many findings are warnings.
    public var warnings: Int
    /// Every finding, file by file, in line order.
    public var diagnostics: [Finding]

    /// A report with its counts and findings, as `whatsnew lint` makes one.
    public init(schemaVersion: Int = 1, errors: Int, warnings: Int, diagnostics: [Finding]) {
        self.schemaVersion = schemaVersion
        self.errors = errors
        self.warnings = warnings
        self.diagnostics = diagnostics
    }

    /// One problem in the notes, and where it is.
    public struct Finding: Codable, Sendable, Hashable {
        /// The file as it was named on the command line, or `<stdin>`.
        public var path: String
        /// The 1-based line, or nil for a problem with the whole file.
        public var line: Int?
        /// The 1-based column in bytes, or nil when only the line is known.
        public var column: Int?
        /// Whether the finding fails `whatsnew lint` (an error) or only `--strict` (a warning).
        public var severity: Severity
        /// The rule's stable identifier, such as `invalid-date` or `duplicate-version`.
        public var rule: String
        /// What is wrong, and how to put it right, for a person to read.
        public var message: String

        /// A finding at a place in a file.
        public init(path: String, line: Int?, column: Int?, severity: Severity, rule: String, message: String) {
            self.path = path
            self.line = line
            self.column = column
            self.severity = severity
            self.rule = rule
            self.message = message
        }
    }

    /// Errors fail `whatsnew lint`; warnings fail it only with `--strict`.
    public enum Severity: String, Codable, Sendable, Hashable {
        /// Reported; fails `whatsnew lint` only with `--strict`.
        case warning
        /// Fails `whatsnew lint`.
        case error
    }
}

// Every key is written, absent values as `null`, in the order the schema documents them.
extension LintReport {
    private enum CodingKeys: String, CodingKey { case schemaVersion, errors, warnings, diagnostics }

    /// Decodes a report of schema 1 (`schemaVersion` absent is 1); any other schema throws
    /// ``UnsupportedSchema``.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        schemaVersion = try UnsupportedSchema.version(in: container, forKey: .schemaVersion)
        errors = try container.decode(Int.self, forKey: .errors)
        warnings = try container.decode(Int.self, forKey: .warnings)
        diagnostics = try container.decode([Finding].self, forKey: .diagnostics)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(schemaVersion, forKey: .schemaVersion)
        try container.encode(errors, forKey: .errors)
        try container.encode(warnings, forKey: .warnings)
        try container.encode(diagnostics, forKey: .diagnostics)
    }
}

extension LintReport.Finding {
    private enum CodingKeys: String, CodingKey { case path, line, column, severity, rule, message }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(path, forKey: .path)
        if let line { try container.encode(line, forKey: .line) } else { try container.encodeNil(forKey: .line) }
        if let column {
            try container.encode(column, forKey: .column)
        } else {
            try container.encodeNil(forKey: .column)
        }
        try container.encode(severity.rawValue, forKey: .severity)
        try container.encode(rule, forKey: .rule)
        try container.encode(message, forKey: .message)
    }
}
