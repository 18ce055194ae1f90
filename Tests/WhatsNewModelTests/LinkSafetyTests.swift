import Testing

@testable import WhatsNewModel

/// The one rule for the links whatsnew places: which kinds there are, and what is never one.
struct LinkSafetyTests {
    @Test func webMailAndRelativeLinksAreSafe() {
        #expect(LinkSafety.kind(of: "https://example.com/a") == .web)
        #expect(LinkSafety.kind(of: "HTTP://example.com") == .web)
        #expect(LinkSafety.kind(of: "mailto:team@example.com") == .mail)
        #expect(LinkSafety.kind(of: "/docs/night-mode#setup") == .relative)
        #expect(LinkSafety.kind(of: "guide.html?a=b:c") == .relative)
        #expect(LinkSafety.kind(of: "changelogs/0.11.x.md") == .relative)
    }

    @Test func schemesThatRunOrOpenLocalFilesAreNot() {
        for link in [
            "javascript:alert(1)", "JavaScript:alert(1)", "data:text/html,x", "vbscript:x", "file:///etc/passwd",
        ] {
            #expect(LinkSafety.kind(of: link) == nil, "\(link)")
        }
    }

    @Test func textThatCouldEndTheLinkEarlyIsNot() {
        for link in [
            "  javascript:alert(1)", "https://example.com/a b", "https://example.com/\"onload=x", "https://e.com/'x",
            "https://e.com/<script>", "https://e.com/a|b", "https://e.com/\u{7}", "https://e.com/a\\b",
            "https://e.com/`x`",
            "",
        ] {
            #expect(LinkSafety.kind(of: link) == nil, "\(link)")
        }
    }

    @Test func aWebAddressNeedsAHost() {
        #expect(!LinkSafety.isWeb("https://"))
        #expect(!LinkSafety.isWeb("http:///path"))
        #expect(LinkSafety.isWeb("https://github.com/o/r/compare/v1.2.0...v1.3.0"))
        #expect(!LinkSafety.isWeb("mailto:a@b.c") && LinkSafety.isWebOrMail("mailto:a@b.c"))
        #expect(!LinkSafety.isWebOrMail("/relative") && LinkSafety.isSafe("/relative"))
    }
}
