import WhatsNewModel
import WhatsNewSheet

/// How the terminal sheet is drawn: its width, and whether and how it is styled.
public struct TerminalOptions: Sendable, Hashable {
    /// The line width in cells.
    public var width: Int
    /// Bold, dim, colour, hyperlinks and cursor moves; off, the output holds no ESC at all.
    public var styling: Bool
    /// How many colours the terminal shows; colours are mapped to the nearest it has.
    public var colorDepth: ColorDepth
    /// How text is measured; `ambiguousIsWide` for CJK terminals.
    public var displayWidth: DisplayWidth
    /// Whether plain text spells out the addresses of references and comparisons.
    public var links: LinkDisplay

    /// Options for an 80-cell, unstyled sheet unless said otherwise.
    public init(
        width: Int = 80, styling: Bool = false, colorDepth: ColorDepth = .palette256,
        displayWidth: DisplayWidth = DisplayWidth(), links: LinkDisplay = .short
    ) {
        self.width = width
        self.styling = styling
        self.colorDepth = colorDepth
        self.displayWidth = displayWidth
        self.links = links
    }
}

/// The `--links` option: how the terminal sheet shows links that have no hyperlink to hide in.
public enum LinkDisplay: String, Sendable, Hashable, CaseIterable {
    /// References (`#2069`, `0e11d4c`, `@mira`) and comparison links show their words only;
    /// other links show their address after the words.
    case short
    /// Every link's address after its words.
    case full
}

/// How many colours the terminal can show.
public enum ColorDepth: Sendable, Hashable {
    /// The 16 basic ANSI colours.
    case basic16
    /// The 256-colour palette.
    case palette256
    /// 24-bit colour.
    case trueColor

    /// `COLORTERM=truecolor` (or `24bit`) promises 24-bit colour; `TERM=linux` and other
    /// terminals without `256` in their name get the 16 basic colours only when they also lack
    /// COLORTERM; everything else gets the 256-colour palette, which every modern terminal has.
    public static func from(environment: [String: String]) -> ColorDepth {
        let colorTerm = environment["COLORTERM"]?.lowercased() ?? ""
        if colorTerm == "truecolor" || colorTerm == "24bit" { return .trueColor }
        let term = environment["TERM"] ?? ""
        if colorTerm.isEmpty, term == "linux" || term == "vt100" || term == "vt220" || term == "ansi" {
            return .basic16
        }
        return .palette256
    }
}

/// The `--color` option.
public enum ColorChoice: String, Sendable, CaseIterable {
    /// Style when writing to a terminal, unless the environment says otherwise.
    case auto
    /// Always style.
    case always
    /// Never style: text and spaces only.
    case never

    /// Whether to style: `--color always|never`, then `NO_COLOR`, then `FORCE_COLOR` or
    /// `CLICOLOR_FORCE`, then `TERM=dumb`, then whether standard output is a terminal.
    /// An environment variable counts only when it is set and not empty.
    public func styles(environment: [String: String], outputIsTerminal: Bool) -> Bool {
        switch self {
        case .always: return true
        case .never: return false
        case .auto: break
        }
        func isSet(_ name: String) -> Bool { !(environment[name] ?? "").isEmpty }
        if isSet("NO_COLOR") { return false }
        if isSet("FORCE_COLOR") || isSet("CLICOLOR_FORCE") { return true }
        if environment["TERM"] == "dumb" { return false }
        return outputIsTerminal
    }
}

extension TerminalOptions {
    /// The line width: `--width`, then `COLUMNS`, then the terminal's own size, then 80.
    public static func width(option: Int?, environment: [String: String], terminalColumns: Int?) -> Int {
        if let option { return option }
        if let columns = environment["COLUMNS"].flatMap({ Int($0) }), columns > 0 { return columns }
        if let terminalColumns, terminalColumns > 0 { return terminalColumns }
        return 80
    }
}
