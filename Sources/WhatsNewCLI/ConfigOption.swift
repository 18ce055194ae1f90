import ArgumentParser
import Foundation
import WhatsNewModel
import WhatsNewProject

/// `--config FILE`, else `.whatsnew.yml` in the current folder or the nearest one above it.
struct ConfigOption: ParsableArguments {
    @Option(help: "The project's settings (default: .whatsnew.yml here or in a folder above).")
    var config: String?

    /// The settings found, with what reading them reported; nil when there is no file.
    func load() throws -> LoadedConfig? {
        guard let path = config ?? Self.nearest() else { return nil }
        do {
            let source = try SourceFile.load(path: path)
            let (settings, diagnostics) = ProjectConfig.read(source)
            return LoadedConfig(settings: settings, diagnostics: diagnostics)
        } catch {
            throw Diagnostics.failure([error])
        }
    }

    /// `.whatsnew.yml`, `../.whatsnew.yml`, … up to the file system's root.
    private static func nearest() -> String? {
        let depth = FileManager.default.currentDirectoryPath.split(separator: "/").count
        for level in 0...depth {
            let path = String(repeating: "../", count: level) + ProjectConfig.fileName
            if FileManager.default.fileExists(atPath: path) { return path }
        }
        return nil
    }
}

/// A project's settings and where their relative paths start.
struct LoadedConfig {
    let settings: ProjectConfig
    let diagnostics: [Diagnostic]

    /// A path from the file, relative to the file's folder.
    func resolve(_ path: String?) -> String? {
        guard let path else { return nil }
        guard !path.hasPrefix("/"), let slash = settings.path.lastIndex(of: "/") else { return path }
        return String(settings.path[...slash]) + path
    }

    /// Warnings go to standard error and the run goes on; an error stops it with exit 1.
    func report() throws {
        guard !diagnostics.isEmpty else { return }
        if diagnostics.contains(where: { $0.severity == .error }) { throw Diagnostics.failure(diagnostics) }
        StandardError.write(diagnostics.map { "\($0)\n" }.joined())
    }
}

/// `--locales-dir DIR`: a folder of translations named by locale, besides `CHANGELOG.<locale>.md`.
struct TranslationOptions: ParsableArguments {
    @Option(help: "A folder of translations named by locale (de.md, pt-BR.md).")
    var localesDir: String?
}
