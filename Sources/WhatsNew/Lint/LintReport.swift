/// Lint findings for people (`path:line:column: severity: message [rule]`) or for machines.
public struct LintReport: Sendable {
    public var diagnostics: [Diagnostic]

    public init(diagnostics: [Diagnostic]) {
        self.diagnostics = diagnostics
    }

    public var errorCount: Int { diagnostics.count { $0.severity == .error } }
    public var warningCount: Int { diagnostics.count { $0.severity == .warning } }

    /// One line per finding.
    public func text() -> String {
        diagnostics.map { "\($0) [\($0.rule.rawValue)]\n" }.joined()
    }

    public func json() -> String {
        JSONValue.object([
            ("schemaVersion", .int(1)),
            ("errors", .int(errorCount)),
            ("warnings", .int(warningCount)),
            (
                "diagnostics",
                .array(
                    diagnostics.map { diagnostic in
                        .object([
                            ("path", .string(diagnostic.location.path)),
                            ("line", diagnostic.location.line.map(JSONValue.int) ?? .null),
                            ("column", diagnostic.location.column.map(JSONValue.int) ?? .null),
                            ("severity", .string(diagnostic.severity.rawValue)),
                            ("rule", .string(diagnostic.rule.rawValue)),
                            ("message", .string(diagnostic.message)),
                        ])
                    })
            ),
        ]).text()
    }
}
