import WhatsNewModel
import WhatsNewSheet

/// What the HTML templates see, built from the model and the layout; the HTML article documents it.
///
/// Text values are escaped by the templates (`{{…}}`); the `…HTML` values are cmark's own safe
/// rendering and go in unescaped (`{{{…}}}`). Links and colours are checked here, so a
/// template cannot be handed a `javascript:` address or a colour that is not one.
struct HTMLContext: Sendable {
    let sheet: Presentation
    let standalone: Bool
    let style: HTMLStyle
    let locale: LocaleTag?
    /// For a page that must load nothing: images become links, and the sheet has no heading of
    /// its own (Sparkle's window has one).
    var isSelfContained = false

    private var document: Document { sheet.document }
    private var releases: Presentation.Releases { sheet.releases }
    private var words: SheetWords { sheet.words }

    var value: TemplateValue {
        // The icon column in em of the list's font, from the one measure every format shares.
        let layout = SheetLayout(releases: releases, width: 80, displayWidth: DisplayWidth())
        var sheet: [(TemplateKey, TemplateValue)] = [
            ("title", .text(document.title ?? words.whatsNew)),
            ("iconColumn", .text(Self.em(cells: layout.iconColumn))),
            ("documentLang", .text(locale?.description ?? "en")),
            ("dir", .text(locale?.isRightToLeft == true ? "rtl" : "ltr")),
        ]
        if let locale { sheet.append(("lang", .text(locale.description))) }
        // Older notes kept elsewhere close the whole changelog, not a sheet of a few releases.
        let archives = document.archives.filter { LinkSafety.isSafe($0.link) }
        if !archives.isEmpty, self.sheet.showsEveryRelease {
            sheet.append(
                (
                    "archives",
                    .list(
                        archives.enumerated().map { index, archive in
                            .object([
                                ("title", .text(archive.title)), ("link", .text(archive.link)),
                                ("last", .bool(index == archives.count - 1)),
                            ])
                        })
                ))
            sheet.append(("hasArchives", .bool(true)))
        }
        if let subtitle = document.subtitle { sheet.append(("subtitle", .text(subtitle))) }
        if isSelfContained { sheet.append(("noHeader", .bool(true))) }
        if let accent = document.accentColor { sheet.append(("accent", Self.color(accent))) }
        // A sheet fitted to a size family is a card of the family's size, in em of its own
        // text, so it holds its rows at every text size.
        if let family = self.sheet.size {
            let unit = 16 * family.textScale
            func em(_ pixels: Int) -> String { Self.decimal(Double(pixels) / unit, places: 3) + "em" }
            sheet.append(
                (
                    "card",
                    .object([
                        ("name", .text(family.rawValue)), ("width", .text(em(family.card.width))),
                        ("height", .text(em(family.card.height))), ("scale", .text("\(family.textScale)em")),
                    ])
                ))
            if let first = releases.first {
                // The small and rectangular cards are too narrow for the version; the rectangular one
                // counts what it left out in its heading, having no line to spare.
                var heading = family == .small || family == .rectangular ? words.whatsNew : first.sizedHeading(words)
                if family == .rectangular, first.omitted > 0 { heading += " +\(first.omitted)" }
                sheet.append(("cardHeading", .text(heading)))
                // No icon to show (the rectangular family draws none wider than a cell): no gap for one.
                if layout.iconColumn == 0 { sheet.append(("noIcons", .bool(true))) }
                if family == .inline {
                    let titles = first.sections.compactMap(\.title)
                    sheet.append(
                        (
                            "inlineLine",
                            .text(
                                InlineSheet.line(
                                    heading: first.sizedHeading(words), titles: titles, more: first.omitted))
                        ))
                }
            }
        }
        // A standalone page's title is its h1; a fragment sits under the host page's own h1.
        // A card shows no release heading, so its rows come right under its own.
        let top = standalone ? 1 : 2
        let isCard = self.sheet.size != nil
        return .object([
            ("sheet", .object(sheet)), ("standalone", .bool(standalone)),
            ("fragmentStyle", .bool(!standalone && style == .inline)),
            ("pageStyle", .bool(standalone && style == .inline)),
            (
                "headings",
                .object([
                    ("sheet", .number(top)), ("release", .number(top + 1)),
                    ("section", .number(top + (isCard ? 1 : 2))),
                ])
            ),
            ("manyReleases", .bool(releases.count > 1)),
            ("releases", .generated(count: releases.count) { [self] index in release(releases[index]) }),
        ])
    }

    private func release(_ release: PresentedRelease) -> TemplateValue {
        // Room for every member a release can have, so adding the optional ones never copies.
        var result: [(TemplateKey, TemplateValue)] = []
        result.reserveCapacity(18)
        result.append(("name", .text(release.displayName(words))))
        result.append(("unreleasedText", .text(words.unreleased)))
        result.append(("title", .text(release.title)))
        result.append(("isUnreleased", .bool(release.isUnreleased)))
        // A planned version not out yet says so; a release named Unreleased already does.
        result.append(("plannedVersion", .bool(release.isUnreleased && release.version != nil && release.date == nil)))
        result.append(("scheduled", .bool(release.isScheduled)))
        result.append(("scheduledText", .text(words.scheduled)))
        result.append(("hasSections", .bool(!release.sections.isEmpty)))
        // A card names the release it shows in its own heading; the ones filling its room name theirs.
        result.append(("isCard", .bool(release.size != nil && !release.fills)))
        // A closure, not `map(section)`: a method reference copied the whole context per release.
        result.append(("sections", .list(release.sections.map { section($0) })))
        if let version = release.version { result.append(("version", .text(version.text))) }
        if let sparkleVersion = release.sparkleVersion { result.append(("sparkleVersion", .text(sparkleVersion))) }
        if let compare = release.compare, LinkSafety.isSafe(compare) { result.append(("compare", .text(compare))) }
        if let size = release.size, size != .rectangular, release.omitted > 0 {
            result.append(("more", .text(words.more(release.omitted))))
        }
        if let language = release.locale, language != locale?.description {
            result.append(("releaseLang", .text(language)))
        }
        if let date = release.date {
            result.append(("date", .object([("iso", .text(date.iso)), ("text", .text(words.formatDate(date)))])))
        }
        if let summary = release.summary, !summary.isEmpty {
            result.append(("summaryHTML", .text(html(summary))))
        } else if release.sections.isEmpty {
            // The terminal sheet's words, so an empty release never shows as a bare heading.
            result.append(("emptyNote", .text(release.emptyNote(words))))
        }
        return .object(result)
    }

    private func section(_ section: Section) -> TemplateValue {
        var result: [(TemplateKey, TemplateValue)] = []
        result.reserveCapacity(12)
        result.append(("summaryHTML", .text(html(section.lead))))
        result.append(("line", .number(section.line)))
        // Each item's plain text, made only if a template walks them: the built-in ones never do.
        let listItems = section.body.blocks.reduce(into: [ListItem]()) { items, block in
            if case .list(let list) = block.content { items += list.items }
        }
        result.append(("items", .generated(count: listItems.count) { .text(PlainText.of(listItems[$0])) }))
        if let kind = section.kind { result.append(("kind", .text(kind.rawValue))) }
        if let title = section.title { result.append(("title", .text(title))) }
        if let icon = section.appearance.icon {
            result.append(("icon", .text(icon.glyph)))
            if let symbol = icon.symbol { result.append(("symbol", .text(symbol))) }
        }
        if let color = section.appearance.color { result.append(("color", Self.color(color))) }
        if let link = section.link, LinkSafety.isSafe(link) { result.append(("link", .text(link))) }
        if let id = section.id { result.append(("id", .text(id))) }
        // A row left in the original's words says so, for screen readers and hyphenation.
        if let language = section.locale, language != locale?.description {
            result.append(("sectionLang", .text(language)))
        }
        return .object(result)
    }

    /// cmark's HTML for the content, without its final line break (the templates place their
    /// own) and without blank lines.
    private func html(_ content: MarkdownContent) -> String {
        var html = MarkdownHTML.bytes(of: content.blocks, imagesAsLinks: isSelfContained)
        if html.last == UInt8(ascii: "\n") { html.removeLast() }
        return HTMLText.withoutBlankLines(String(decoding: html, as: UTF8.self))
    }

    /// `{css, name, light, dark}`: a named colour goes through its custom property, so a host
    /// page can restyle it; an exact colour is used as it is.
    static func color(_ color: SheetColor) -> TemplateValue {
        if case .system(let named) = color, let known = systemColors[named] { return known }
        return describe(color)
    }

    /// The named colours' values, made once: nearly every row has one.
    private static let systemColors = Dictionary(
        uniqueKeysWithValues: SystemColor.allCases.map { ($0, describe(.system($0))) })

    private static func describe(_ color: SheetColor) -> TemplateValue {
        let css =
            switch color {
            case .system(let named): "var(--whatsnew-\(named.rawValue))"
            case .rgb(let rgb): rgb.hex
            }
        return .object([
            ("css", .text(css)), ("name", .text(color.description)), ("light", .text(color.light.hex)),
            ("dark", .text(color.dark.hex)),
        ])
    }

    /// `value` rounded to `places` decimals, as `%.*f` writes it: half away from zero, the
    /// zeros kept.
    static func decimal(_ value: Double, places: Int) -> String {
        var scale = 1
        for _ in 0..<places { scale *= 10 }
        let scaled = Int((abs(value) * Double(scale)).rounded(.toNearestOrAwayFromZero))
        let fraction = String(scaled % scale)
        let digits = String(repeating: "0", count: places - fraction.count) + fraction
        return (value < 0 && scaled > 0 ? "-" : "") + "\(scaled / scale)" + (places > 0 ? "." + digits : "")
    }

    /// The icon column in em of the list's font: a two-cell emoji drawn at 1.75em is about
    /// 2.3em wide, so 1.15em a cell, rounded up to a tenth.
    static func em(cells: Int) -> String {
        guard cells > 0 else { return "0" }
        let tenths = (cells * 115 + 9) / 10
        return "\(tenths / 10).\(tenths % 10)em"
    }
}
