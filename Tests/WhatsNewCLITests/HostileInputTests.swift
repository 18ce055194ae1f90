import Foundation
import Testing
import WhatsNewTestSupport

/// Input built to hurt: exponential YAML, absurd nesting, endless lines, huge counts, bad
/// encodings, escape sequences and markup injection. Each ends in a clear diagnostic or in
/// output, never in a crash, a hang or a half-written file. One suite, so
/// `swift test --filter HostileInputTests` runs every case.
struct HostileInputTests {
    private func run(_ input: String, _ arguments: [String] = []) throws -> WhatsNewBinary.Run {
        try WhatsNewBinary.run(["-"] + arguments, stdin: input)
    }

    /// Each alias shares the node its anchor names (ten to the ninth "lol"s are never made),
    /// and a list where text stands is an error.
    @Test func billionLaughsEndsInAnError() throws {
        var yaml = ["---", "title: &a0 \"lol\""]
        for level in 1...9 {
            yaml.append(
                "laugh\(level): &a\(level) [" + Array(repeating: "*a\(level - 1)", count: 10).joined(separator: ", ")
                    + "]")
        }
        let notes = (yaml + ["icons:", "  fixed: *a9", "---", "", "## 1.0.0", "", "- x", ""]).joined(separator: "\n")
        for format in ["text", "html", "json"] {
            let result = try run(notes, ["--format", format])
            #expect(result.status == 1)
            #expect(result.stderr.contains("error:"))
            #expect(result.stdout.isEmpty)
        }
    }

    @Test(.slowCheck) func nestingAHundredThousandDeep() throws {
        let quotes = "## 1.0.0\n\n### Fixed\n\n" + String(repeating: "> ", count: 100_000) + "deep\n"
        let lists = "## 1.0.0\n\n### Fixed\n\n" + String(repeating: "- ", count: 100_000) + "deep\n"
        let indented =
            "## 1.0.0\n\n### Fixed\n\n" + (0..<3000).map { String(repeating: "  ", count: $0) + "- item\n" }.joined()
        // The indented list is 9 MB of spaces, past the default limit: this test is about depth.
        for notes in [quotes, lists, indented] {
            for format in ["text", "html", "json", "markdown"] {
                let result = try run(notes, ["--format", format, "--max-size", "16M"])
                #expect(result.status == 0, "\(format): \(result.stderr.prefix(200))")
                #expect(!result.stdout.isEmpty)
            }
        }
    }

    @Test(.slowCheck) func aVeryLongLine() throws {
        let notes = "## 1.0.0\n\n### Added\n\n- " + String(repeating: "word ", count: 400_000) + "\n"
        let text = try run(notes, ["--width", "60"])
        #expect(text.status == 0)
        #expect(text.stdout.split(separator: "\n").allSatisfy { $0.count <= 60 })
        let unbroken = try run("## 1.0.0\n\n" + String(repeating: "x", count: 1_000_000) + "\n", ["--width", "40"])
        #expect(unbroken.status == 0)
        #expect(unbroken.stdout.split(separator: "\n").allSatisfy { $0.count <= 40 })
    }

    @Test(.slowCheck) func escapeSequencesNestedAHundredThousandDeep() throws {
        let nested = String(repeating: "\u{1B}]52;c;", count: 100_000) + String(repeating: "\u{1B}[", count: 100_000)
        let notes = "## 1.0.0\n\n### Fixed\n\n- before \(nested) after\n- kept\n"
        for color in ["always", "never"] {
            let result = try run(notes, ["--color", color])
            #expect(result.status == 0)
            #expect(result.stdout.contains("kept"))
            #expect(!result.stdout.contains("52;"))
        }
    }

    @Test(.slowCheck) func fiftyThousandTinyReleases() throws {
        let notes = (0..<50_000).map { "## 0.\($0 / 1000).\($0 % 1000)\n- x\n" }.joined()
        let result = try run(notes, ["--release", "all", "--format", "json"])
        #expect(result.status == 0)
        let json = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any]
        #expect((json?["releases"] as? [Any])?.count == 50_000)
    }

    @Test func inputsOverTheSizeLimitAreRefused() throws {
        let notes = "## 1.0.0\n\n- " + String(repeating: "a", count: 2 << 20) + "\n"
        let piped = try run(notes, ["--max-size", "1M"])
        #expect(piped.status == 1)
        #expect(
            piped.stderr
                == "<stdin>: error: this input is larger than the 1 MB limit; raise it with --max-size (or max-size: in .whatsnew.yml) if it is meant to be this big\n"
        )
        let directory = try SharedFiles.scratchDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("big.md")
        try notes.write(to: file, atomically: true, encoding: .utf8)
        let read = try WhatsNewBinary.run([file.path, "--max-size", "1M"])
        #expect(read.stderr.contains("this input is 2.1 MB, over the 1 MB limit"))
        let lint = try WhatsNewBinary.run(["lint", file.path, "--max-size", "512K"])
        #expect(lint.status == 1 && lint.stdout.contains("over the 0.5 MB limit"))
        #expect(try WhatsNewBinary.run([file.path, "--max-size", "3"]).status == 0)
        #expect(try WhatsNewBinary.run([file.path, "--max-size", "lots"]).status == 2)
    }

    /// The default ceiling is 8 MB, and a file's size is checked before a byte of it is read:
    /// a sparse terabyte is refused at once, in one line naming the limit and the option.
    @Test func theDefaultLimitRefusesBeforeReading() throws {
        let directory = try SharedFiles.scratchDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let nine = directory.appendingPathComponent("nine.md")
        try Data("## 1.0.0\n- x\n".utf8).write(to: nine)
        let handle = try FileHandle(forWritingTo: nine)
        try handle.truncate(atOffset: 9 << 20)
        try handle.close()
        let refused = try WhatsNewBinary.run([nine.path])
        #expect(refused.status == 1 && refused.stdout.isEmpty)
        #expect(
            refused.stderr
                == "\(nine.path): error: this input is 9 MB, over the 8 MB limit; raise it with --max-size (or max-size: in .whatsnew.yml) if it is meant to be this big\n"
        )
        let huge = directory.appendingPathComponent("huge.md")
        _ = FileManager.default.createFile(atPath: huge.path, contents: nil)
        let sparse = try FileHandle(forWritingTo: huge)
        try sparse.truncate(atOffset: 1 << 40)
        try sparse.close()
        let terabyte = try WhatsNewBinary.run([huge.path, "--format", "json"])
        #expect(terabyte.status == 1 && terabyte.stderr.contains("over the 8 MB limit"))
    }

    @Test func encodingsAndLineEndingsKeepTheirLineNumbers() throws {
        let bad = "## 1.0.0\n\n- ok\n- caf\u{E9}\n"
        var bytes = Array(bad.utf8)
        bytes.replaceSubrange(bytes.count - 3..<bytes.count - 1, with: [0xE9])  // a lone Latin-1 é
        let directory = try SharedFiles.scratchDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let latin1 = directory.appendingPathComponent("latin1.md")
        try Data(bytes).write(to: latin1)
        let invalid = try WhatsNewBinary.run([latin1.path])
        #expect(invalid.status == 1)
        #expect(invalid.stderr.hasPrefix("\(latin1.path):4:6: error: invalid UTF-8: byte 0xE9 at offset 20"))

        for (name, ending) in [("crlf", "\r\n"), ("cr", "\r")] {
            let notes = ["\u{FEFF}---", "title: Notes", "---", "", "## 1.0.0 - 2024-02-30", "", "- x", ""]
                .joined(separator: ending)
            let file = directory.appendingPathComponent("\(name).md")
            try notes.write(to: file, atomically: true, encoding: .utf8)
            let lint = try WhatsNewBinary.run(["lint", file.path])
            #expect(lint.stdout.hasPrefix("\(file.path):5:1: warning: `2024-02-30` is not a real date"), "\(name)")
        }
    }

    // MARK: - Escape sequences for the terminal

    /// Notes holding escape sequences and control bytes: none reach the output, styled or not.
    @Test(arguments: [false, true])
    func hostileNotesCannotReachTheTerminal(_ styled: Bool) throws {
        let escape = "\u{1B}"
        let hostile = """
            ---
            title: "Evil\\e[2J title\\a"
            ---

            ## 1.0.0

            ---
            icon: "\\e]52;c;ZXZpbA==\\a🐞"
            color: red
            title: "Clear\\e[2J\\e[H screen"
            summary: "Copy \\e]52;c;c2VjcmV0\\aclipboard"
            ---

            ### Fixed

            - Screen \(escape)[2J\(escape)[3J cleared and \(escape)]8;;https://evil.example\(escape)\\clicked\(escape)]8;;\(escape)\\ here.
            - Bell \u{07}\u{07} and C1 \u{9B}31m and \u{9D}52;c;eA==\u{9C} bytes, DEL \u{7F}.
            - `code \(escape)[31mred` and a [link](https://example.com/\(escape)[2J) too.
            - Unterminated \(escape)]52;c;bm90aGluZw== to the end
            """
        let run = try WhatsNewBinary.run(["-", "--color", styled ? "always" : "never"], stdin: hostile)
        #expect(run.status == 0, "\(run.stderr)")
        let output = run.stdout
        #expect(output.contains("Clear screen"))
        #expect(output.contains("Screen cleared and clicked here."))
        #expect(output.contains("Bell and C1 and bytes, DEL ."))
        for payload in ["52;", "2J", "3J", "evil.example", "ZXZpbA", "c2VjcmV0", "bm90aGluZw"] {
            #expect(!output.contains(payload), "\(payload) reached the output")
        }
        let scalars = output.unicodeScalars
        #expect(!scalars.contains { $0.value == 0x07 || $0.value == 0x7F || (0x80...0x9F).contains($0.value) })
        if styled {
            #expect(TerminalOutputTests.unexpectedEscapes(in: output) == [])
        } else {
            #expect(!output.utf8.contains(0x1B))
        }
    }

    // MARK: - Markup for the browser

    @Test(.needs(.chromium)) func injectedMarkupRunsNothingInChromium() throws { try runsNothing(.chromium) }
    @Test(.needs(.webkit)) func injectedMarkupRunsNothingInWebKit() throws { try runsNothing(.webkit) }
    @Test(.needs(.firefox)) func injectedMarkupRunsNothingInFirefox() throws { try runsNothing(.firefox) }

    private func runsNothing(_ engine: BrowserEngine) throws {
        let hostile = """
            ---
            title: "Notes \\" onmouseover=\\"alert(1)\\" <script>alert('title')</script>"
            subtitle: "<img src=x onerror=alert('subtitle')>"
            ---

            ## 1.0.0

            ---
            icon: "<img src=x onerror=alert('icon')>"
            color: "red;background:url(javascript:alert(1))"
            title: "Quote \\" and <b>angle</b> 'brackets'"
            link: "javascript:alert('link')"
            id: "x\\" onclick=\\"alert(1)"
            summary: "<script>alert('summary')</script> and [a link](javascript:alert('md'))"
            ---

            ### Fixed

            - <script>alert('item')</script>
            - <img src=x onerror="alert('img')">
            - [click](javascript:alert('click')) and [data](data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==)
            - [vb](vbscript:msgbox(1)) and [file](file:///etc/passwd)
            - <a href="javascript:alert('raw')">raw link</a>
            """
        let file = try SharedFiles.scratchDirectory().appendingPathComponent("hostile.html")
        let run = try WhatsNewBinary.run(
            ["-", "--format", "html", "--standalone", "--output", file.path], stdin: hostile)
        #expect(run.status == 0, "\(run.stderr)")
        let html = try String(contentsOf: file, encoding: .utf8)
        #expect(!html.contains("<script"))
        #expect(!html.lowercased().contains("javascript:"))
        // Front-matter values arrive as escaped text, never as markup or attributes; a raw
        // `<img>` in the notes is read as an image, its address and alt text alone.
        #expect(html.components(separatedBy: "<img").count == 2 && html.contains("<img src=\"x\" alt=\"\" />"))
        #expect(!html.contains(" onclick=\"") && !html.contains(" onmouseover=\"") && !html.contains(" onerror=\""))
        #expect(html.contains("&lt;img src=x onerror=alert(&#39;subtitle&#39;)&gt;"))
        // Markup given as the icon is too long for one: the row gets the default icon instead.
        #expect(!html.contains("alert(&#39;icon&#39;)"))
        #expect(run.stderr.contains("is too long for an icon"))
        guard let report = try Browser.check(engine, "injection", file) else { return }
        #expect((report["dialogs"] as? [Any])?.isEmpty == true, "\(report["dialogs"]!)")
        #expect(report["scripts"] as? Int == 0)
        #expect((report["handlers"] as? [Any])?.isEmpty == true, "\(report["handlers"]!)")
        #expect((report["scriptLinks"] as? [Any])?.isEmpty == true, "\(report["scriptLinks"]!)")
        #expect((report["titles"] as? [String])?.first == "Quote \" and <b>angle</b> 'brackets'")
    }
}
