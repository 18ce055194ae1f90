import ArgumentParser
import Foundation
import WhatsNewModel
import WhatsNewSheet
import WhatsNewRendering

/// The default command: read the notes, choose releases, write the sheet.
struct RenderCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "render",
        abstract: "Render release notes as a What's New sheet (the default command).",
        discussion: """
            Notes in progress, the fragments in .changes/ (or .whatsnew.yml's fragments folder), \
            are shown as the unreleased release, merged into the notes' own Unreleased section, \
            exactly as `whatsnew release` will write them: --release unreleased previews them.
            """
    )

    @Argument(
        help: "The release notes to read, or - for standard input (default: .whatsnew.yml's input, else CHANGELOG.md).")
    var input: String?

    @Option(
        help: "The release to show: latest, unreleased (with the notes in .changes/), all, or a version such as 1.4.0.")
    var release: String?

    @Option(help: "Show every release newer than this version, in one sheet.")
    var since: String?

    @Option(help: "The output format: text, html, markdown, json, timeline, appstore, play, testflight, slack or atom.")
    var format: RenderFormat?

    @Option(
        help: ArgumentHelp(
            "Fit the sheet to a size family (text, html, json): small, medium, large, extra-large, rectangular or inline; each is a budget of rows and summary lines."
        ))
    var size: SizeFamily?

    @OptionGroup var reader: ReaderOptions

    @Option(
        help: "With --format timeline, how many of the newest releases to include besides the scheduled ones (default 5); with --format atom, how many entries (default 20).")
    var entries: Int?

    @Option(help: "With --format atom, the feed's own address: its self link, and the base of its entries' ids.")
    var feedURL: String?

    @Option(help: "The line width for text (default: COLUMNS, else the terminal's width, else 80).")
    var width: Int?

    @Option(
        help:
            "Colour and styling for text: auto, always or never (auto follows NO_COLOR, FORCE_COLOR and the terminal).")
    var color: ColorChoice = .auto

    @Flag(help: "Count East Asian ambiguous-width characters as two cells, as CJK terminals draw them.")
    var cjk = false

    @Option(
        help:
            "Plain text's links: short (issue, pull request, commit and @user references and comparison links show their words only) or full (every address).")
    var links: LinkDisplay = .short

    @Flag(
        help: "With --format appstore, play or testflight, cut at a whole item to fit the limit instead of failing.")
    var truncate = false

    @Flag(
        help: ArgumentHelp(
            "Show a release written as a plain list exactly as written, instead of grouping its items into rows by the kind each opens with (`fix:`, `**New**:`, 🐛)."
        ))
    var keepOrder = false

    @Flag(
        help: "Exit 1 when the sheet could not show something the notes ask for (it is reported on standard error either way)."
    )
    var strict = false

    @Flag(help: "With --format html, a whole HTML5 document rather than a fragment to embed.")
    var standalone = false

    @Option(
        help: ArgumentHelp(
            "With --format html, where the stylesheet goes: inline (a <style> with the sheet) or none (link `whatsnew css` once instead)."
        ))
    var style: HTMLStyle?

    @Option(help: "With --format html, a Mustache template to use instead of the built-in sheet.")
    var template: String?

    @Option(
        help: ArgumentHelp(
            "Show the sheet in this locale (BCP 47: de, pt-BR, zh-Hans): the translation in CHANGELOG.<locale>.md or the --locales-dir, the original where it lacks a release or section, and whatsnew's own words and dates in the locale."
        ))
    var locale: String?

    @OptionGroup var translations: TranslationOptions

    @Option(
        help: ArgumentHelp(
            "With --format json and --output DIR: one sheet per locale, all (the notes and every translation) or de,ja,…, in DIR/<locale>.lproj/WhatsNew.json. With --format testflight: one JSON object of App Store Connect locale to What to Test text."
        ))
    var locales: String?

    @Option(name: .shortAndLong, help: "Write to this file, atomically, instead of standard output.")
    var output: String?

    @OptionGroup var icons: IconOptions

    @OptionGroup var limit: InputLimit

    @OptionGroup var settings: ConfigOption

    func validate() throws {
        if let width, width < 20 {
            throw ValidationError("--width must be at least 20 cells, not \(width)")
        }
        if let locales {
            _ = try LocaleList(locales)
            guard locale == nil, format == .testflight || ((format == .json || format == nil) && output != nil) else {
                throw ValidationError(
                    "--locales writes one JSON per locale (--format json --output DIR) or TestFlight's texts by "
                        + "locale (--format testflight), without --locale")
            }
        }
        if let locale, LocaleTag(locale) == nil {
            throw ValidationError("--locale takes a BCP 47 tag such as de, pt-BR or zh-Hans, not \(locale)")
        }
        if release != nil, since != nil {
            throw ValidationError("--release and --since choose releases in different ways; give one of them")
        }
        if let entries, entries < 1 { throw ValidationError("--entries must be at least 1") }
        if let feedURL, !(feedURL.hasPrefix("https://") || feedURL.hasPrefix("http://")) {
            throw ValidationError("--feed-url takes an http or https address, not \(feedURL)")
        }
    }

    func run() throws {
        var command = self
        var configIcons: [IconOverride] = []
        let loaded = try settings.load()
        if let loaded {
            try loaded.report()
            configIcons = loaded.settings.icons
            command.take(loaded)
            // A bare `whatsnew` writes every output the project lists.
            if format == nil && output == nil && !loaded.settings.outputs.isEmpty {
                for (name, path) in loaded.settings.outputs {
                    var each = command
                    each.format = RenderFormat(rawValue: name)
                    each.output = loaded.resolve(path)
                    if let path = each.output {
                        try? FileManager.default.createDirectory(
                            at: URL(fileURLWithPath: path).deletingLastPathComponent(),
                            withIntermediateDirectories: true)
                    }
                    try each.render(configIcons: configIcons, config: loaded)
                    StandardError.write("wrote \(each.output ?? path)\n")
                }
                return
            }
        }
        try command.render(configIcons: configIcons, config: loaded)
    }

    /// The project's settings where the command line gave none.
    private mutating func take(_ loaded: LoadedConfig) {
        let settings = loaded.settings
        input = input ?? loaded.resolve(settings.input)
        format = format ?? settings.format.flatMap(RenderFormat.init)
        template = template ?? loaded.resolve(settings.template)
        style = style ?? settings.style.flatMap(HTMLStyle.init)
        if release == nil && since == nil { release = settings.release }
        locale = locale ?? settings.locale
        translations.localesDir = translations.localesDir ?? loaded.resolve(settings.localesDir)
        icons.iconMap = icons.iconMap ?? loaded.resolve(settings.iconsFile)
    }

    private func render(configIcons: [IconOverride], config: LoadedConfig?) throws {
        let input = self.input ?? "CHANGELOG.md"
        let format = self.format ?? .text
        if (standalone || template != nil || style != nil) && format != .html {
            throw ValidationError("--standalone, --style and --template shape HTML; add --format html")
        }
        if size != nil && ![.text, .html, .json].contains(format) {
            throw ValidationError("--size fits text, html and json; --format \(format.rawValue) is not one of them")
        }
        let catalog = try icons.catalog().adding(configIcons)
        if let locales, format == .testflight {
            let selection = since.map(ReleaseSelection.since) ?? ReleaseSelection(release: release ?? "latest")
            return try OutputTarget(path: output).write(
                try TestFlightTexts.json(
                    input, selection: selection, locales: try LocaleList(locales),
                    localesDirectory: translations.localesDir, icons: catalog, maximumSize: limit.bytes,
                    truncates: truncate))
        }
        if let locales, let output {
            let selection = since.map(ReleaseSelection.since) ?? ReleaseSelection(release: release ?? "latest")
            return try LocalizedJSON.write(
                input, selection: selection, locales: try LocaleList(locales),
                localesDirectory: translations.localesDir,
                directory: output, name: "WhatsNew.json", icons: catalog, maximumSize: limit.bytes)
        }
        let templates = try htmlTemplates()
        var selection = since.map(ReleaseSelection.since) ?? ReleaseSelection(release: release ?? "latest")
        if format == .timeline || (format == .atom && release == nil && since == nil) { selection = .all }
        let notes = try ChosenNotes(
            input, selection: selection, icons: catalog, maximumSize: limit.bytes, keepsListOrder: keepOrder,
            locale: locale.flatMap(LocaleTag.init), localesDirectory: translations.localesDir,
            fragments: ProjectFragments.forNotes(input, config: config),
            today: reader.day, filter: try reader.filter(config: config), projectName: config?.settings.name,
            builds: config?.settings.builds ?? [])
        let document = notes.document
        var releases = notes.releases
        if let size {
            let budget = RowBudget(family: size, displayWidth: DisplayWidth(ambiguousIsWide: cjk), words: notes.words)
            releases = releases.map(budget.apply)
        }
        // The sheet formats write as they go, so a long changelog's sheet is never held whole.
        let target = OutputTarget(path: output)
        switch format {
        case .text:
            let renderer = TextSheetRenderer(options: terminalOptions(), words: notes.words)
            try target.write { renderer.render(document, releases: releases, to: &$0) }
        case .html:
            let renderer = HTMLRenderer(
                templates: templates, standalone: standalone, style: style ?? .inline, words: notes.words,
                locale: locale.flatMap(LocaleTag.init))
            try target.write { output throws in
                do {
                    try renderer.render(document, releases: releases, to: &output)
                } catch let error as Diagnostic {
                    throw Diagnostics.failure([error])
                }
            }
        case .markdown: try target.write(MarkdownRenderer().render(document, releases: releases))
        case .json: try target.write { JSONRenderer().render(document, releases: releases, to: &$0) }
        case .timeline:
            try target.write(
                TimelineRenderer(entries: entries ?? 5, words: notes.words, displayWidth: DisplayWidth(ambiguousIsWide: cjk))
                    .render(document, releases: releases))
        case .appstore: try target.write(try notes.storeText(.appStore, truncates: truncate))
        case .play: try target.write(try notes.storeText(.play, truncates: truncate))
        case .testflight: try target.write(try notes.storeText(.testFlight, truncates: truncate))
        case .slack: try target.write(SlackRenderer(words: notes.words).render(document, releases: releases))
        case .atom:
            let feed = AtomRenderer(
                entries: entries ?? 20, feedURL: feedURL, repository: config?.settings.repository, words: notes.words,
                locale: locale.flatMap(LocaleTag.init))
            try target.write(feed.render(document, releases: releases))
        }
        // What the sheet could not show as asked, once each, after the sheet itself.
        if !notes.ignored.isEmpty {
            StandardError.write(notes.ignored.map { "\($0)\n" }.joined())
            if strict { throw ExitCode(1) }
        }
    }
}

extension RenderCommand {
    /// The built-in templates, or the user's with its neighbours as partials.
    func htmlTemplates() throws -> HTMLTemplates {
        guard let template else { return .builtIn }
        let directory = template.contains("/") ? String(template[..<template.lastIndex(of: "/")!]) : "."
        let neighbours = ((try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? [])
            .filter { $0.hasSuffix(".mustache") }.sorted().map { directory + "/" + $0 }
        do {
            return try HTMLTemplates.custom(path: template, neighbours: neighbours)
        } catch {
            throw Diagnostics.failure([error])
        }
    }

    /// Width and styling from the options, the environment and the terminal, in that order.
    func terminalOptions() -> TerminalOptions {
        let environment = TerminalEnvironment.variables
        let toTerminal = output == nil && TerminalEnvironment.standardOutputIsTerminal
        return TerminalOptions(
            // A size family is measured at its own width.
            width: size?.width
                ?? max(
                    20,
                    TerminalOptions.width(
                        option: width, environment: environment,
                        terminalColumns: toTerminal ? TerminalEnvironment.columns : nil)),
            styling: color.styles(environment: environment, outputIsTerminal: toTerminal),
            colorDepth: ColorDepth.from(environment: environment),
            displayWidth: DisplayWidth(ambiguousIsWide: cjk), links: links)
    }
}

enum RenderFormat: String, ArgumentChoice {
    case text, html, markdown, json, timeline, appstore, play, testflight, slack, atom
}

extension SizeFamily: ArgumentChoice {}

extension LinkDisplay: ArgumentChoice {}
