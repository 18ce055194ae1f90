import WhatsNewModel

/// `whatsnew init --packages`: the packages the repository declares, proposed as `packages:`.
/// Without a `.whatsnew.yml`, one is written holding them; beside one, the block is printed
/// to add, since a file someone wrote is theirs to change.
package struct ProposePackages {
    package init() {}

    package func run(in project: Project, console: Console = .standard) throws(CommandFailure) {
        if project.hasPackages {
            throw CommandFailure(
                message:
                    "whatsnew init: error: \(project.settings?.config.path ?? ProjectConfig.fileName) lists packages already; edit them there"
            )
        }
        let proposal = PackageProposal.propose(in: project.root)
        for skipped in proposal.skipped { console.report("whatsnew init: left out \(skipped)") }
        guard !proposal.packages.isEmpty else {
            throw CommandFailure(
                message:
                    "whatsnew init: error: found no packages the repository declares (npm, yarn or pnpm workspaces, a Cargo or Dart workspace, melos, a Swift package's products or an Xcode project's targets with folders of their own); list them under `packages:` in \(ProjectConfig.fileName) by hand"
            )
        }
        guard project.settings == nil else {
            try console.deliver(proposal.yaml)
            console.report(
                "whatsnew init: add these \(proposal.packages.count) packages to \(project.settings?.config.path ?? ProjectConfig.fileName)"
            )
            return
        }
        let path = project.root + ProjectConfig.fileName
        try OutputTarget(path: path).write(proposal.yaml)
        console.report(
            "whatsnew init: wrote \(path) with \(proposal.packages.count) packages from \(proposal.sources.joined(separator: ", ")); `whatsnew next --package all` shows what each would release"
        )
    }
}
