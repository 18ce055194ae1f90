import Testing

@testable import WhatsNewModel

struct SectionKindTests {
    /// A title reads the same with a non-ASCII letter riding along (removed again afterwards).
    @Test(arguments: [
        "Bug Fixes", "  BUG   fixes!! ", "What's New", "What’s New?", "Breaking-Changes", "Features & Fixes",
        "v2.0 -- Security", "\tAdded\t", "---", "", "Dependency_Updates (2)",
    ])
    func asciiNormalisationAgreesWithUnicode(_ title: String) {
        let unicode = SectionKind.normalized(title + " é").dropLast(2)
        let expected = unicode.hasSuffix(" ") ? String(unicode.dropLast()) : String(unicode)
        #expect(SectionKind.normalized(title) == expected)
    }

    @Test func classification() {
        #expect(SectionKind.normalized("  BUG   fixes!! ") == "bug fixes")
        #expect(SectionKind.classify("Bug Fixes") == .fixed)
        #expect(SectionKind.classify("What’s New") == .added)
    }
}
