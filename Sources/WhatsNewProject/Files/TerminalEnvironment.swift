import WhatsNewModel

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// What the process learns about its terminal: the environment, whether standard output is a
/// terminal, and the terminal's width.
package struct TerminalEnvironment: Sendable {
    /// The environment's variables.
    package var variables: [String: String]
    /// Whether standard output is a terminal.
    package var standardOutputIsTerminal: Bool
    /// The columns of the terminal on standard output; nil when it is none.
    package var columns: Int?

    package init(variables: [String: String], standardOutputIsTerminal: Bool, columns: Int?) {
        self.variables = variables
        self.standardOutputIsTerminal = standardOutputIsTerminal
        self.columns = columns
    }

    /// This process's: the width from TIOCGWINSZ.
    package static var current: TerminalEnvironment {
        var size = winsize()
        let columns = ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &size) == 0 && size.ws_col > 0 ? Int(size.ws_col) : nil
        return TerminalEnvironment(
            variables: ProcessEnvironment.variables, standardOutputIsTerminal: isatty(STDOUT_FILENO) == 1,
            columns: columns)
    }
}
