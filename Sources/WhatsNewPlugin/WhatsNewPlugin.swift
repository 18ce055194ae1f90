import Foundation
import PackagePlugin

/// `swift package whatsnew …`: runs whatsnew, built from source, in the package's directory,
/// with the arguments as given, so `swift package whatsnew --format markdown` prints the
/// release body of the package's own CHANGELOG.md.
@main
struct WhatsNewPlugin: CommandPlugin {
    func performCommand(context: PluginContext, arguments: [String]) async throws {
        let tool = try context.tool(named: "WhatsNewCLI")
        let process = Process()
        process.executableURL = tool.url
        process.arguments = arguments
        process.currentDirectoryURL = context.package.directoryURL
        try process.run()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            // whatsnew has already said what went wrong; this only carries the failure out.
            throw WhatsNewFailed(status: process.terminationStatus)
        }
    }
}

struct WhatsNewFailed: Error, CustomStringConvertible {
    var status: Int32
    var description: String { "whatsnew exited with status \(status)" }
}
