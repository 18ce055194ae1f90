import Foundation
import Testing
import WhatsNewTestSupport

/// `whatsnew preview`: every family as a card, checked in a browser at 100 % and 135 % text,
/// light and dark.
struct PreviewPageTests {
    private static let script = SharedFiles.tests.appendingPathComponent("WhatsNewCLITests/Browser/preview_check.py")

    @Test func thePageHoldsEveryFamilyInBothSchemes() throws {
        let run = try WhatsNewBinary.run(["preview", SharedFiles.fixture("examples", "featured-changelog")])
        #expect(run.status == 0, "\(run.stderr)")
        for family in ["small", "medium", "large", "extra-large", "rectangular", "inline"] {
            #expect(run.stdout.components(separatedBy: "data-family=\"\(family)\"").count == 3, "\(family) twice")
        }
        #expect(run.stdout.contains("class=\"whatsnew whatsnew-card whatsnew-size-medium\""))
        #expect(run.stdout.contains("<p class=\"whatsnew-more\">+1 more</p>"))
        #expect(try WhatsNewBinary.run(["preview", "--release", "all"]).status == 2)
    }

    /// On a terminal, with no `-o`, the page goes to whatsnew-preview.html and the terminal
    /// gets its path, not 700 lines of HTML; piped, standard output still gets the page.
    @Test(.needs(ExternalTool.tmux, "tmux")) func onATerminalThePageGoesToAFile() throws {
        let repository = try GitRepository(["CHANGELOG.md": FragmentWorkflowTests.notes])
        defer { repository.remove() }
        guard let tmux = try Tmux.start(columns: 100) else { return }
        defer { tmux.stop() }
        let binary = try #require(WhatsNewBinary.url).path
        try tmux.run("cd \(repository.path) && clear && \(binary) preview && echo DO\"\"NE", until: "DONE")
        let screen = try tmux.capture()
        #expect(screen.contains("whatsnew-preview.html") && !screen.contains("<!DOCTYPE"), "\(screen)")
        #expect(try repository.read("whatsnew-preview.html").hasPrefix("<!DOCTYPE html>"))
        let piped = try repository.whatsnew(["preview"])
        #expect(piped.stdout.hasPrefix("<!DOCTYPE html>"))
    }

    @Test(.needs(.chromium)) func noCardClipsOrSpillsInChromium() throws { try noCardClipsOrSpills(.chromium) }
    @Test(.needs(.webkit)) func noCardClipsOrSpillsInWebKit() throws { try noCardClipsOrSpills(.webkit) }
    @Test(.needs(.firefox)) func noCardClipsOrSpillsInFirefox() throws { try noCardClipsOrSpills(.firefox) }

    /// Every card at two text sizes, light and dark.
    private func noCardClipsOrSpills(_ engine: BrowserEngine) throws {
        let directory = try SharedFiles.scratchDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        for (group, name) in [
            ("examples", "featured-changelog"), ("examples", "keep-a-changelog"), ("sizes", "wide-icons"),
        ] {
            let page = directory.appendingPathComponent("\(name).html")
            let written = try WhatsNewBinary.run(["preview", SharedFiles.fixture(group, name), "-o", page.path])
            try #require(written.status == 0, "\(written.stderr)")
            guard let runs = try Browser.runs(of: Self.script, engine, [page.path, Browser.screenshots.path]) else {
                return
            }
            #expect(runs.count == 2)
            for run in runs {
                #expect(run["sideways"] as? Bool == false, "\(engine) \(name): the page scrolls sideways")
                let cards = try #require(run["cards"] as? [[String: Any]])
                #expect(cards.count == 12, "six families, light and dark")
                for card in cards {
                    let label = "\(engine) \(name) \(card["family"]!) \(card["scheme"]!) ×\(run["scale"]!)"
                    #expect(
                        (card["outside"] as? [Any])?.isEmpty == true, "outside its card: \(card["outside"]!) \(label)")
                    #expect((card["cut"] as? [Any])?.isEmpty == true, "cut mid-line: \(card["cut"]!) \(label)")
                    // The inline line's words are chosen to fit, so the browser never cuts one.
                    #expect(
                        (card["shortened"] as? [Any])?.isEmpty == true,
                        "cut by the browser: \(card["shortened"]!) \(label)")
                    // A family is a budget, never a clip: no box hides what it holds.
                    #expect((card["hidden"] as? [Any])?.isEmpty == true, "hidden: \(card["hidden"]!) \(label)")
                    // Chosen to fit, the rows leave the card its family's height: it grows for none.
                    let heights = [
                        "small": 170.0, "medium": 170, "large": 382, "extra-large": 382, "rectangular": 76,
                        "inline": 24,
                    ]
                    let scale = run["scale"] as? Double ?? 1
                    if let nominal = heights[card["family"] as? String ?? ""] {
                        #expect(
                            (card["height"] as? Double ?? 0) <= nominal * scale + 1,
                            "grew to \(card["height"]!) \(label)")
                    }
                    // The large cards fill their room with the releases before the latest.
                    if ["large", "extra-large"].contains(card["family"] as? String) {
                        #expect((card["fill"] as? Double ?? 0) >= 0.7, "filled \(card["fill"]!) \(label)")
                    }
                    let lefts = card["titleLefts"] as? [Double] ?? []
                    #expect((lefts.max() ?? 0) - (lefts.min() ?? 0) <= 0.5, "titles not in line: \(lefts) \(label)")
                }
                // The card follows the reader's text size: 135 % text, a 35 % larger card.
                if run["scale"] as? Double == 1.35,
                    let medium = cards.first(where: { $0["family"] as? String == "medium" })
                {
                    #expect(abs((medium["width"] as? Double ?? 0) - 364 * 1.35) < 2)
                }
            }
        }
    }

    @Test(.needs(.chromium)) func aStandaloneCardKeepsItsBoxInChromium() throws {
        try standaloneCardKeepsItsBox(.chromium)
    }
    @Test(.needs(.webkit)) func aStandaloneCardKeepsItsBoxInWebKit() throws { try standaloneCardKeepsItsBox(.webkit) }

    /// `--size … --standalone`: the card centred on a page of its own, its box and content whole
    /// (the page's padding once squeezed a card's content to nothing).
    private func standaloneCardKeepsItsBox(_ engine: BrowserEngine) throws {
        let directory = try SharedFiles.scratchDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        for (family, width) in [("medium", 364.0), ("inline", 260.0), ("small", 170.0)] {
            let page = directory.appendingPathComponent("\(family).html")
            let written = try WhatsNewBinary.run([
                SharedFiles.fixture("examples", "featured-changelog"), "--size", family, "--format", "html",
                "--standalone",
                "-o", page.path,
            ])
            try #require(written.status == 0, "\(written.stderr)")
            guard let runs = try Browser.runs(of: Self.script, engine, [page.path]) else { return }
            for run in runs {
                let card = try #require((run["cards"] as? [[String: Any]])?.first)
                let scale = run["scale"] as? Double ?? 1
                #expect(abs((card["width"] as? Double ?? 0) - width * scale) < 2, "\(engine) \(family) ×\(scale)")
                #expect((card["outside"] as? [Any])?.isEmpty == true, "\(engine) \(family): \(card["outside"]!)")
                #expect((card["shortened"] as? [Any])?.isEmpty == true, "\(engine) \(family): \(card["shortened"]!)")
            }
        }
    }
}
