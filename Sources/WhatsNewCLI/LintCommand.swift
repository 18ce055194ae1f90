import ArgumentParser
import WhatsNew
import WhatsNewSchema

/// `whatsnew lint`: every problem in the notes as `path:line:column: severity: message [rule]`.
struct LintCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "lint",
        abstract: "Check release notes; exit 1 on errors (and on warnings with --strict)."
    )

    @Argument(help: "The release notes to check.")
    var inputs: [String] = ["CHANGELOG.md"]

    @Flag(help: "Treat warnings as failures.")
    var strict = false

    @Option(help: "The report format: text or json.")
    var format: LintFormat = .text

    @OptionGroup var icons: IconOptions

    @OptionGroup var limit: InputLimit

    func run() throws {
        var diagnostics: [Diagnostic] = []
        var linter = Linter()
        do {
            let overrides = try icons.overrides()
            diagnostics += linter.unknownIcons(in: overrides, path: icons.iconMap ?? "")
            linter.icons = linter.icons.adding(overrides)
        } catch {
            diagnostics.append(error)
        }
        for input in inputs {
            do {
                let source = try SourceFile.load(path: input, maximumSize: limit.bytes)
                let reading = DocumentReader(icons: linter.icons).read(source)
                let findings = reading.diagnostics + linter.check(reading.document, path: source.path)
                diagnostics += findings.sorted(by: Diagnostic.inFileOrder)
            } catch {
                diagnostics.append(error)
            }
        }
        let report = LintReport(diagnostics)
        switch format {
        case .json: StandardOutput.write(report.json())
        case .text:
            StandardOutput.write(report.text())
            if !diagnostics.isEmpty { StandardError.write(summary(report)) }
        }
        if report.errors > 0 || (strict && report.warnings > 0) { throw ExitCode(1) }
    }

    private func summary(_ report: LintReport) -> String {
        func count(_ number: Int, _ noun: String) -> String { "\(number) \(noun)\(number == 1 ? "" : "s")" }
        return "\(count(report.errors, "error")), \(count(report.warnings, "warning")) in "
            + "\(count(inputs.count, "file"))\n"
    }
}

enum LintFormat: String, ExpressibleByArgument, CaseIterable {
    case text, json
}
