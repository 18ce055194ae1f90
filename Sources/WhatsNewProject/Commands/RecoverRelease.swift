import WhatsNewModel

/// `whatsnew recover`: ends a release a killed or cancelled run left half-done — forward when
/// the notes already hold it, back otherwise — and removes what a killed writer left beside
/// the notes. The writing commands do the same before they start; this is the one to run when
/// `lint`, `check` or a sheet reports an unfinished release.
package struct RecoverRelease {
    /// `--notes`: the notes file; nil for the project's.
    package var notes: String?

    package init() {}

    package func run(in project: Project, console: Console = .standard) throws(CommandFailure) {
        try project.settings?.check(on: console)
        let (lock, ended) = try project.lockAndRecover(notes: notes, console: console, speaker: "whatsnew recover")
        defer { lock.release() }
        if ended == 0 { console.report("whatsnew recover: no release was interrupted here; nothing to do") }
    }
}
