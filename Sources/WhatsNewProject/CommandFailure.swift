import WhatsNewModel

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Why a command stopped: the findings to show, what to say after them, and the exit status.
/// Every use case reports failure this way; the command line prints it and exits.
package struct CommandFailure: Error {
    /// The findings, each `path:line:column: severity: message`.
    package var diagnostics: [Diagnostic]
    /// Lines said after the findings (`nothing was changed: …`).
    package var notes: [String]
    /// 1 for a problem with the notes or files, 2 for a request the command cannot take.
    package var status: Int32

    package init(_ diagnostics: [Diagnostic], notes: [String] = [], status: Int32 = 1) {
        self.diagnostics = diagnostics
        self.notes = notes
        self.status = status
    }

    /// One finding.
    package init(_ diagnostic: Diagnostic, notes: [String] = []) {
        self.init([diagnostic], notes: notes)
    }

    /// A message with no place in a file (`whatsnew check: error: …`).
    package init(message: String, status: Int32 = 1) {
        self.init([], notes: [message], status: status)
    }

    /// A request the command cannot take, said as the command line says its usage errors.
    package static func usage(_ message: String) -> CommandFailure {
        CommandFailure(message: message, status: 2)
    }

    /// Standard output was closed by its reader (`whatsnew | head`): the conventional quiet end,
    /// said by the status a shell gives a process ended by SIGPIPE.
    package static let brokenPipe = CommandFailure([], status: 128 + SIGPIPE)

    /// Everything to print, in order.
    package var text: String { (diagnostics.map(\.description) + notes).map { $0 + "\n" }.joined() }
}
