import ArgumentParser
import Foundation
import WhatsNewModel
import WhatsNewReading
import WhatsNewEditing

/// `whatsnew release VERSION`: the fragments and the notes' unreleased changes written into the
/// notes as a new release, in the notes' own dialect, all or nothing.
struct ReleaseCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "release",
        abstract: "Write the fragments and the unreleased changes into the notes as a new release.",
        discussion: """
            The release is written the way the notes write theirs: the heading's shape and date, \
            the words and order of their category headings, their bullet, and featured rows as \
            front matter where the notes keep them so. It goes where the newest release goes; an \
            Unreleased heading stays, emptied, and Keep a Changelog's comparison links at the foot \
            move on. Featured rows (fragments with a title) come first, then each kind's items in \
            the order of the fragments' file names, which start with the time each was written.

            Nothing is changed unless everything is: the notes file is replaced atomically and the \
            fragments are removed only once it is (--keep leaves them). A version already in the \
            notes, one not newer than the latest, an invalid fragment, or nothing to release stops \
            the run with exit 1 and changes nothing.
            """
    )

    @Argument(help: "The new release's version, such as 1.4.0.")
    var version: String

    @Option(help: "The release date, YYYY-MM-DD (default: today).")
    var date: String?

    @Option(help: "The notes file (default: .whatsnew.yml's input, else CHANGELOG.md).")
    var notes: String?

    @Flag(help: "Print the new release's Markdown and change nothing.")
    var dryRun = false

    @Flag(help: "Leave the fragments in place once they are written into the notes.")
    var keep = false

    @Flag(help: "Allow a version that is not newer than the latest release.")
    var allowOlder = false

    @Flag(help: "Write the release even with no fragments and no unreleased changes.")
    var allowEmpty = false

    @OptionGroup var icons: IconOptions

    @OptionGroup var settings: ConfigOption

    func validate() throws {
        if let date, ReleaseDate(iso: date) == nil {
            throw ValidationError("--date takes a real day as YYYY-MM-DD, not \(date)")
        }
    }

    func run() throws {
        let loaded = try settings.load()
        try loaded?.report()
        let path = notes ?? loaded?.notesPath ?? "CHANGELOG.md"
        let fragments = ProjectFragments.forNotes(path, config: loaded)!
        let catalog = try icons.catalog().adding(loaded?.settings.icons ?? [])
        var reader = DocumentReader(icons: catalog)
        reader.kinds = fragments.projectKinds

        let (found, fragmentFindings) = fragments.folder.read(with: FragmentReader(kinds: fragments.kinds))
        let source: SourceFile
        if FileManager.default.fileExists(atPath: path) {
            source = try InputFile.load(path)
        } else {
            source = try SourceFile(path: path, bytes: [])
        }
        let reading = reader.read(source)
        let unreleased = reading.document.releases.first(where: \.isUnreleased)
        // The notes' errors and every fragment finding, warnings too; any error stops the run.
        let findings =
            reading.errors + fragmentFindings + FragmentLinter(icons: catalog).check(found, unreleased: unreleased)
        if findings.contains(where: { $0.severity == .error }) { throw Diagnostics.failure(findings) }
        if !findings.isEmpty { StandardError.write(findings.map { "\($0)\n" }.joined()) }

        let edit: ReleaseWriter.Edit
        do {
            edit = try fragments.writer(reader: reader).release(
                source, fragments: found, version: version, date: date.flatMap(ReleaseDate.init(iso:)) ?? .today,
                allowsOlder: allowOlder, allowsEmpty: allowEmpty)
        } catch {
            throw Diagnostics.failure([error])
        }
        if dryRun {
            StandardOutput.write(edit.release)
            return
        }
        try ReleaseFiles(notes: path, fragments: keep ? [] : found.map(\.path), folder: fragments.folder.path)
            .commit(edit.notes)
        let used = found.count == 1 ? "1 fragment" : "\(found.count) fragments"
        StandardError.write(
            "released \(Version(version)?.text ?? version) in \(path) from \(used)"
                + (keep || found.isEmpty ? "" : "; removed them from \(fragments.folder.path)"))
    }
}

extension ReleaseDate {
    /// `YYYY-MM-DD` exactly.
    init?(iso text: String) {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 3, parts[0].count == 4, parts[1].count == 2, parts[2].count == 2,
            let year = Int(parts[0]), let month = Int(parts[1]), let day = Int(parts[2])
        else { return nil }
        self.init(year: year, month: month, day: day)
    }

    /// Today in the local time zone.
    static var today: ReleaseDate {
        let parts = Calendar.current.dateComponents([.year, .month, .day], from: Date())
        return ReleaseDate(year: parts.year ?? 1970, month: parts.month ?? 1, day: parts.day ?? 1)!
    }
}
