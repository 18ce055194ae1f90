import WhatsNew

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// What the process learns about its terminal: the environment, whether standard output is a
/// terminal, and the terminal's width.
enum TerminalEnvironment {
    static var variables: [String: String] {
        var result: [String: String] = [:]
        var entry = environ
        while let pointer = entry.pointee {
            let pair = String(cString: pointer)
            if let equals = pair.firstIndex(of: "=") {
                result[String(pair[..<equals])] = String(pair[pair.index(after: equals)...])
            }
            entry += 1
        }
        return result
    }

    static var standardOutputIsTerminal: Bool { isatty(STDOUT_FILENO) == 1 }

    /// The columns of the terminal on standard output, from TIOCGWINSZ.
    static var columns: Int? {
        var size = winsize()
        guard ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 else { return nil }
        return Int(size.ws_col)
    }
}
