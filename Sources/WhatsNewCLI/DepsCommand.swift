import ArgumentParser
import WhatsNewProject
import WhatsNewRendering

/// `whatsnew deps`: what a dependency update brings, from the changelogs already on disk.
struct DepsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "deps",
        abstract: "Show what a dependency update brings: each updated package's notes, breaking changes first.",
        discussion: """
            Compares a lockfile with the same lockfile at --since (by default the merge base with \
            origin/HEAD, main or master, else HEAD), or with another file (--from), and shows for \
            each dependency whose version moved the releases after the old version up to the new \
            one, merged into one sheet with breaking rows first. The notes come from where the \
            package manager keeps each package: SwiftPM's .build/checkouts (read through git at \
            the pinned commit), Cargo's registry, node_modules, Go's module cache, pub's cache and \
            mix's deps/. Dependencies without notes are listed with their versions and why.

            Reads Package.resolved, Cargo.lock, package-lock.json, npm-shrinkwrap.json, \
            pnpm-lock.yaml, go.mod (or go.sum), pubspec.lock and mix.lock as data; no package \
            manager is run.
            """
    )

    @Option(help: "The commit to compare with (default: the merge base with origin/HEAD, main or master, else HEAD).")
    var since: String?

    @Option(help: "The lockfile (default: those in this folder, or the nearest folder above that has one).")
    var lockfile: String?

    @Option(help: "An older lockfile to compare with, instead of a commit.")
    var from: String?

    @Option(help: "The output format: text, markdown (a pull request comment), json or html.")
    var format: OutputFormat = .text

    @Option(help: "breaking: exit 1 when an update brings a breaking change (marked in its notes, or a major version).")
    var failOn: FailOn?

    @OptionGroup var outputFile: OutputOption
    @OptionGroup var text: TextOptions

    enum FailOn: String, ExpressibleByArgument, CaseIterable {
        case breaking
    }

    func run() throws {
        var show = ShowDependencyUpdates()
        (show.since, show.lockfile, show.from, show.format, show.output) = (
            since, lockfile, from, format, outputFile.output
        )
        (show.failsOnBreaking, show.text) = (failOn == .breaking, text.choices)
        try perform { () throws(CommandFailure) in try show.run() }
    }
}
