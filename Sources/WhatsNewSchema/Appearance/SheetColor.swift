/// A section's colour: a named system colour or an exact `#RRGGBB`.
public enum SheetColor: Sendable, Hashable, CustomStringConvertible {
    /// One of Apple's system colours by name, with its light and dark values.
    case system(SystemColor)
    /// An exact colour, the same in light and dark.
    case rgb(RGB)

    /// Reads a colour as front matter writes it; anything else is not a colour.
    public init?(_ text: String) {
        let text = text.trimmedWhitespace()
        if let named = SystemColor(name: text) {
            self = .system(named)
        } else if let rgb = RGB(hex: text) {
            self = .rgb(rgb)
        } else {
            return nil
        }
    }

    /// The name or `#rrggbb`, as JSON and HTML carry it.
    public var description: String {
        switch self {
        case .system(let color): color.rawValue
        case .rgb(let rgb): rgb.hex
        }
    }

    /// The value for a light colour scheme.
    public var light: RGB {
        switch self {
        case .system(let color): color.light
        case .rgb(let rgb): rgb
        }
    }

    /// The value for a dark colour scheme; an exact colour is the same in both.
    public var dark: RGB {
        switch self {
        case .system(let color): color.dark
        case .rgb(let rgb): rgb
        }
    }

    /// Every way to write a colour, for diagnostics.
    package static var accepted: String {
        SystemColor.allCases.map(\.rawValue).joined(separator: ", ") + " or #RRGGBB"
    }
}
