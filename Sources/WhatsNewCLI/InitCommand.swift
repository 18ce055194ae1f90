import ArgumentParser
import WhatsNewProject

/// `whatsnew init --packages`: `packages:` proposed from what the repository declares.
struct InitCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "init",
        abstract: "Propose .whatsnew.yml's packages: from the workspaces and products the repository declares.",
        discussion: """
            --packages reads what the repository declares: npm and yarn workspaces \
            (package.json), pnpm-workspace.yaml, a Cargo workspace's members and exclude, a Dart \
            pub workspace or melos.yaml, else a Swift package's products with a folder of their \
            own under Sources/, else an Xcode project's targets with their own Info.plist. Each \
            package is named as its manifest names it. Without a .whatsnew.yml, one is written \
            with them; beside one, the packages: block is printed to add to it.
            """
    )

    @Flag(help: "Propose the packages the repository declares (the one thing init does).")
    var packages = false

    @OptionGroup var settings: ConfigOption

    func validate() throws {
        if !packages { throw ValidationError("init proposes a repository's packages: give --packages") }
    }

    func run() throws {
        try perform { () throws(CommandFailure) in try ProposePackages().run(in: settings.project()) }
    }
}
