import Testing

@testable import WhatsNewEditing

/// A note released for some of its packages keeps waiting for the others: only its
/// `packages:` changes, every other byte stays.
struct FragmentPackagesTests {
    func rewrite(_ text: String, _ names: [String]) -> String? {
        FragmentPackages.rewrite(Array(text.utf8), to: names).map { String(decoding: $0, as: UTF8.self) }
    }

    @Test func aFlowListBecomesTheNamesLeft() {
        #expect(
            rewrite("---\nkind: fixed\npackages: [core, app]\ntitle: X\n---\nText.\n", ["core"])
                == "---\nkind: fixed\npackages: [core]\ntitle: X\n---\nText.\n")
    }

    @Test func aBlockListAndItsItemsBecomeOneLine() {
        #expect(
            rewrite(
                "---\r\npackages:\r\n  - core\r\n  - \"@scope/app\"\r\nkind: fixed\r\n---\r\n- packages: in the text stays\r\n",
                ["@scope/app"])
                == "---\r\npackages: [\"@scope/app\"]\r\nkind: fixed\r\n---\r\n- packages: in the text stays\r\n")
    }

    @Test func withoutTheKeyInTheFrontMatterNothingIsGuessed() {
        #expect(rewrite("---\nkind: fixed\n---\npackages: [core]\n", ["core"]) == nil)
        #expect(rewrite("kind: fixed\npackages: [core]\n", ["core"]) == nil)
    }
}
