import WhatsNewModel
import WhatsNewSchema

/// A lint report made from the library's diagnostics.
extension LintReport {
    /// The report of `diagnostics`, in the order given.
    public init(_ diagnostics: [Diagnostic]) {
        self.init(
            errors: diagnostics.count { $0.severity == .error },
            warnings: diagnostics.count { $0.severity == .warning },
            diagnostics: diagnostics.map { diagnostic in
                Finding(
                    path: diagnostic.location.path, line: diagnostic.location.line,
                    column: diagnostic.location.column,
                    severity: diagnostic.severity == .error ? .error : .warning, rule: diagnostic.rule.rawValue,
                    message: diagnostic.message)
            })
    }

    /// One line per finding, as `path:line:column: severity: message [rule]`, control
    /// characters from a file shown as escapes, as every diagnostic shows them.
    public func text() -> String {
        diagnostics.map { finding in
            let location = SourceLocation(path: finding.path, line: finding.line, column: finding.column)
            return
                "\(location): \(finding.severity.rawValue): \(finding.message.escapingControls()) [\(finding.rule)]\n"
        }.joined()
    }

    /// The report as JSON, schema version 1.
    public func json() -> String {
        (try? JSONTextEncoder().encode(self)) ?? ""
    }
}
