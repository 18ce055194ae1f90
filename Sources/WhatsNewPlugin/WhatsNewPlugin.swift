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
