import ArgumentParser
import Foundation
import WhatsNewProject

@main
struct WhatsNewCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "whatsnew",
        abstract: "Turn Markdown release notes into a What's New sheet.",
        discussion: """
            Reads a CHANGELOG.md (Keep a Changelog and its many dialects) or curated sections with \
            YAML front matter, and prints the chosen release as a sheet of icon, title and summary.

            Exit status: 0 success, 1 a problem with the notes (or a lint finding), 2 a usage error.
            """,
        version: WhatsNewVersion.current,
        subcommands: [
            RenderCommand.self, LintCommand.self, NewCommand.self, ReleaseCommand.self, CheckCommand.self,
            PreviewCommand.self, RecoverCommand.self,
            IconsCommand.self, ExportCommand.self, CSSCommand.self, LocalesCommand.self,
        ],
        defaultSubcommand: RenderCommand.self
    )

    /// Runs the command; usage errors exit 2 rather than ArgumentParser's 64 (DESIGN §4). Every
    /// message is written here, so a full or closed stream never traps the process.
    static func main() {
        SignalShield.reportBrokenPipes()
        do {
            var command = try parseAsRoot()
            try command.run()
        } catch {
            let code = exitCode(for: error)
            let message = fullMessage(for: error)
            if code == .validationFailure {
                StandardError.write(message)
                Foundation.exit(2)
            }
            if code == .success {
                // --help, --version: the output itself, so a stream that cannot take it fails.
                if !message.isEmpty, let failed = StandardOutput.write(message + "\n") {
                    if failed == EPIPE { endByBrokenPipe() }
                    StandardError.write("whatsnew: cannot write: \(describe(errno: failed))")
                    Foundation.exit(1)
                }
            } else if !message.isEmpty {
                StandardError.write(message)
            }
            if code.rawValue == CommandFailure.brokenPipe.status { endByBrokenPipe() }
            Foundation.exit(code.rawValue)
        }
    }

    /// Ended by the reader, as `cat` is: by the signal itself, now let through.
    private static func endByBrokenPipe() -> Never {
        signal(SIGPIPE, SIG_DFL)
        raise(SIGPIPE)
        Foundation.exit(CommandFailure.brokenPipe.status)
    }
}

enum WhatsNewVersion {
    static let current = "0.1.0"
}
