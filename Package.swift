// swift-tools-version: 6.2
import PackageDescription

let package = Package(
    name: "whatsnew",
    platforms: [.macOS(.v14), .iOS(.v17)],
    products: [
        .executable(name: "whatsnew", targets: ["WhatsNewCLI"]),
        .library(name: "WhatsNew", targets: ["WhatsNew"]),
        // The JSON's Codable types alone, for apps: no cmark, no other dependency.
        .library(name: "WhatsNewSchema", targets: ["WhatsNewSchema"]),
        .plugin(name: "WhatsNewPlugin", targets: ["WhatsNewPlugin"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        .package(url: "https://github.com/jpsim/Yams", from: "6.0.0"),
        // `swift package generate-documentation`: the DocC catalogs, built and checked in CI.
        .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.4.0"),
    ],
    targets: [
        // cmark, the CommonMark reference parser, as the system installs it.
        .systemLibrary(
            name: "CCMark",
            pkgConfig: "libcmark",
            providers: [.apt(["libcmark-dev"]), .brew(["cmark"])]
        ),
        // The HTML templates and stylesheet under Templates/, embedded in the binary.
        .target(
            name: "WhatsNewTemplates",
            path: "Templates",
            resources: [
                .embedInCode("sheet.mustache"), .embedInCode("release.mustache"), .embedInCode("section.mustache"),
                .embedInCode("standalone.mustache"), .embedInCode("sparkle.mustache"),
                .embedInCode("whatsnew.css"), .embedInCode("sparkle.css"),
            ]
        ),
        // Public Codable types for the JSON (schema 1), with no dependencies, so an app can
        // decode whatsnew's output on any platform.
        .target(name: "WhatsNewSchema"),
        // The whole pipeline: front matter, cmark, model, layout, renderers.
        .target(
            name: "WhatsNew",
            dependencies: [
                "CCMark", "WhatsNewSchema", "WhatsNewTemplates", .product(name: "Yams", package: "Yams"),
            ],
            exclude: ["Data/Generators"],
            // Icon tables kept as data, compiled into the binary so it runs from any directory.
            resources: [
                .embedInCode("Data/sf-symbols.tsv"), .embedInCode("Data/shortcodes.tsv"),
                .embedInCode("Data/sheet-words.tsv"), .embedInCode("Data/store-locales.tsv"),
            ]
        ),
        // The thin command line on top of the library.
        .executableTarget(
            name: "WhatsNewCLI",
            dependencies: [
                "WhatsNew", "WhatsNewSchema", .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        // The whole pipeline for libFuzzer (`.ci/fuzz` builds it with -sanitize=fuzzer), or a
        // corpus replayer in a plain build.
        .executableTarget(
            name: "WhatsNewFuzz",
            dependencies: ["WhatsNew"]
        ),
        // `swift package whatsnew …` for packages that depend on this one.
        .plugin(
            name: "WhatsNewPlugin",
            capability: .command(
                intent: .custom(verb: "whatsnew", description: "Render or lint release notes with whatsnew")),
            dependencies: ["WhatsNewCLI"],
            path: "Sources/WhatsNewPlugin"
        ),
        .testTarget(
            name: "WhatsNewTests",
            dependencies: ["WhatsNew", "WhatsNewFuzz"],
            exclude: ["Fixtures", "Golden"]
        ),
        .testTarget(
            name: "WhatsNewCLITests",
            dependencies: ["WhatsNewCLI"],
            exclude: ["Browser"]
        ),
    ]
)
