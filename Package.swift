// swift-tools-version: 6.2
import PackageDescription

// The pipeline is the architecture, and these targets hold its direction: each imports only
// the stages before it (Tests/WhatsNewTests/ArchitectureTests.swift checks the package and every
// import against Architecture.md).
//
// Sources/WhatsNew/WhatsNew.docc/Architecture.md says what each target may stand on and draws
// the targets from this file (.github/architecture/render, through `swift package dump-package`).
// Every file imports what it uses, members included, so no stage leans on what another module
// imports: the compiler holds the rule Architecture.md states.
let strictImports: [SwiftSetting] = [.enableUpcomingFeature("MemberImportVisibility")]

let package = Package(
    name: "whatsnew",
    // What the code needs, for every product (SwiftPM sets one floor per package): the pipeline
    // uses Swift's string processing (`firstRange(of:)`, `replacing(_:with:)`) and the project
    // layer Foundation's `Locale.language`, both macOS 13 and iOS 16. WhatsNewSchema and
    // WhatsNewSeenStores need nothing newer; CloudSeenStore asks watchOS 9 for itself.
    platforms: [.macOS(.v13), .iOS(.v16)],
    products: [
        .executable(name: "whatsnew", targets: ["WhatsNewCLI"]),
        // The pipeline without Foundation: read, edit, lay out and render release notes.
        .library(name: "WhatsNew", targets: ["WhatsNew"]),
        // The JSON's Codable types alone, for apps: no cmark, no other dependency.
        .library(name: "WhatsNewSchema", targets: ["WhatsNewSchema"]),
        // Where an app keeps what its user has seen: UserDefaults and iCloud key-value stores.
        .library(name: "WhatsNewSeenStores", targets: ["WhatsNewSeenStores"]),
        .plugin(name: "WhatsNewPlugin", targets: ["WhatsNewPlugin"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
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
        // libyaml, the YAML reference parser, as the system installs it: front matter and
        // settings are composed from its events (WhatsNewReading/YAML), with no Foundation.
        .systemLibrary(
            name: "CYAML",
            pkgConfig: "yaml-0.1",
            providers: [.apt(["libyaml-dev"]), .brew(["libyaml"])]
        ),
        // The HTML templates and stylesheet under Templates/, embedded in the binary.
        .target(
            name: "WhatsNewTemplates",
            path: "Templates",
            resources: [
                .embedInCode("sheet.mustache"), .embedInCode("release.mustache"), .embedInCode("section.mustache"),
                .embedInCode("standalone.mustache"), .embedInCode("sparkle.mustache"),
                .embedInCode("whatsnew.css"), .embedInCode("sparkle.css"), .embedInCode("sparkle-description.css"),
                .embedInCode("sparkle-description.mustache"),
            ]
        ),
        // Public Codable types for the JSON (schema 1), with no dependencies, so an app can
        // decode whatsnew's output on any platform.
        .target(name: "WhatsNewSchema", swiftSettings: strictImports),
        // The schema's SeenStore over Foundation's UserDefaults and, on Apple platforms, iCloud's
        // key-value store: apart from the schema, which stays dependency-free.
        .target(name: "WhatsNewSeenStores", dependencies: ["WhatsNewSchema"], swiftSettings: strictImports),
        // Plain values every stage shares: the notes model, diagnostics and source positions,
        // and the small text rules (versions and dates in text, link safety, suggestions).
        .target(
            name: "WhatsNewModel",
            dependencies: ["WhatsNewSchema"],
            exclude: [
                "Width/generate-width-table.py", "Words/generate-long-dates.swift", "Text/generate-latin-folding.py",
            ],
            // whatsnew's own words in every locale, CLDR's long dates and Latin letters' folding,
            // kept as data.
            resources: [
                .embedInCode("Words/sheet-words.tsv"), .embedInCode("Words/long-dates.tsv"),
                .embedInCode("Text/latin-folding.tsv"),
            ],
            swiftSettings: strictImports
        ),
        // Bytes to the model: front matter, cmark (its C pointers stay here), changelog
        // dialects, icons, fragments, translations and lint.
        .target(
            name: "WhatsNewReading",
            dependencies: ["WhatsNewModel", "CCMark", "CYAML"],
            exclude: ["Appearance/Data/generate-shortcodes.py"],
            // The icon tables, kept as data and compiled in so the binary runs from any directory.
            resources: [
                .embedInCode("Appearance/Data/sf-symbols.tsv"), .embedInCode("Appearance/Data/shortcodes.tsv"),
            ],
            swiftSettings: strictImports
        ),
        // Beside reading: the notes file edited in its own dialect (releases, comparison
        // links, front matter written), and appcasts edited byte for byte.
        .target(
            name: "WhatsNewEditing",
            dependencies: ["WhatsNewModel", "WhatsNewReading"],
            swiftSettings: strictImports
        ),
        // The model to what a reader sees: selection, schedule, audiences, size budgets, the one
        // icon-column measure, display width and wrapping.
        .target(
            name: "WhatsNewSheet",
            dependencies: ["WhatsNewModel"],
            swiftSettings: strictImports
        ),
        // The sheet written out: one folder per format behind one renderer protocol.
        .target(
            name: "WhatsNewRendering",
            dependencies: ["WhatsNewModel", "WhatsNewSheet", "WhatsNewSchema", "WhatsNewTemplates"],
            // The folder names fastlane gives each locale in each store.
            resources: [.embedInCode("Store/store-locales.tsv")],
            swiftSettings: strictImports
        ),
        // The library as one import: `import WhatsNew` brings every stage but the project layer.
        .target(
            name: "WhatsNew",
            dependencies: [
                "WhatsNewModel", "WhatsNewReading", "WhatsNewEditing", "WhatsNewSheet", "WhatsNewRendering",
            ],
            swiftSettings: strictImports
        ),
        // The project around the notes, and the only library code that may use Foundation:
        // .whatsnew.yml, finding the notes, translations and fragments, git, atomic writes,
        // and the use cases every command runs.
        .target(
            name: "WhatsNewProject",
            dependencies: [
                "WhatsNewModel", "WhatsNewReading", "WhatsNewEditing", "WhatsNewSheet", "WhatsNewRendering",
                "WhatsNewSchema",
            ],
            swiftSettings: strictImports
        ),
        // The thin command line: flags in, a request to the project layer, diagnostics out. Its
        // flags parse into the values they choose (WhatsNewModel's, the sheet's size families,
        // rendering's formats), so the help lists exactly what each accepts; the work is the
        // project layer's.
        .executableTarget(
            name: "WhatsNewCLI",
            dependencies: [
                "WhatsNewProject", "WhatsNewModel", "WhatsNewSheet", "WhatsNewRendering",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            swiftSettings: strictImports
        ),
        // The whole pipeline for libFuzzer (`.ci/fuzz` builds it with -sanitize=fuzzer), or a
        // corpus replayer in a plain build.
        .executableTarget(
            name: "WhatsNewFuzz",
            dependencies: [
                "WhatsNewProject", "WhatsNewModel", "WhatsNewReading", "WhatsNewSheet", "WhatsNewRendering",
            ],
            swiftSettings: strictImports
        ),
        // `swift package whatsnew …` for packages that depend on this one.
        .plugin(
            name: "WhatsNewPlugin",
            capability: .command(
                intent: .custom(verb: "whatsnew", description: "Render or lint release notes with whatsnew")),
            dependencies: ["WhatsNewCLI"],
            path: "Sources/WhatsNewPlugin"
        ),
        // What the test targets share: the slow checks' switch and the tools they need.
        .target(name: "WhatsNewTestSupport", path: "Tests/WhatsNewTestSupport", swiftSettings: strictImports),
        // The app-facing libraries alone, as an app links them: the schema and the seen stores.
        .testTarget(name: "WhatsNewSchemaTests", dependencies: ["WhatsNewSchema", "WhatsNewSeenStores"]),
        // The model's rules on its values: versions, dates, display width, link safety, kinds.
        .testTarget(name: "WhatsNewModelTests", dependencies: ["WhatsNewModel", "WhatsNewTestSupport"]),
        // The pipeline through its stages, on the fixtures and golden files, and the house's own checks.
        .testTarget(
            name: "WhatsNewTests",
            dependencies: [
                "WhatsNew", "WhatsNewModel", "WhatsNewReading", "WhatsNewEditing", "WhatsNewSheet",
                "WhatsNewRendering", "WhatsNewSchema", "WhatsNewProject", "WhatsNewFuzz", "WhatsNewTestSupport",
            ],
            exclude: ["Fixtures", "Golden"]
        ),
        .testTarget(
            name: "WhatsNewCLITests",
            dependencies: ["WhatsNewCLI", "WhatsNewTestSupport"],
            exclude: ["Browser"]
        ),
    ]
)
