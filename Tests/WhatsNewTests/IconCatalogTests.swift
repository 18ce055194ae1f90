import Testing

@testable import WhatsNewModel
@testable import WhatsNewProject
@testable import WhatsNewReading
@testable import WhatsNewRendering

/// Every way a section's icon becomes a glyph, and the tables behind them.
struct IconCatalogTests {
    let catalog = IconCatalog.builtIn

    @Test func glyphIsShownAsIs() {
        #expect(catalog.resolve(.glyph("🌙")) == ResolvedIcon(glyph: "🌙"))
        #expect(catalog.resolve(.glyph("★")) == ResolvedIcon(glyph: "★"))
    }

    @Test func symbolNameGetsItsStandIn() {
        #expect(catalog.resolve(.symbol("ladybug.fill")) == ResolvedIcon(glyph: "🐞", symbol: "ladybug.fill"))
        #expect(catalog.resolve(.symbol("square.and.arrow.up.fill")).glyph == "📤")
    }

    @Test func variantFallsBackToItsBase() {
        // Not listed: each drops variant words from the end until a listed name remains.
        #expect(
            catalog.resolve(.symbol("hammer.circle.fill")) == ResolvedIcon(glyph: "🔨", symbol: "hammer.circle.fill"))
        #expect(catalog.resolve(.symbol("gift.circle.fill")).glyph == "🎁")
        #expect(catalog.resolve(.symbol("bell.badge.circle.fill")).glyph == "🔔")
        #expect(catalog.resolve(.symbol("trash.square.fill")).glyph == "🗑️")
        #expect(IconCatalog.variantBases(of: "star.circle.fill") == ["star.circle", "star"])
        #expect(IconCatalog.variantBases(of: "cart.fill.badge.plus") == ["cart.fill", "cart"])
        // A word that changes the meaning is not a variant.
        #expect(IconCatalog.variantBases(of: "xmark.bin") == [])
    }

    @Test func shortcodesResolveWithOrWithoutColons() {
        #expect(catalog.resolve(.shortcode("tada")) == ResolvedIcon(glyph: "🎉"))
        #expect(catalog.resolve(.shortcode("+1")).glyph == "👍")
        #expect(catalog.resolve(.shortcode("memo")).glyph == "📝")
        #expect(catalog.resolve(Icon("rocket")!) == ResolvedIcon(glyph: "🚀"))
        #expect(Icon(":white_check_mark:") == .shortcode("white_check_mark"))
    }

    @Test func unknownNameGetsTheFallbackAndSuggestions() {
        let resolved = catalog.resolve(.symbol("strar.circle.fill"))
        // A typo reaches no app as a symbol, where it would draw nothing.
        #expect(resolved == ResolvedIcon(glyph: IconCatalog.fallbackGlyph, symbol: nil, isKnown: false))
        #expect(catalog.suggestions(for: .symbol("strar.circle.fill")) == ["star.circle.fill"])
        #expect(catalog.suggestions(for: .shortcode("tadaa")) == [":tada:"])
        #expect(catalog.resolve(.shortcode("no_such_code")).isKnown == false)
        #expect(catalog.suggestions(for: .symbol("qqqqqqqqqqqq")) == [])
    }

    @Test func namesAndGlyphsAreToldApart() {
        #expect(Icon("star.circle.fill") == .symbol("star.circle.fill"))
        #expect(Icon("🐞") == .glyph("🐞"))
        #expect(Icon("★") == .glyph("★"))
        #expect(Icon("A") == .glyph("A"))
        #expect(Icon(":+1:") == .shortcode("+1"))
    }

    @Test func iconsMapAddsNamesAndCategoryIcons() {
        let extended = catalog.adding([
            IconOverride(key: "fixed", icon: .symbol("ant.fill")),
            IconOverride(key: "inkwell.nib", icon: .glyph("🖋️")),
            IconOverride(key: ":inkwell:", icon: .glyph("🖋️")),
            IconOverride(key: "pen.alias", icon: .symbol("pencil")),
        ])
        #expect(extended.resolve(.symbol("inkwell.nib")).glyph == "🖋️")
        #expect(extended.resolve(.shortcode("inkwell")).glyph == "🖋️")
        #expect(extended.resolve(.symbol("pen.alias")).glyph == "✏️")
        #expect(extended.categoryIcon(title: "Bug Fixes", kind: .fixed) == .symbol("ant.fill"))
        #expect(extended.categoryIcon(title: "Added", kind: .added) == nil)
        // A kind is a category, not a new name.
        #expect(extended.resolve(.symbol("fixed")).isKnown == false)
    }

    @Test func searchFindsWordsNotSubstrings() {
        let found = catalog.search("star")
        #expect(found.symbols.map(\.name).prefix(4) == ["star", "star.fill", "star.circle", "star.circle.fill"])
        #expect(found.symbols.contains { $0.name == "list.star" })
        #expect(!found.symbols.contains { $0.name == "restart" })
        #expect(found.shortcodes.contains { $0.name == "star" })
        #expect(!found.shortcodes.contains { $0.name == "custard" })
    }

    @Test func tablesAreLargeEnough() {
        #expect(IconTable.symbols.count >= 300)
        #expect(IconTable.shortcodes.count >= 1500)
    }

    /// Every glyph of both tables, measured by the display-width engine, fits the icon column.
    @Test func everyGlyphIsAtMostTwoCells() {
        let width = DisplayWidth()
        for entry in IconTable.symbols.entries + IconTable.shortcodes.entries {
            let cells = width.of(entry.glyph)
            #expect((1...2).contains(cells), "\(entry.name) → \(entry.glyph) takes \(cells) cells")
            #expect(entry.glyph.count == 1, "\(entry.name) → \(entry.glyph) is more than one character")
        }
        #expect(width.of(IconCatalog.fallbackGlyph) == 1)
    }

    /// Reading a built-in table's text for one name finds what its index finds: names as listed
    /// and in capitals (the first, the last and 25 between: each look-up reads the table, slowly
    /// in a debug build), and names no table lists.
    @Test func lookingANameUpInTheTextFindsWhatTheIndexFinds() {
        let tables = [
            (IconTable.symbols, PackageResources.sf_symbols_tsv),
            (IconTable.shortcodes, PackageResources.shortcodes_tsv),
        ]
        for (table, tsv) in tables {
            let step = table.entries.count / 25
            let names = table.entries.indices.filter { $0 % step == 0 || $0 == table.entries.count - 1 }
                .map { table.entries[$0].name }
            for name in names + names.map({ $0.uppercased() }) {
                #expect(IconTable.glyph(name, inTable: tsv) == table[name], "\(name)")
            }
            for name in ["", "custard", "star.", "star\tfill", "#", "# whatsnew", "Ünknown", "\n", "star\t⭐"] {
                #expect(IconTable.glyph(name, inTable: tsv) == table[name], "\(name.debugDescription)")
            }
        }
    }

    @Test func namesAreSymbolShapedAndUnique() {
        var seen = Set<String>()
        for entry in IconTable.symbols.entries {
            #expect(IconCatalog.isSymbolShaped(entry.name), "\(entry.name)")
            #expect(seen.insert(entry.name).inserted, "\(entry.name) is listed twice")
        }
    }
}

/// The icon and colour each section ends up with, read from whole documents.
struct AppearanceTests {
    private func sections(_ markdown: String, icons: IconCatalog = .builtIn) throws -> [Section] {
        let source = try SourceFile(path: "notes.md", bytes: Array(markdown.utf8))
        return DocumentReader(icons: icons).read(source).document.releases.flatMap(\.sections)
    }

    @Test func everyIconInTheExamplesResolves() throws {
        for name in Fixtures.names(in: "examples") {
            for section in try Fixtures.read("examples", name).document.releases.flatMap(\.sections) {
                guard let icon = section.appearance.icon else { continue }
                #expect(
                    icon.isKnown,
                    "\(name): \(section.title ?? "") has no stand-in for \(String(describing: section.icon))")
                #expect(icon.glyph != IconCatalog.fallbackGlyph)
            }
        }
    }

    @Test func categoryDefaultsByKind() throws {
        let found = try sections("## 1.0.0\n\n### Added\n\n- a\n\n### Bug Fixes\n\n- b\n\n### Misc\n\n- c\n")
        #expect(found.map { $0.appearance.icon?.glyph } == ["✨", "🐞", "📝"])
        #expect(found.map { $0.appearance.icon?.symbol } == ["sparkles", "ladybug.fill", "note.text"])
        #expect(found.map { $0.appearance.color } == [.system(.green), .system(.red), .system(.mint)])
    }

    /// Headings seen in the wild, in any case, land on Keep a Changelog's kinds and the others.
    @Test(arguments: [
        ("Added", SectionKind.added), ("ADDITIONS", .added), ("New", .added), ("New Features", .added),
        ("features", .added), ("Enhancements", .added), ("Improvements", .changed), ("Changes", .changed),
        ("Updated", .changed), ("Changed", .changed), ("Deprecated", .deprecated), ("Removed", .removed),
        ("Fixes", .fixed), ("Bug Fixes", .fixed), ("Bugfixes", .fixed), ("fixed", .fixed),
        ("Security", .security), ("Breaking Changes", .breaking), ("⚠ BREAKING CHANGES", .breaking),
        ("Performance Improvements", .performance), ("Documentation", .docs), ("Dependencies", .dependencies),
        ("Internal Changes", .internal), ("Known issues", .knownIssues), ("Miscellaneous", .other),
    ])
    func headingNamesMapOntoKinds(_ heading: String, _ kind: SectionKind) {
        #expect(SectionKind.classify(heading) == kind)
    }

    @Test func emojiInHeadingWinsOverTheDefault() throws {
        let found = try sections("## 1.0.0\n\n### 🚀 Features\n\n- a\n\n### :bug: Fixed\n\n- b\n")
        #expect(found.map { $0.appearance.icon?.glyph } == ["🚀", "🐛"])
        #expect(found.map { $0.appearance.icon?.symbol } == [nil, nil])
        #expect(found.map(\.title) == ["Features", "Fixed"])
        // The kind's colour stays.
        #expect(found[0].appearance.color == .system(.green))
    }

    @Test func frontMatterIconsMapOverridesDefaults() throws {
        let found = try sections(
            """
            ---
            title: Notes
            icons:
              fixed: ant.fill
              Housekeeping: broom.fill
              broom.fill: 🧹
            ---

            ## 1.0.0

            ### Fixed

            - a

            ### Housekeeping

            - b
            """)
        #expect(found.map { $0.appearance.icon?.glyph } == ["🐜", "🧹"])
    }

    @Test func iconMapFileExtendsTheCatalog() throws {
        let file = try SourceFile(
            path: "icons.yml", bytes: Array("icons:\n  fixed: ant\n  quill: \"🪶\"\n".utf8))
        let overrides = try IconMapFile.read(file)
        #expect(
            overrides == [
                IconOverride(key: "fixed", icon: .symbol("ant")), IconOverride(key: "quill", icon: .glyph("🪶")),
            ])
        let catalog = IconCatalog.builtIn.adding(overrides)
        let found = try sections("## 1.0.0\n\n---\nicon: quill\ntitle: Pens\n---\n\n### Fixed\n\n- a\n", icons: catalog)
        #expect(found.map { $0.appearance.icon?.glyph } == ["🪶", "🐜"])
        // The sheet's own map wins over the file.
        let sheet = "---\ntitle: N\nicons:\n  fixed: hammer\n---\n\n## 1.0.0\n\n### Fixed\n\n- a\n"
        #expect(try sections(sheet, icons: catalog).first?.appearance.icon?.glyph == "🔨")
    }

    @Test func iconMapFileProblemsPointIntoTheFile() throws {
        func problem(_ yaml: String) -> String? {
            do {
                _ = try IconMapFile.read(try SourceFile(path: "icons.yml", bytes: Array(yaml.utf8)))
                return nil
            } catch {
                return error.description
            }
        }
        #expect(
            problem("fixed: [a, b]\n")
                == "icons.yml:1:8: error: `fixed` must map to an icon: an emoji, an SF Symbol name or a :shortcode:")
        #expect(
            problem("- a\n- b\n")
                == "icons.yml:1:1: error: an icon map is `name: icon` lines, such as `fixed: ladybug.fill`")
        #expect(problem("fixed: [\n")?.hasPrefix("icons.yml:2:1: error: not valid YAML") == true)
    }

    @Test func ownColourWinsAndBadColourIsDropped() throws {
        let found = try sections(
            """
            ## 1.0.0

            ---
            icon: star
            color: "#FF8800"
            title: One
            ---

            ---
            icon: star
            color: golden
            title: Two
            ---
            """)
        #expect(found.map(\.appearance.color) == [.rgb(RGB(255, 136, 0)), nil])
    }
}

/// Named system colours and their terminal equivalents.
struct ColorTests {
    @Test func parsesNamesAndHex() {
        #expect(SheetColor("indigo") == .system(.indigo))
        #expect(SheetColor("Grey") == .system(.gray))
        #expect(SheetColor("#0a84FF") == .rgb(RGB(10, 132, 255)))
        #expect(SheetColor("#0a84F") == nil)
        #expect(SheetColor("0a84ff") == nil)
        #expect(SheetColor("golden") == nil)
        #expect(SheetColor("#0A84FF")?.description == "#0a84ff")
    }

    @Test func everyNamedColourHasLightAndDarkValues() {
        #expect(SystemColor.allCases.count == 13)
        #expect(SystemColor.blue.light == RGB(0, 122, 255))
        #expect(SystemColor.blue.dark == RGB(10, 132, 255))
    }

    @Test func nearestTerminalColours() {
        #expect(ANSIPalette.nearest256(to: RGB(255, 0, 0)) == 196)
        #expect(ANSIPalette.nearest256(to: RGB(128, 128, 128)) == 244)
        #expect(ANSIPalette.nearest256(to: RGB(0, 0, 0)) == 16)
        #expect(ANSIPalette.nearest16(to: RGB(250, 250, 250)) == 15)
        #expect(SheetColor.system(.orange).ansi256 == 214)
        #expect(SheetColor.system(.purple).ansi16 == 5)
        #expect(SheetColor.rgb(RGB(0, 200, 0)).ansi16 == 2)
        // The table the icons and colours article shows.
        let palette: [SystemColor: (UInt8, UInt8)] = [
            .red: (203, 1), .orange: (214, 3), .yellow: (220, 11), .green: (41, 2), .mint: (80, 14),
            .teal: (80, 6), .cyan: (81, 14), .blue: (33, 12), .indigo: (62, 4), .purple: (135, 5),
            .pink: (203, 13), .brown: (137, 3), .gray: (246, 8),
        ]
        for (color, expected) in palette {
            #expect(SheetColor.system(color).ansi256 == expected.0, "\(color)")
            #expect(SheetColor.system(color).ansi16 == expected.1, "\(color)")
        }
        for color in SystemColor.allCases {
            // Each name lands on a colour of the fixed palette that is close to it.
            let nearest = ANSIPalette.color(at: SheetColor.system(color).ansi256)
            #expect(ANSIPalette.distance(nearest, color.dark) < 120, "\(color)")
        }
    }
}
