import Foundation
import Testing
import WhatsNewTestSupport

/// `--format text` as a person gets it: width and colour from options and environment, only
/// the renderer's own escapes, and alignment in a real terminal (tmux).
struct TerminalOutputTests {
    private let inkwell = SharedFiles.fixture("examples", "inkwell-whats-new")
    private let mixed = SharedFiles.fixture("text", "mixed-widths")

    @Test func plainOutputMatchesTheGoldenSheet() throws {
        let run = try WhatsNewBinary.run([inkwell], environment: ["COLUMNS": "80"])
        #expect(run.status == 0)
        #expect(run.stdout == (try SharedFiles.golden("text/examples/inkwell-whats-new.txt")))
    }

    @Test func widthComesFromTheOptionThenColumns() throws {
        func widest(_ arguments: [String], _ environment: [String: String]) throws -> Int {
            let run = try WhatsNewBinary.run([inkwell] + arguments, environment: environment)
            return run.stdout.split(separator: "\n").map(\.count).max() ?? 0
        }
        #expect(try widest(["--width", "40"], ["COLUMNS": "120"]) <= 40)
        #expect(try widest([], ["COLUMNS": "40"]) <= 40)
        #expect(try widest([], ["COLUMNS": "120"]) > 80)
        // Not a terminal and no COLUMNS: 80.
        let eighty = try widest([], [:])
        #expect(eighty > 60 && eighty <= 80)
        let narrow = try WhatsNewBinary.run([inkwell, "--width", "12"])
        #expect(narrow.status == 2)
        #expect(narrow.stderr.contains("--width must be at least 20"))
    }

    @Test func colourFollowsOptionThenEnvironment() throws {
        func styled(_ arguments: [String], _ environment: [String: String]) throws -> Bool {
            try WhatsNewBinary.run([inkwell] + arguments, environment: environment).stdout.utf8.contains(0x1B)
        }
        #expect(try !styled([], [:]))  // standard output is a file here, not a terminal
        #expect(try styled(["--color", "always"], ["NO_COLOR": "1"]))
        #expect(try !styled(["--color", "never"], ["FORCE_COLOR": "1"]))
        #expect(try !styled([], ["NO_COLOR": "1", "FORCE_COLOR": "1"]))
        #expect(try styled([], ["FORCE_COLOR": "1"]))
        #expect(try styled([], ["CLICOLOR_FORCE": "1", "TERM": "dumb"]))
        #expect(try !styled([], ["FORCE_COLOR": ""]))
    }

    /// Escapes other than the renderer's own: SGR (`ESC[…m`), CHA (`ESC[nG`) and OSC 8
    /// hyperlinks to http(s) or mailto addresses.
    static func unexpectedEscapes(in output: String) -> [String] {
        var found: [String] = []
        var rest = Substring(output)
        while let start = rest.firstIndex(of: "\u{1B}") {
            rest = rest[rest.index(after: start)...]
            if rest.hasPrefix("[") {
                let body = rest.dropFirst().prefix { $0.isNumber || $0 == ";" }
                let final = rest.dropFirst(1 + body.count).first
                if final == "m" || (final == "G" && !body.isEmpty && body.allSatisfy(\.isNumber)) { continue }
                found.append(String(rest.prefix(12)))
            } else if rest.hasPrefix("]8;;") {
                guard let end = rest.range(of: "\u{1B}\\") else {
                    found.append(String(rest.prefix(12)))
                    break
                }
                let target = rest[rest.index(rest.startIndex, offsetBy: 4)..<end.lowerBound]
                let allowed =
                    target.isEmpty || target.hasPrefix("https://") || target.hasPrefix("http://")
                    || target.hasPrefix("mailto:")
                if !allowed || target.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F }) {
                    found.append(String(target))
                }
                rest = rest[end.upperBound...]
            } else {
                found.append(String(rest.prefix(12)))
            }
        }
        return found
    }

    @Test func unexpectedEscapeDetectorCatchesForeignSequences() {
        #expect(Self.unexpectedEscapes(in: "\u{1B}[1mok\u{1B}[0m\u{1B}[5G") == [])
        #expect(Self.unexpectedEscapes(in: "\u{1B}]8;;https://a.example\u{1B}\\x\u{1B}]8;;\u{1B}\\") == [])
        #expect(Self.unexpectedEscapes(in: "\u{1B}[2J").count == 1)
        #expect(Self.unexpectedEscapes(in: "\u{1B}]52;c;eA==\u{07}").count == 1)
        #expect(Self.unexpectedEscapes(in: "\u{1B}]8;;file:///etc\u{1B}\\").count == 1)
    }
}

/// The sheet in a real terminal: tmux draws it, and tmux's own copy-mode cursor says in which
/// cell each title starts, which is what a person sees.
@Suite(.serialized) struct TmuxTests {
    @Test(.needs(ExternalTool.tmux, "tmux"))
    func titlesStartInOneColumnInARealTerminal() throws {
        guard let tmux = try Tmux.start(columns: 60) else { return }
        defer { tmux.stop() }
        let binary = try #require(WhatsNewBinary.url).path
        let mixed = SharedFiles.fixture("text", "mixed-widths")
        try tmux.run("\(binary) \(mixed) --color always", until: "No icon here")
        let screen = try tmux.capture()
        let titles = ["修复启动时的崩溃问题", "新しい機能とバグ修正", "보안 업데이트", "Japanese locale", "Developer mode", "No icon here"]
        for title in titles {
            #expect(try tmux.column(of: title) == 4, "\(title)\n\(screen)")
        }
        // Wrapped summary lines have no icon before them: four spaces, then text.
        let continuation = screen.split(separator: "\n").filter { $0.hasPrefix(" ") }
        #expect(continuation.count >= 10)
        #expect(continuation.allSatisfy { $0.prefix { $0 == " " }.count == 4 }, "\(screen)")
    }

    @Test(.needs(ExternalTool.tmux, "tmux"))
    func plainOutputAlignsWhereTheTerminalAgreesOnEmojiWidths() throws {
        guard let tmux = try Tmux.start(columns: 40) else { return }
        defer { tmux.stop() }
        let binary = try #require(WhatsNewBinary.url).path
        let inkwell = SharedFiles.fixture("examples", "inkwell-whats-new")
        try tmux.run("\(binary) \(inkwell) --color never", until: "detail view")
        let screen = try tmux.capture()
        for title in ["Favourites Filter", "Sharing Fix", "Brand List Cleanup", "Small Fixes"] {
            #expect(try tmux.column(of: title) == 4, "\(title)\n\(screen)")
        }
    }
}

/// A tmux server of our own, on its own socket, with one window of a fixed size.
struct Tmux {
    let socket: String
    let columns: Int

    /// Nil, and a recorded issue, when tmux is missing: the tests that use it run only when it
    /// is there or required.
    static func start(columns: Int) throws -> Tmux? {
        guard ExternalTool.tmux else {
            Issue.record("tmux is not installed; .ci/run installs it")
            return nil
        }
        let tmux = Tmux(socket: "whatsnew-\(UUID().uuidString)", columns: columns)
        // The server this starts would hold on to a pipe, so it gets no output to hold.
        try tmux.command(
            ["-f", "/dev/null", "new-session", "-d", "-s", "sheet", "-x", "\(columns)", "-y", "60"], output: false)
        return tmux
    }

    func run(_ shellCommand: String, until marker: String) throws {
        try command(["send-keys", "-t", "sheet", "clear; \(shellCommand)", "Enter"])
        // A deadline, not a count: the second stage runs every test at once on a busy machine.
        let deadline = Date().addingTimeInterval(60)
        while Date() < deadline {
            if try capture().contains(marker) { return }
            Thread.sleep(forTimeInterval: 0.05)
        }
        Issue.record("the sheet did not appear in tmux:\n\(try capture())")
    }

    func capture() throws -> String {
        try command(["capture-pane", "-p", "-t", "sheet"])
    }

    /// The cell where a text starts, found by searching back from the bottom in copy mode.
    func column(of text: String) throws -> Int? {
        try command(["copy-mode", "-t", "sheet"])
        defer { _ = try? command(["send-keys", "-t", "sheet", "-X", "cancel"]) }
        try command(["send-keys", "-t", "sheet", "-X", "history-bottom"])
        try command(["send-keys", "-t", "sheet", "-X", "end-of-line"])
        try command(["send-keys", "-t", "sheet", "-X", "search-backward", text])
        return Int(
            try command(["display-message", "-p", "-t", "sheet", "#{copy_cursor_x}"]).trimmingCharacters(
                in: .whitespacesAndNewlines))
    }

    func stop() {
        _ = try? command(["kill-server"])
    }

    /// Runs tmux with posix_spawn and waitpid. Foundation's Process waits for a pipe that the
    /// tmux server, which the first command starts and which outlives it, would keep open.
    @discardableResult
    private func command(_ arguments: [String], output wanted: Bool = true) throws -> String {
        let outputPath = FileManager.default.temporaryDirectory.appendingPathComponent("tmux-\(UUID().uuidString)").path
        defer { unlink(outputPath) }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(
            &actions, 1, wanted ? outputPath : "/dev/null", O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        let argv = ["tmux", "-L", socket] + arguments
        let environment = ["LANG=C.UTF-8", "LC_ALL=C.UTF-8", "TERM=xterm-256color", "PATH=/usr/bin:/bin"]
        var cArguments = argv.map { strdup($0) } + [nil]
        var cEnvironment = environment.map { strdup($0) } + [nil]
        defer { (cArguments + cEnvironment).forEach { free($0) } }
        // The test process blocks signals its threads do not want; the server must not inherit
        // that mask, or `kill-server` (which signals the server itself) would do nothing.
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var noSignals = sigset_t()
        sigemptyset(&noSignals)
        var defaults = sigset_t()
        sigfillset(&defaults)
        posix_spawnattr_setsigmask(&attributes, &noSignals)
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
        var pid = pid_t()
        let spawned = posix_spawn(&pid, "/usr/bin/tmux", &actions, &attributes, &cArguments, &cEnvironment)
        guard spawned == 0 else { throw TmuxError.spawn(spawned) }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) == -1 && errno == EINTR {}
        guard wanted else { return "" }
        return (try? String(contentsOfFile: outputPath, encoding: .utf8)) ?? ""
    }
}

enum TmuxError: Error {
    case spawn(Int32)
}
