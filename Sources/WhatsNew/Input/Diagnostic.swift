/// One finding about the input, with where it is and which rule it breaks.
public struct Diagnostic: Sendable, Hashable {
    public enum Severity: String, Sendable, Hashable {
        case warning
        case error
    }

    public var severity: Severity
    public var location: SourceLocation
    public var message: String
    public var rule: DiagnosticRule

    public init(_ rule: DiagnosticRule, at location: SourceLocation, _ message: String) {
        self.rule = rule
        self.severity = rule.severity
        self.location = location
        self.message = message
    }
}

extension Diagnostic: CustomStringConvertible {
    /// `path:line:column: severity: message`, the form editors and CI logs link to.
    public var description: String {
        "\(location): \(severity.rawValue): \(message)"
    }
}
