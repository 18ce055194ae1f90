/// One finding about the input, with where it is and which rule it breaks.
public struct Diagnostic: Sendable, Hashable {
    /// How much a finding matters.
    public enum Severity: String, Sendable, Hashable {
        /// Reported; fails `whatsnew lint` only with `--strict`.
        case warning
        /// Stops the command, or fails `whatsnew lint`.
        case error
    }

    /// The rule's severity.
    public var severity: Severity
    /// Where in which file.
    public var location: SourceLocation
    /// What is wrong and how to put it right, for a person to read.
    public var message: String
    /// The rule broken, with its stable identifier.
    public var rule: DiagnosticRule

    /// A finding of `rule` at `location`.
    public init(_ rule: DiagnosticRule, at location: SourceLocation, _ message: String) {
        self.rule = rule
        self.severity = rule.severity
        self.location = location
        self.message = message
    }
}

extension Diagnostic: CustomStringConvertible {
    /// `path:line:column: severity: message`, the form editors and CI logs link to; one line,
    /// whatever the path or the message quote from a file.
    public var description: String {
        "\(location): \(severity.rawValue): \(message.escapingControls())"
    }
}
