import Foundation
import PackagePlugin

/// `swift package whatsnew …`: runs whatsnew in the package's directory, with the arguments as
/// given, so `swift package whatsnew --format markdown` prints the release body of the package's
/// own CHANGELOG.md. The same file is the plugin of this package (whatsnew built from source)
/// and of the binary plugin package (`Integrations/swiftpm-plugin`, the released binary).
@main
struct WhatsNewPlugin: CommandPlugin {
    func performCommand(context: PluginContext, arguments: [String]) async throws {
        // The artifact bundle's executable is `whatsnew`; built from source it is the target's name.
        let tool = try (try? context.tool(named: "whatsnew")) ?? context.tool(named: "WhatsNewCLI")
        let process = Process()
        process.executableURL = tool.url
        process.arguments = arguments
        process.currentDirectoryURL = context.package.directoryURL
        // SwiftPM merges a plugin's standard error into its standard output, so whatsnew's
        // diagnostics would land in `> body.md`; they go back through SwiftPM's diagnostics.
        let errors = Pipe()
        process.standardError = errors
        try process.run()
        let said = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        for line in String(decoding: said, as: UTF8.self).split(separator: "\n") {
            PluginDiagnostic(line: String(line), in: context.package.directoryURL).emit()
        }
        guard process.terminationStatus == 0 else {
            // whatsnew has already said what went wrong; this only carries the failure out.
            throw WhatsNewFailed(status: process.terminationStatus)
        }
    }
}

/// One line whatsnew wrote to standard error, as SwiftPM shows a diagnostic: whatsnew's
/// `path:line:column: severity: message` keeps its place in the text, and gives SwiftPM the
/// file and line for the tools that show them; any other line is a remark.
struct PluginDiagnostic {
    var severity: Diagnostics.Severity
    var message: String
    var file: String?
    var line: Int?

    init(line text: String, in directory: URL) {
        let parts = text.split(separator: ":", maxSplits: 4, omittingEmptySubsequences: false).map(String.init)
        let kinds: [String: Diagnostics.Severity] = ["error": .error, "warning": .warning, "note": .remark]
        if parts.count == 5, let kind = kinds[parts[3].trimmingCharacters(in: .whitespaces)],
            let number = Int(parts[1]), let column = Int(parts[2])
        {
            severity = kind
            // SwiftPM prints a plugin's diagnostic without its place; the place stays in the text.
            message = "\(parts[0]):\(number):\(column): \(parts[4].trimmingCharacters(in: .whitespaces))"
            file = parts[0].hasPrefix("/") ? parts[0] : directory.appendingPathComponent(parts[0]).path
            line = number
            return
        }
        // `error: message` without a place (a missing file, a bad flag).
        for (prefix, kind) in [("error: ", Diagnostics.Severity.error), ("warning: ", .warning)]
        where text.hasPrefix(prefix) {
            (severity, message, file, line) = (kind, String(text.dropFirst(prefix.count)), nil, nil)
            return
        }
        (severity, message, file, line) = (.remark, text, nil, nil)
    }

    func emit() {
        Diagnostics.emit(severity, message, file: file, line: line)
    }
}

struct WhatsNewFailed: Error, CustomStringConvertible {
    var status: Int32
    var description: String { "whatsnew exited with status \(status)" }
}
