import Foundation
import WhatsNewModel

/// What the process learns about its terminal: the environment, whether standard output is a
/// terminal, and the terminal's width.
enum TerminalEnvironment {
    static var variables: [String: String] { ProcessInfo.processInfo.environment }

    static var standardOutputIsTerminal: Bool { isatty(STDOUT_FILENO) == 1 }

    /// The columns of the terminal on standard output, from TIOCGWINSZ.
    static var columns: Int? {
        var size = winsize()
        guard ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 else { return nil }
        return Int(size.ws_col)
    }
}
