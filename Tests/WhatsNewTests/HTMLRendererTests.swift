import CCMark
import Foundation
import Testing
import WhatsNewTemplates

@testable import WhatsNewModel
@testable import WhatsNewRendering
@testable import WhatsNewSheet

/// The HTML renderer's own decisions: what reaches the templates, and how.
struct HTMLRendererTests {
    private func html(_ markdown: String, standalone: Bool = false) throws -> String {
        let reading = try Fixtures.read(markdown)
        return try HTMLRenderer(standalone: standalone).render(
            Presentation(document: reading.document, releases: reading.document.releases))
    }

    /// Pasted into a CommonMark page (Hugo, VitePress) the fragment must stay one HTML block:
    /// a blank line, as in a code block, would turn the rest of the sheet into Markdown.
    @Test(arguments: [HTMLStyle.inline, .none])
    func aCommonMarkPageKeepsTheFragmentWhole(style: HTMLStyle) throws {
        let reading = try Fixtures.read("html", "lantern-changelog")
        let fragment = try HTMLRenderer(style: style).render(
            Presentation(document: reading.document, releases: reading.document.releases))
        #expect(fragment.contains("<pre><code class=\"language-toml\">"))
        guard let passed = cmark_markdown_to_html(fragment, fragment.utf8.count, CMARK_OPT_UNSAFE) else {
            Issue.record("cmark failed")
            return
        }
        defer { free(passed) }
        #expect(String(cString: passed) == fragment + (fragment.hasSuffix("\n") ? "" : "\n"))
    }

    @Test func blankLinesBecomeCharacterReferences() {
        #expect(HTMLText.withoutBlankLines("<pre><code>a\n\nb\n</code></pre>") == "<pre><code>a\n&#10;b\n</code></pre>")
        #expect(HTMLText.withoutBlankLines("a\n\n\nb") == "a\n&#10;\nb")
        #expect(HTMLText.withoutBlankLines("a\n  \nb") == "a\n&#32; \nb")
        #expect(HTMLText.withoutBlankLines("a\n\t\nb") == "a\n&#9;\nb")
        #expect(HTMLText.withoutBlankLines("<p>a</p>\n<p>b</p>") == "<p>a</p>\n<p>b</p>")
    }

    @Test func iconColumnInEm() {
        #expect(HTMLContext.em(cells: 0) == "0")
        #expect(HTMLContext.em(cells: 1) == "1.2em")
        #expect(HTMLContext.em(cells: 2) == "2.3em")
    }

    @Test func coloursGoThroughCustomPropertiesOrStayExact() throws {
        let out = try html(
            "## 1.0.0\n\n---\nicon: star\ncolor: yellow\ntitle: A\n---\n\n---\nicon: star\ncolor: \"#BC002D\"\ntitle: B\n---\n\n---\nicon: star\ncolor: golden\ntitle: C\n---\n"
        )
        #expect(out.contains("style=\"--whatsnew-item-color: var(--whatsnew-yellow)\" data-color=\"yellow\""))
        #expect(out.contains("style=\"--whatsnew-item-color: #bc002d\" data-color=\"#bc002d\""))
        #expect(!out.contains("golden"))
    }

    @Test func linkedTitlesAndUnsafeLinksDropped() throws {
        let out = try html(
            "## 1.0.0\n\n---\ntitle: Guide\nlink: https://example.com/g\n---\n\n---\ntitle: Bad\nlink: \"javascript:alert(1)\"\n---\n"
        )
        #expect(out.contains("<h4 class=\"whatsnew-title\"><a href=\"https://example.com/g\">Guide</a></h4>"))
        #expect(out.contains("<h4 class=\"whatsnew-title\">Bad</h4>"))
    }

    @Test func standaloneIsAWholeDocument() throws {
        let out = try html("## 1.0.0\n\n### Added\n\n- a\n", standalone: true)
        #expect(out.hasPrefix("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">"))
        #expect(out.contains("<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">"))
        #expect(out.contains("<title>What&#39;s New</title>"))
        // The stylesheet is in the head, once.
        #expect(out.components(separatedBy: "<style>").count == 2)
        #expect(out.range(of: "<style>")!.lowerBound < out.range(of: "</head>")!.lowerBound)
    }

    @Test func rawHTMLAndScriptLinksAreNeutralisedByCmark() throws {
        let out = try html("## 1.0.0\n\n### Fixed\n\n- <script>alert(1)</script>\n- [x](javascript:alert(1))\n")
        #expect(!out.contains("<script"))
        #expect(out.contains("<a href=\"\">x</a>"))
    }

    @Test func everyBuiltInTemplateParses() {
        for (name, text) in BuiltInTemplates.all {
            var library = MustacheLibrary()
            #expect(throws: Never.self, "\(name)") { try library.register(text, named: name) }
            #expect(HTMLTemplates.builtIn.library.template(named: name) != nil, "\(name)")
        }
    }
}
