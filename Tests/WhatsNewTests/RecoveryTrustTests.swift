import Foundation
import Testing

@testable import WhatsNewModel
@testable import WhatsNewProject
@testable import WhatsNewReading
@testable import WhatsNewRendering

/// What recovery trusts and what the project's edge admits, piece by piece: the seal, the
/// leftovers' names and locks, the lock file, the boundary's places, and the rules for words and
/// control characters that the hostile-repository suite sees from the outside.
@Suite(.serialized) struct RecoveryTrustTests {
    typealias Folder = ProjectTests.Folder

    /// SipHash-2-4's reference vectors: key 00…0f, messages 00…(n-1).
    @Test func theSealIsSipHash() {
        let key = (UInt64(0x0706_0504_0302_0100), UInt64(0x0f0e_0d0c_0b0a_0908))
        #expect(WriterSeal.sipHash(key: key, []) == 0x726f_db47_dd0e_0e31)
        #expect(WriterSeal.sipHash(key: key, Array(0..<15)) == 0xa129_ca61_49be_45e5)
        let seal = WriterSeal(key: key)
        #expect(seal.tag("text").count == 16)
        #expect(seal.verifies("text", tag: seal.tag("text")))
        #expect(!seal.verifies("text!", tag: seal.tag("text")))
        #expect(!WriterSeal(key: (1, 2)).verifies("text", tag: seal.tag("text")))
    }

    @Test func theKeyIsTheUsersAloneAndMadeOnce() throws {
        let folder = try Folder([:])
        let place = folder.path("state/whatsnew")
        #expect(SealKeyFile.ownFolder(place))
        let made = try #require(SealKeyFile.make(in: place))
        #expect(SealKeyFile.read(place + "/seal-key").map { $0 == made } == true)
        #expect(SealKeyFile.make(in: place).map { $0 == made } == true, "a second run finds the first key")
        var status = stat()
        #expect(stat(place + "/seal-key", &status) == 0 && status.st_mode & 0o777 == 0o600)
        #expect(stat(place, &status) == 0 && status.st_mode & 0o777 == 0o700)
        // A key anyone may read, or a link to one, is no key.
        chmod(place + "/seal-key", 0o644)
        #expect(SealKeyFile.read(place + "/seal-key") == nil)
        chmod(place + "/seal-key", 0o600)
        symlink(place + "/seal-key", place + "/linked")
        #expect(SealKeyFile.read(place + "/linked") == nil)
        // A folder others may write in keeps no key.
        chmod(place, 0o777)
        #expect(!SealKeyFile.ownFolder(place))
    }

    @Test func leftoverNamesCarryTheSeal() {
        let name = LeftoverName.make(for: "CHANGELOG.md")
        #expect(name.hasPrefix(".CHANGELOG.md.whatsnew-\(getpid())-"))
        #expect(LeftoverName.target(of: name) == "CHANGELOG.md")
        #expect(LeftoverName.target(of: LeftoverName.make(for: ".whatsnew-release")) == ".whatsnew-release")
        // Named as one, without this user's seal: not one.
        #expect(LeftoverName.target(of: ".CHANGELOG.md.whatsnew-4242-Xq3Ab1") == nil)
        let forged = String(name.dropLast()) + (name.last == "0" ? "1" : "0")
        #expect(LeftoverName.target(of: forged) == nil)
        #expect(LeftoverName.target(of: name.replacingOccurrences(of: "CHANGELOG", with: "README")) == nil)
    }

    /// A killed run's leftover is removed even while its process is a zombie not yet reaped (as
    /// under a container's init that reaps nothing): its lock went when it died. A live writer's
    /// leftover stays.
    @Test func aLeftoverOfAZombieIsRemovedAndOneOfALiveRunStays() throws {
        let folder = try Folder(["notes.txt": "old\n"])
        let leftover = folder.path(LeftoverName.make(for: "notes.txt"))
        let descriptor = open(leftover, O_RDWR | O_CREAT | O_EXCL, 0o600)
        try #require(descriptor >= 0)
        #expect(flock(descriptor, LOCK_EX | LOCK_NB) == 0)
        // A child that inherits the locked file: the writer, alive.
        var child: pid_t = 0
        let arguments: [UnsafeMutablePointer<CChar>?] = [strdup("/bin/sleep"), strdup("30"), nil]
        defer { arguments.forEach { free($0) } }
        #expect(posix_spawn(&child, "/bin/sleep", nil, nil, arguments, environ) == 0)
        close(descriptor)
        try PreparedFile.removeAbandoned(in: folder.path())
        #expect(FileManager.default.fileExists(atPath: leftover), "its writer lives")
        // Killed, not reaped: a zombie that holds no file.
        kill(child, SIGKILL)
        var state = siginfo_t()
        waitid(P_PID, id_t(child), &state, WEXITED | WNOWAIT)
        #expect(kill(child, 0) == 0, "still a process, as a zombie")
        try PreparedFile.removeAbandoned(in: folder.path())
        #expect(!FileManager.default.fileExists(atPath: leftover), "its writer is gone")
        var status: Int32 = 0
        waitpid(child, &status, 0)
    }

    /// Another user's lock names its owner and what to do, rather than "permission denied".
    @Test(.enabled(if: geteuid() == 0, "needs a second user: run as root (as CI does)"))
    func anotherUsersLockSaysWhose() throws {
        let folder = try Folder([ProjectLock.fileName: "4242\n"])
        let path = folder.path(ProjectLock.fileName)
        chown(path, 65534, 65534)
        let failure = ProjectLock.cannotOpen(path, errno: EACCES)
        let owner = getpwuid(65534).map { String(cString: $0.pointee.pw_name) } ?? "user 65534"
        #expect(
            failure.diagnostics.first?.message.contains(
                "it belongs to \(owner), whose whatsnew run holds it or left it; if none of theirs is running, remove it"
            ) == true, "\(failure.text)")
    }

    @Test func theBoundaryJudgesByTheRealPlace() throws {
        let folder = try Folder(["project/CHANGELOG.md": "x", "project/docs/NOTES.md": "y", "outside/secret.txt": "z"])
        let project = folder.path("project")
        symlink("docs/NOTES.md", project + "/inside.md")
        symlink("../outside/secret.txt", project + "/out.md")
        symlink(".git/config", project + "/git.md")
        symlink("../outside", project + "/site")
        symlink("nowhere/at/all", project + "/dangling.md")
        let boundary = ProjectBoundary(folder: project)
        let admitted = { (path: String, origin: ProjectBoundary.Origin) in
            boundary.problem(with: project + "/" + path, from: origin, what: "x") == nil
        }
        #expect(admitted("CHANGELOG.md", .repository))
        #expect(admitted("inside.md", .repository), "a link that stays inside is fine")
        #expect(admitted("new/folder/file.html", .repository), "a file to be made inside")
        #expect(admitted("dangling.md", .repository), "a dangling link into the project")
        #expect(!admitted("out.md", .repository))
        #expect(!admitted("out.md", .commandLine), "a link inside does not turn a named path into a way out")
        #expect(!admitted("git.md", .repository))
        #expect(!admitted(".git/config", .repository))
        #expect(!admitted(".GIT/hooks/pre-commit", .repository))
        #expect(!admitted("site/page.html", .repository))
        #expect(!admitted("docs/../../outside/secret.txt", .repository))
        #expect(
            boundary.problem(with: folder.path("outside/secret.txt"), from: .commandLine, what: "x") == nil,
            "named outside")
        #expect(boundary.problem(with: folder.path("outside/secret.txt"), from: .repository, what: "x") != nil)
        #expect(ProjectBoundary.real("/a/./b//c/../d") == "/a/b/d")
        // Reached through a link of the user's, left through one of the repository's.
        let alias = folder.path("alias")
        symlink(project, alias)
        #expect(boundary.problem(with: alias + "/site/page.html", from: .commandLine, what: "x") != nil)
        #expect(boundary.problem(with: alias + "/CHANGELOG.md", from: .commandLine, what: "x") == nil)
        #expect(boundary.problem(with: alias + "/out.md", from: .repository, what: "x") != nil)
        #expect(
            ProjectBoundary.isPlainName("notes.md") && !ProjectBoundary.isPlainName("..")
                && !ProjectBoundary.isPlainName(".Git"))
    }

    @Test func wordsAreLettersOrDigitsInAnyScript() {
        for text in ["Fixed.", "修正", "١٢٣", "v2", "Ünïcode"] { #expect(text.hasWords, "\(text)") }
        for text in [
            "", "\\", "\u{00A0}", "\u{200B}", "🎉", "—…", " \t", "\u{3164}", "\u{115F}\u{1160}", "\u{FFA0}", "\u{0345}",
            "\u{2800}",
        ] {
            #expect(!text.hasWords, "\(text.debugDescription)")
        }
    }

    @Test func controlsAreShownOrStrippedByOneRuleEach() {
        let hostile = "a\u{1B}]52;c;eA==\u{07}b\u{9B}c\u{202E}d\te\nf"
        #expect(hostile.escapingControls() == "a\\u{1B}]52;c;eA==\\u{7}b\\u{9B}c\\u{202E}d\\te\\nf")
        #expect(hostile.escapingControls(keeping: ["\n", "\t"]) == "a\\u{1B}]52;c;eA==\\u{7}b\\u{9B}c\\u{202E}d\te\nf")
        #expect("plain — text…".escapingControls() == "plain — text…")
        #expect(ControlBytes.stripped(hostile) == "a]52;c;eA==bc\u{202E}d\te\nf")
        #expect(ControlBytes.stripped("© no-break\u{00A0}space") == "© no-break\u{00A0}space")
        let diagnostic = Diagnostic(
            .unknownIcon, at: SourceLocation(path: "a\u{1B}[2J.md", line: 1, column: 1), "icon `\u{1B}]52;x\u{07}`")
        #expect(diagnostic.description == "a\\u{1B}[2J.md:1:1: warning: icon `\\u{1B}]52;x\\u{7}`")
    }
}
