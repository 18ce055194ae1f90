import WhatsNewModel
import WhatsNewSheet

/// Every format the sheet is written in: what `--format`, `format:` and `outputs:` take.
/// Adding a format is a folder with its ``SheetRenderer`` and a case here.
public enum OutputFormat: String, Sendable, CaseIterable {
    /// Aligned terminal text: ``TextSheetRenderer``.
    case text
    /// HTML for docs sites: ``HTMLRenderer``.
    case html
    /// A Markdown release body: ``MarkdownRenderer``.
    case markdown
    /// JSON for apps, schema 1: ``JSONRenderer``.
    case json
    /// The newest and scheduled releases fitted to every size family: ``TimelineRenderer``.
    case timeline
    /// App Store Connect's "What's New": ``StoreTextRenderer``.
    case appstore
    /// Google Play's release notes: ``StoreTextRenderer``.
    case play
    /// TestFlight's "What to Test": ``StoreTextRenderer``.
    case testflight
    /// A Slack message for an incoming webhook: ``SlackRenderer``.
    case slack
    /// An Atom feed: ``AtomRenderer``.
    case atom

    /// The releases a format shows when none are asked for: the timeline and the feed choose
    /// their own among every release, the others show the latest.
    public var defaultSelection: ReleaseSelection {
        switch self {
        case .timeline, .atom: .all
        default: .latest
        }
    }

    /// Whether the timeline's choice is its own whatever is asked: it always reads every release.
    public var choosesItsReleases: Bool { self == .timeline }

    /// Whether `--size` fits this format's sheet.
    public var takesSize: Bool { [.text, .html, .json].contains(self) }

    /// The store a store text is for.
    public var store: Store? {
        switch self {
        case .appstore: .appStore
        case .play: .play
        case .testflight: .testFlight
        default: nil
        }
    }

    /// The renderer for this format with `options`.
    public func renderer(_ options: RenderOptions) -> any SheetRenderer {
        switch self {
        case .text: TextSheetRenderer(options: options.terminal)
        case .html:
            HTMLRenderer(
                templates: options.templates, standalone: options.standalone, style: options.style,
                locale: options.locale)
        case .markdown: MarkdownRenderer()
        case .json: JSONRenderer()
        case .timeline: TimelineRenderer(entries: options.entries ?? 5, displayWidth: options.terminal.displayWidth)
        case .appstore, .play, .testflight: StoreTextRenderer(store: store!, truncates: options.truncates)
        case .slack: SlackRenderer()
        case .atom:
            AtomRenderer(
                entries: options.entries ?? 20, feedURL: options.feedURL, repository: options.repository,
                locale: options.locale)
        }
    }
}

/// How a sheet is written, for every format: each renderer takes what concerns it.
public struct RenderOptions: Sendable {
    /// Width, styling, colour depth, measure and link display, for text.
    public var terminal: TerminalOptions
    /// HTML's templates: the built-in ones or a user's.
    public var templates: HTMLTemplates
    /// HTML as a whole document rather than a fragment.
    public var standalone: Bool
    /// Where HTML's stylesheet goes.
    public var style: HTMLStyle
    /// The sheet's language, for HTML's `lang` and the feed's `xml:lang`; nil for notes shown as written.
    public var locale: LocaleTag?
    /// How many releases a timeline or a feed holds; nil for each one's own default.
    public var entries: Int?
    /// A feed's own address.
    public var feedURL: String?
    /// The project's repository, for a feed's ids and links.
    public var repository: RepositoryAddress?
    /// A store text cut at a whole item to fit, rather than refused.
    public var truncates: Bool

    /// Options for a sheet in English with the built-in templates, unless said otherwise.
    public init(
        terminal: TerminalOptions = TerminalOptions(), templates: HTMLTemplates = .builtIn, standalone: Bool = false,
        style: HTMLStyle = .inline, locale: LocaleTag? = nil, entries: Int? = nil, feedURL: String? = nil,
        repository: RepositoryAddress? = nil, truncates: Bool = false
    ) {
        self.terminal = terminal
        self.templates = templates
        self.standalone = standalone
        self.style = style
        self.locale = locale
        self.entries = entries
        self.feedURL = feedURL
        self.repository = repository
        self.truncates = truncates
    }
}
