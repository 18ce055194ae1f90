/// The terminal's colour palettes, for finding the entry nearest to an RGB colour.
///
/// The 16 basic colours are themable, so their values here are xterm's defaults; the 256-colour
/// cube and grey ramp are fixed by the xterm convention every modern terminal follows.
enum ANSIPalette {
    /// xterm's default values for colours 0–15.
    static let basic: [RGB] = [
        RGB(0, 0, 0), RGB(205, 0, 0), RGB(0, 205, 0), RGB(205, 205, 0),
        RGB(0, 0, 238), RGB(205, 0, 205), RGB(0, 205, 205), RGB(229, 229, 229),
        RGB(127, 127, 127), RGB(255, 0, 0), RGB(0, 255, 0), RGB(255, 255, 0),
        RGB(92, 92, 255), RGB(255, 0, 255), RGB(0, 255, 255), RGB(255, 255, 255),
    ]

    /// The channel levels of the 6×6×6 cube, colours 16–231.
    private static let cubeLevels: [UInt8] = [0, 95, 135, 175, 215, 255]

    /// The value of a 256-colour index.
    static func color(at index: UInt8) -> RGB {
        switch index {
        case 0..<16:
            return basic[Int(index)]
        case 16..<232:
            let offset = Int(index) - 16
            return RGB(cubeLevels[offset / 36], cubeLevels[offset / 6 % 6], cubeLevels[offset % 6])
        default:
            let level = UInt8(8 + 10 * (Int(index) - 232))
            return RGB(level, level, level)
        }
    }

    /// The nearest of colours 16–255, which do not change with the terminal's theme.
    static func nearest256(to color: RGB) -> UInt8 {
        (16...255).map(UInt8.init).min {
            Self.color(at: $0).distance(to: color) < Self.color(at: $1).distance(to: color)
        }!
    }

    /// The nearest of the 16 basic colours, for terminals that have no more.
    static func nearest16(to color: RGB) -> UInt8 {
        (0..<16).map(UInt8.init).min { basic[Int($0)].distance(to: color) < basic[Int($1)].distance(to: color) }!
    }
}
