import WhatsNewModel

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
            distance(Self.color(at: $0), color) < distance(Self.color(at: $1), color)
        }!
    }

    /// The nearest of the 16 basic colours, for terminals that have no more.
    static func nearest16(to color: RGB) -> UInt8 {
        (0..<16).map(UInt8.init).min { distance(basic[Int($0)], color) < distance(basic[Int($1)], color) }!
    }

    /// How far apart two colours look: Euclidean distance weighted by the mean red ("redmean"),
    /// a cheap approximation of perceived difference that needs no colour-space conversion.
    static func distance(_ color: RGB, _ other: RGB) -> Double {
        let meanRed = (Double(color.red) + Double(other.red)) / 2
        let dr = Double(color.red) - Double(other.red)
        let dg = Double(color.green) - Double(other.green)
        let db = Double(color.blue) - Double(other.blue)
        return ((2 + meanRed / 256) * dr * dr + 4 * dg * dg + (2 + (255 - meanRed) / 256) * db * db).squareRoot()
    }
}
