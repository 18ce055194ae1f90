import Foundation
import Testing

/// The writing commands where CI meets them: notes behind a link, outputs that are streams,
/// byte-order marks and old line endings, failing standard streams, a mistyped notes file,
/// limits, and two releases at once. The fault-injection harness runs in `.ci/run`'s second
/// stage (``FaultInjectionTests``).
@Suite(.serialized) struct WritingUnderFaultsTests {
    static let notes = "# Changelog\n\n## [Unreleased]\n\n## [1.0.0] - 2024-01-01\n\n### Added\n\n- First.\n"

    /// A project with `notes` and `fragments` notes waiting, removed at the end of the test.
    final class Project {
        let url: URL
        init(notes: String? = WritingUnderFaultsTests.notes, fragments: Int = 2) throws {
            url = try SharedFiles.scratchDirectory()
            if let notes { try write("CHANGELOG.md", notes) }
            for index in 0..<fragments {
                try write(
                    ".changes/20240301-00000\(index)-note-\(index)aaa.md", "---\nkind: added\n---\nNote \(index).\n")
            }
        }
        func path(_ name: String) -> String { url.appendingPathComponent(name).path }
        func write(_ name: String, _ text: String) throws {
            try FileManager.default.createDirectory(
                at: url.appendingPathComponent(name).deletingLastPathComponent(), withIntermediateDirectories: true)
            try text.write(toFile: path(name), atomically: false, encoding: .utf8)
        }
        func read(_ name: String) -> String? { try? String(contentsOfFile: path(name), encoding: .utf8) }
        func bytes(_ name: String) -> [UInt8] {
            Array((try? Data(contentsOf: URL(fileURLWithPath: path(name)))) ?? Data())
        }
        func fragments() -> [String] {
            ((try? FileManager.default.contentsOfDirectory(atPath: path(".changes"))) ?? []).filter {
                $0.hasSuffix(".md") && $0 != "README.md"
            }.sorted()
        }
        func run(_ arguments: [String], stdin: String? = nil) throws -> WhatsNewBinary.Run {
            try WhatsNewBinary.run(arguments, stdin: stdin, in: url)
        }
        /// A shell line with `$W` for the binary, run here.
        func shell(_ line: String) throws -> WhatsNewBinary.Run {
            let binary = try #require(WhatsNewBinary.url)
            return try WhatsNewBinary.execute(
                URL(fileURLWithPath: "/bin/sh"), ["-c", line], in: url,
                environment: ["W": binary.path, "PATH": "/usr/bin:/bin", "LANG": "C.UTF-8"])
        }
        /// whatsnew run here with one stream (1: standard output, 2: standard error) a pipe whose
        /// reader closed before the run began, so its first write meets no reader whatever the
        /// timing; the exit status printed as a shell says it (141 for SIGPIPE).
        func runWithClosedReader(_ stream: Int, _ arguments: [String]) throws -> WhatsNewBinary.Run {
            let script = path(".closed-reader.py")
            try """
            import os, subprocess, sys
            read, write = os.pipe()
            os.close(read)
            stream = int(sys.argv[1])
            streams = {"stdout": write} if stream == 1 else {"stderr": write, "stdout": subprocess.DEVNULL}
            # subprocess puts SIGPIPE back to its default in the child, as a shell does.
            status = subprocess.run([os.environ["W"]] + sys.argv[2:], **streams).returncode
            print(128 - status if status < 0 else status)
            """.write(toFile: script, atomically: true, encoding: .utf8)
            let quoted = arguments.map { "'\($0)'" }.joined(separator: " ")
            return try shell("python3 .closed-reader.py \(stream) \(quoted)")
        }
        /// A program started here and left running; `waitUntilExit` to end with it.
        func start(_ arguments: [String], stderr: String? = nil) throws -> Process {
            let process = Process()
            let binary = try #require(WhatsNewBinary.url)
            process.executableURL = arguments[0] == "whatsnew" ? binary : URL(fileURLWithPath: "/usr/bin/env")
            process.arguments = arguments[0] == "whatsnew" ? Array(arguments.dropFirst()) : arguments
            process.currentDirectoryURL = url
            process.standardOutput = FileHandle.nullDevice
            if let stderr {
                _ = FileManager.default.createFile(atPath: path(stderr), contents: nil)
                process.standardError = try FileHandle(forWritingTo: URL(fileURLWithPath: path(stderr)))
            } else {
                process.standardError = FileHandle.nullDevice
            }
            try process.run()
            return process
        }
        func fileType(_ name: String) -> FileAttributeType? {
            (try? FileManager.default.attributesOfItem(atPath: path(name)))?[.type] as? FileAttributeType
        }
        deinit { try? FileManager.default.removeItem(at: url) }
    }

    @Test func aLinkedChangelogIsUpdatedWhereItPointsAndStaysALink() throws {
        let project = try Project(notes: nil)
        try project.write("docs/CHANGELOG.md", Self.notes)
        try FileManager.default.createSymbolicLink(
            atPath: project.path("CHANGELOG.md"), withDestinationPath: "docs/CHANGELOG.md")
        chmod(project.path("docs/CHANGELOG.md"), 0o640)
        // As root (CI containers), the notes keep an owner that is not the one writing them.
        let givesAway = geteuid() == 0 && chown(project.path("docs/CHANGELOG.md"), 65534, 65534) == 0
        let release = try project.run(["release", "1.1.0", "--date", "2024-05-02"])
        #expect(release.status == 0, "\(release.stderr)")
        #expect(project.fileType("CHANGELOG.md") == .typeSymbolicLink)
        #expect(project.read("docs/CHANGELOG.md")?.contains("## [1.1.0] - 2024-05-02") == true)
        let mode =
            (try FileManager.default.attributesOfItem(atPath: project.path("docs/CHANGELOG.md")))[.posixPermissions]
            as? Int
        #expect(mode == 0o640, "the notes keep their permissions")
        if givesAway {
            let owner =
                (try FileManager.default.attributesOfItem(atPath: project.path("docs/CHANGELOG.md")))[.ownerAccountID]
                as? Int
            #expect(owner == 65534, "the notes keep their owner")
        }
        #expect(project.fragments().isEmpty)
        #expect(release.stderr.hasSuffix("from 2 fragments; removed them from .changes\n"), "\(release.stderr)")
        try project.write(".changes/20240305-000000-one-5eee.md", "---\nkind: fixed\n---\nOne.\n")
        let one = try project.run(["release", "1.2.0", "--date", "2024-05-03"])
        #expect(
            one.stderr == "released 1.2.0 in CHANGELOG.md from 1 fragment; removed it from .changes\n", "\(one.stderr)")
    }

    @Test func outputsThatAreStreamsAreWrittenNotReplaced() throws {
        let project = try Project()
        // A FIFO with a reader: the sheet arrives through it, and the FIFO stays one.
        #expect(mkfifo(project.path("pipe"), 0o644) == 0)
        let reader = try project.start(["sh", "-c", "cat pipe > got"])
        let written = try project.run(["--output", "pipe"])
        reader.waitUntilExit()
        #expect(written.status == 0, "\(written.stderr)")
        var status = stat()
        #expect(lstat(project.path("pipe"), &status) == 0 && (status.st_mode & S_IFMT) == S_IFIFO)
        #expect(project.read("got")?.contains("First.") == true)
        // A character device: /dev/null's numbers, made here when the test may (as root in CI).
        if mknod(project.path("null"), S_IFCHR | 0o666, dev_t((1 << 8) | 3)) == 0 {
            let null = try project.run(["--output", "null"])
            #expect(null.status == 0, "\(null.stderr)")
            #expect(project.fileType("null") == .typeCharacterSpecial)
        }
        let full = try project.run(["--output", "/dev/full"])
        #expect(full.status == 1 && full.stderr == "/dev/full: error: cannot write: no space left on device\n")
        try FileManager.default.createSymbolicLink(
            atPath: project.path("dangling.html"), withDestinationPath: "gone/sheet.html")
        let dangling = try project.run(["--format", "html", "--output", "dangling.html"])
        #expect(dangling.status == 1)
        #expect(
            dangling.stderr.contains(
                "dangling.html: error: is a symbolic link to gone/sheet.html, which does not exist"))
        #expect(!FileManager.default.fileExists(atPath: project.path("gone")))
        let directory = try project.run(["--output", ".changes"])
        #expect(directory.status == 1 && directory.stderr.contains(".changes: error: is a directory"))
    }

    @Test func aReleaseKeepsTheByteOrderMarkAndTheLineEndings() throws {
        for (name, newline, mark) in [("CR", "\r", true), ("CRLF", "\r\n", false), ("LF", "\n", true)] {
            let notes = Self.notes.replacingOccurrences(of: "\n", with: newline)
            let project = try Project(notes: (mark ? "\u{FEFF}" : "") + notes)
            let release = try project.run(["release", "1.1.0", "--date", "2024-05-02"])
            #expect(release.status == 0, "\(name): \(release.stderr)")
            let bytes = project.bytes("CHANGELOG.md")
            #expect(bytes.starts(with: [0xEF, 0xBB, 0xBF]) == mark, "\(name)")
            let text = String(decoding: mark ? Array(bytes.dropFirst(3)) : bytes, as: UTF8.self)
            #expect(
                text.contains("## [1.1.0] - 2024-05-02\(newline)\(newline)### Added\(newline)\(newline)- Note 0."),
                "\(name): \(text.debugDescription)")
            let others = newline == "\n" ? ["\r"] : newline == "\r" ? ["\n"] : []
            #expect(
                !others.contains { text.unicodeScalars.map(String.init).contains($0) },
                "\(name): one kind of line ending")
        }
    }

    @Test func aFullOrClosedStandardErrorDoesNotFailAFinishedRelease() throws {
        let project = try Project()
        let full = try project.shell(#""$W" release 1.1.0 2>/dev/full; echo $?"#)
        #expect(full.stdout == "version=1.1.0\ntag=v1.1.0\n0\n", "\(full.stdout)\(full.stderr)")
        #expect(project.read("CHANGELOG.md")?.contains("## [1.1.0]") == true)
        try project.write(".changes/20240303-000000-more-3ccc.md", "---\nkind: fixed\n---\nMore.\n")
        // The reader of standard error is gone before the release says a word.
        let closed = try project.runWithClosedReader(2, ["release", "1.2.0"])
        #expect(closed.stdout == "0\n", "\(closed.stdout)\(closed.stderr)")
        #expect(project.read("CHANGELOG.md")?.contains("## [1.2.0]") == true)
        let shut = try project.shell(#""$W" --release all 2>&-; echo $?"#)
        #expect(shut.stdout.hasSuffix("\n0\n"), "\(shut.stdout)")
    }

    @Test func aReaderThatStopsReadingEndsTheRunQuietly() throws {
        let project = try Project()
        let run = try project.runWithClosedReader(1, ["--release", "all", "--format", "html"])
        #expect(run.stdout == "141\n", "SIGPIPE's status: \(run.stdout)")
        #expect(run.stderr.isEmpty, "\(run.stderr)")
        let lint = try project.runWithClosedReader(1, ["lint", "--format", "json"])
        #expect(lint.stdout == "141\n", "\(lint.stdout)\(lint.stderr)")
        let full = try project.run(["release", "1.1.0", "--dry-run"])
        #expect(full.status == 0)
        let refused = try project.shell(#""$W" release 1.1.0 --dry-run >/dev/full; echo $?"#)
        #expect(
            refused.stdout == "1\n" && refused.stderr.contains("<stdout>: error: cannot write: no space left on device")
        )
    }

    @Test func aMistypedNotesFileIsAnErrorAndTheNotesStay() throws {
        let project = try Project()
        let typo = try project.run(["release", "1.1.0", "--notes", "CHANGLOG.md"])
        #expect(typo.status == 1)
        #expect(
            typo.stderr
                == "CHANGLOG.md: error: no such file\nnothing was changed; give --create to start a new notes file here\n"
        )
        #expect(!FileManager.default.fileExists(atPath: project.path("CHANGLOG.md")))
        #expect(project.fragments().count == 2)
        let sheet = try project.run(["CHANGLOG.md"])
        #expect(
            sheet.status == 1 && sheet.stderr.contains("CHANGLOG.md: error: cannot read: no such file"),
            "\(sheet.stderr)")
        let created = try project.run([
            "release", "1.1.0", "--notes", "docs/NEWS.md", "--create", "--date", "2024-05-02",
        ])
        #expect(created.status == 1)
        #expect(
            created.stderr == "docs/NEWS.md: error: cannot start the notes here: the folder docs does not exist\n",
            "\(created.stderr)")
        let started = try project.run(["release", "1.1.0", "--notes", "NEWS.md", "--create", "--date", "2024-05-02"])
        #expect(started.status == 0, "\(started.stderr)")
        #expect(project.read("NEWS.md")?.contains("1.1.0") == true)
    }

    @Test func theSizeLimitIsSetWhereItIsEnforced() throws {
        let project = try Project(notes: Self.notes + String(repeating: "- Padding line.\n", count: 80_000))
        let refused = try project.run(["release", "1.1.0", "--max-size", "1M"])
        #expect(
            refused.status == 1
                && refused.stderr.contains(
                    "over the 1 MB limit; raise it with --max-size (or max-size: in .whatsnew.yml)"),
            "\(refused.stderr)")
        let raised = try project.run(["release", "1.1.0", "--max-size", "2M", "--dry-run"])
        #expect(raised.status == 0, "\(raised.stderr)")
        try project.write(".whatsnew.yml", "max-size: 512K\n")
        let configured = try project.run(["lint"])
        #expect(
            configured.status == 1 && configured.stdout.contains("over the 512 KB limit")
                || configured.stdout.contains("0.5 MB"), "\(configured.stdout)")
        try project.write(".whatsnew.yml", "max-size: lots\n")
        let wrong = try project.run(["--release", "all"])
        #expect(wrong.status == 1 && wrong.stderr.contains("`max-size` is a size such as 16M"), "\(wrong.stderr)")
    }

    @Test func newRefusesWhatReleaseWouldRefuse() throws {
        let project = try Project(fragments: 0)
        let colour = try project.run(["new", "--kind", "added", "--color", "notacolor", "--body", "x"])
        #expect(colour.status == 1 && colour.stderr.contains("`notacolor` is not a colour"), "\(colour.stderr)")
        let huge = try project.run(
            ["new", "--kind", "added", "--body", "-"], stdin: String(repeating: "a", count: 2 << 20))
        #expect(huge.status == 1 && huge.stderr.contains("over the 1 MB a fragment may be"), "\(huge.stderr)")
        #expect(project.fragments().isEmpty)
        let icon = try project.run(["new", "--kind", "added", "--icon", "nosuchicon", "--body", "Icon."])
        #expect(icon.status == 0 && icon.stderr.contains("warning: unknown icon `nosuchicon`"), "\(icon.stderr)")
        #expect(project.fragments().count == 1)
        let names = (try? FileManager.default.contentsOfDirectory(atPath: project.path(".changes"))) ?? []
        #expect(!names.contains { $0.hasPrefix(".") }, "no temporary file stays: \(names)")
        let release = try project.run(["release", "1.1.0"])
        #expect(release.status == 0, "what new wrote, release takes: \(release.stderr)")
    }

    @Test func aSecondWriterWaitsForTheFirst() throws {
        let project = try Project()
        // Another run holds the lock until this one says it waits: no timing to race on a busy machine.
        let holder = try project.start([
            "python3", "-c",
            """
            import fcntl,os,time
            f=open('.whatsnew.lock','w'); fcntl.flock(f,fcntl.LOCK_EX); f.write(str(os.getpid())); f.flush()
            open('held','w').close()
            for _ in range(600):
                if os.path.exists('waiter.err') and 'waiting for another' in open('waiter.err').read(): break
                time.sleep(0.1)
            os.unlink('.whatsnew.lock')
            """,
        ])
        for _ in 0..<600 where project.read("held") == nil { Thread.sleep(forTimeInterval: 0.1) }
        let waiter = try project.start(
            ["whatsnew", "new", "--kind", "fixed", "--body", "Waited."], stderr: "waiter.err")
        waiter.waitUntilExit()
        holder.waitUntilExit()
        let stderr = project.read("waiter.err") ?? ""
        #expect(waiter.terminationStatus == 0, "\(stderr)")
        #expect(stderr.contains("whatsnew: waiting for another whatsnew run (process "), "\(stderr)")
        #expect(project.fragments().count == 3)
        #expect(!FileManager.default.fileExists(atPath: project.path(".whatsnew.lock")))
    }

    @Test func twoReleasesAtOnceUseEachNoteExactlyOnce() throws {
        for round in 0..<10 {
            let (project, statuses) = try Self.twoReleasesAtOnce(fragments: 6, round: round)
            #expect(
                statuses.contains(0),
                "one of them released: \(statuses) \(project.read("a.err") ?? "") \(project.read("b.err") ?? "")")
        }
    }

    /// Two releases of one project started together; each note must end in exactly one
    /// release or stay a fragment. The project and both exit statuses, for more checks.
    static func twoReleasesAtOnce(fragments: Int, round: Int) throws -> (Project, [Int32]) {
        let project = try Project(fragments: fragments)
        let first = try project.start(["whatsnew", "release", "1.1.0"], stderr: "a.err")
        let second = try project.start(["whatsnew", "release", "1.2.0", "--allow-older"], stderr: "b.err")
        first.waitUntilExit()
        second.waitUntilExit()
        let notes = project.read("CHANGELOG.md") ?? ""
        for index in 0..<fragments {
            let uses = notes.components(separatedBy: "- Note \(index).").count - 1
            let waiting = project.fragments().contains { $0.contains("note-\(index)") }
            #expect(uses + (waiting ? 1 : 0) == 1, "round \(round), note \(index): \(uses) uses\n\(notes)")
        }
        return (project, [first.terminationStatus, second.terminationStatus])
    }
}
