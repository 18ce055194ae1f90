import ArgumentParser
import Foundation
import WhatsNew

/// `whatsnew export`: release notes written where release tools look for them.
struct ExportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "export",
        abstract: "Write release notes into another tool's files.",
        subcommands: [FastlaneExportCommand.self]
    )
}

/// `whatsnew export fastlane`: fastlane's metadata files for the App Store and Google Play.
struct FastlaneExportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "fastlane",
        abstract: "Write fastlane/metadata/<locale>/release_notes.txt, and with --version-code the Android changelog."
    )

    @Argument(help: "The release notes to read, or - for standard input.")
    var input = "CHANGELOG.md"

    @Option(help: "The release to export: latest, unreleased or a version such as 1.4.0.")
    var release = "latest"

    @Option(help: "The metadata locale.")
    var locale = "en-US"

    @Option(help: "The Android version code; writes metadata/android/<locale>/changelogs/<code>.txt as well.")
    var versionCode: Int?

    @Option(help: "fastlane's directory.")
    var dir = "fastlane"

    @Flag(help: "Cut at a whole item to fit each store's limit instead of failing.")
    var truncate = false

    @OptionGroup var icons: IconOptions

    @OptionGroup var limit: InputLimit

    func validate() throws {
        if release == "all" { throw ValidationError("a store takes the notes of one release; name it with --release") }
        if let versionCode, versionCode < 1 { throw ValidationError("--version-code must be a positive number") }
        if locale.isEmpty || locale.contains("/") || locale.hasPrefix(".") {
            throw ValidationError("--locale must be a locale such as en-US, not \(locale)")
        }
    }

    func run() throws {
        let notes = try ChosenNotes(
            input, selection: ReleaseSelection(release: release), icons: try icons.catalog(), maximumSize: limit.bytes)
        // Every text is made before any file is written, so a failure leaves all of them as they were.
        var files = [
            ("\(dir)/metadata/\(locale)/release_notes.txt", try notes.storeText(.appStore, truncates: truncate))
        ]
        if let versionCode {
            files.append(
                (
                    "\(dir)/metadata/android/\(locale)/changelogs/\(versionCode).txt",
                    try notes.storeText(.play, truncates: truncate)
                ))
        }
        for (path, text) in files {
            let directory = URL(fileURLWithPath: path).deletingLastPathComponent()
            do {
                try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            } catch {
                throw Diagnostics.failure([
                    Diagnostic(
                        .unwritableOutput, at: SourceLocation(path: directory.path), "cannot create the directory")
                ])
            }
            try OutputTarget(path: path).write(text)
            StandardOutput.write("wrote \(path) (\(text.count - 1) characters)\n")
        }
    }
}
