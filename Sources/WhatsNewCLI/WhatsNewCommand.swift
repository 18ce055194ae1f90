import ArgumentParser
import WhatsNewProject

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

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
            RenderCommand.self, LintCommand.self, NewCommand.self, DraftCommand.self, NextCommand.self,
            ReleaseCommand.self, CheckCommand.self, DepsCommand.self,
            PreviewCommand.self, RecoverCommand.self, InitCommand.self,
            IconsCommand.self, ExportCommand.self, CSSCommand.self, LocalesCommand.self,
        ],
        defaultSubcommand: RenderCommand.self
    )

    /// Writes `message` and a newline to standard output; a stream that cannot take it fails the run.
    private static func writeOutput(_ message: String) {
        guard let failed = StandardOutput.write(message + "\n") else { return }
        if failed == EPIPE { endByBrokenPipe() }
        StandardError.write("whatsnew: cannot write: \(describe(errno: failed))")
        exitProcess(1)
    }

    /// Runs the command; usage errors exit 2 rather than ArgumentParser's 64 (DESIGN §4). Every
    /// message is written here, so a full or closed stream never traps the process.
    static func main() {
        SignalShield.reportBrokenPipes()
        // `--version` alone needs none of the command tree, whose reflection costs milliseconds.
        if CommandLine.arguments.dropFirst().elementsEqual(["--version"]) {
            return writeOutput(WhatsNewVersion.current)
        }
        do {
            var command = try parseAsRoot()
            try command.run()
        } catch {
            let code = exitCode(for: error)
            let message = fullMessage(for: error)
            if code == .validationFailure {
                StandardError.write(message)
                exitProcess(2)
            }
            if code == .success {
                // --help, --version: the output itself, so a stream that cannot take it fails.
                let message = isRootHelp ? rootHelp() : message
                if !message.isEmpty { writeOutput(message) }
            } else if !message.isEmpty {
                StandardError.write(message)
            }
            if code.rawValue == CommandFailure.brokenPipe.status { endByBrokenPipe() }
            exitProcess(code.rawValue)
        }
    }

    /// `whatsnew --help`, `-h` or `help` alone: the help of the whole tool, whose default command
    /// is most of what people run.
    private static var isRootHelp: Bool {
        let arguments = Array(CommandLine.arguments.dropFirst())
        return [["--help"], ["-h"], ["help"]].contains(arguments)
    }

    /// The tool's help with the default command's usage, arguments and options in it, so
    /// `whatsnew --help` shows what a bare `whatsnew` takes, then the subcommands.
    private static func rootHelp() -> String {
        let root = helpMessage()
        let render = RenderCommand.helpMessage()
        guard let usage = root.firstRange(of: "USAGE: "), let options = root.firstRange(of: "OPTIONS:"),
            let subcommands = root.firstRange(of: "SUBCOMMANDS:"), let renderUsage = render.firstRange(of: "USAGE: "),
            let arguments = render.firstRange(of: "ARGUMENTS:")
        else { return root }
        let renderLine = render[renderUsage.upperBound...].prefix { $0 != "\n" }
        let usageLines =
            "USAGE: whatsnew " + renderLine.drop { $0 != " " }.dropFirst() + "\n       whatsnew <subcommand>\n\n"
        let renderSections = String(render[arguments.lowerBound...]).trimmingSuffixNewlines()
            .replacing("\nOPTIONS:", with: "\nOPTIONS (of the default command, render):")
        return String(root[..<usage.lowerBound]) + usageLines + renderSections + "\n\n"
            + String(root[options.lowerBound..<subcommands.lowerBound]).trimmingSuffixNewlines() + "\n\n"
            + String(root[subcommands.lowerBound...])
    }

    /// Ended by the reader, as `cat` is: by the signal itself, now let through.
    private static func endByBrokenPipe() -> Never {
        signal(SIGPIPE, SIG_DFL)
        raise(SIGPIPE)
        exitProcess(CommandFailure.brokenPipe.status)
    }
}

extension String {
    fileprivate func trimmingSuffixNewlines() -> String {
        var text = self
        while text.hasSuffix("\n") { text.removeLast() }
        return text
    }
}

enum WhatsNewVersion {
    static let current = "0.1.0"
}

/// `exit(3)`, under a name ParsableCommand's own `exit(withError:)` does not shadow.
private func exitProcess(_ status: Int32) -> Never { exit(status) }
