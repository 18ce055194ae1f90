import WhatsNewModel

// A sheet colour on a terminal: the nearest entry of the palette the terminal has. Terminal
// colour maths is the terminal writer's, not the model's.

extension SheetColor {
    /// The nearest entry of the fixed 256-colour palette, measured from the dark value
    /// because terminals mostly have dark backgrounds.
    public var ansi256: UInt8 { ANSIPalette.nearest256(to: dark) }

    /// The basic terminal colour for terminals with only 16.
    public var ansi16: UInt8 {
        switch self {
        case .system(let color): color.ansi16
        case .rgb(let rgb): ANSIPalette.nearest16(to: rgb)
        }
    }
}

extension SystemColor {
    /// The basic terminal colour (0–15) that reads as this colour; chosen by eye, since the
    /// 16 colours have no orange, pink or brown and a plain nearest match lands on the wrong hue.
    public var ansi16: UInt8 {
        switch self {
        case .red: 1
        case .orange, .brown: 3
        case .yellow: 11
        case .green: 2
        case .mint, .cyan: 14
        case .teal: 6
        case .blue: 12
        case .indigo: 4
        case .purple: 5
        case .pink: 13
        case .gray: 8
        }
    }
}
