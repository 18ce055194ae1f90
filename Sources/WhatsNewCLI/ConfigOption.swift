import ArgumentParser
import WhatsNewProject

/// `--config FILE`, else `.whatsnew.yml` in the current folder or the nearest one above it.
struct ConfigOption: ParsableArguments {
    @Option(help: "The project's settings (default: .whatsnew.yml here or in a folder above).")
    var config: String?

    @Option(
        name: .customLong("package"),
        help: ArgumentHelp(
            "The package to work on, of those .whatsnew.yml lists under packages: (repeat for several, or all; default: the one whose folder you are in).",
            valueName: "name"))
    var packages: [String] = []

    /// The project around the current folder, with these settings, for the packages named.
    func project() throws(CommandFailure) -> Project { try Project.find(settings: config).selecting(packages) }
}

/// `--locales-dir DIR`: a folder of translations named by locale, besides `CHANGELOG.<locale>.md`.
struct TranslationOptions: ParsableArguments {
    @Option(help: "A folder of translations named by locale (de.md, pt-BR.md).")
    var localesDir: String?
}

extension ParsableCommand {
    /// Runs a use case in the project: its failure is printed as findings and becomes the exit
    /// status; a request it cannot take is a usage error, as the command line's own are.
    @discardableResult
    func perform<Value>(_ body: () throws(CommandFailure) -> Value) throws -> Value {
        do {
            return try body()
        } catch {
            if error.status == 2 { throw ValidationError(error.notes.joined(separator: "\n")) }
            if !error.text.isEmpty { StandardError.write(error.text) }
            throw ExitCode(error.status)
        }
    }
}
