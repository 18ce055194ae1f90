import Foundation
import WhatsNewModel

/// A project's `.whatsnew.yml` as read, with what reading it found, and where its relative
/// paths start.
package struct ProjectSettings: Sendable {
    /// The settings.
    package let config: ProjectConfig
    /// What reading them found: unknown keys warn, wrong values are errors.
    package let diagnostics: [Diagnostic]

    /// Reads the file at `path`.
    package static func load(_ path: String) throws(CommandFailure) -> ProjectSettings {
        do {
            let (config, diagnostics) = ProjectConfig.read(try SourceFile.load(path: path))
            return ProjectSettings(config: config, diagnostics: diagnostics)
        } catch {
            throw CommandFailure(error)
        }
    }

    /// A path from the file, relative to the file's folder.
    package func resolve(_ path: String?) -> String? {
        guard let path else { return nil }
        guard !path.hasPrefix("/"), let slash = config.path.lastIndex(of: "/") else { return path }
        return String(config.path[...slash]) + path
    }

    /// The errors among the findings stop a command; its warnings are said and the run goes on.
    package func check(on console: Console) throws(CommandFailure) {
        guard !diagnostics.isEmpty else { return }
        if diagnostics.contains(where: { $0.severity == .error }) { throw CommandFailure(diagnostics) }
        console.report(diagnostics)
    }
}
