/// A colour as 8-bit red, green and blue.
public struct RGB: Sendable, Hashable, CustomStringConvertible {
    /// Red, 0–255.
    public var red: UInt8
    /// Green, 0–255.
    public var green: UInt8
    /// Blue, 0–255.
    public var blue: UInt8

    /// A colour from its three channels.
    public init(_ red: UInt8, _ green: UInt8, _ blue: UInt8) {
        self.red = red
        self.green = green
        self.blue = blue
    }

    /// Reads `#RRGGBB`, in either case; nothing else.
    public init?(hex text: String) {
        let digits = Array(text.utf8)
        guard digits.count == 7, digits[0] == UInt8(ascii: "#") else { return nil }
        var value: UInt32 = 0
        for digit in digits.dropFirst() {
            guard let nibble = Self.nibble(digit) else { return nil }
            value = value << 4 | UInt32(nibble)
        }
        self.init(UInt8(value >> 16), UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF))
    }

    /// `#rrggbb`.
    public var hex: String {
        var bytes: [UInt8] = [UInt8(ascii: "#")]
        for channel in [red, green, blue] {
            bytes.append(Self.hexDigits[Int(channel >> 4)])
            bytes.append(Self.hexDigits[Int(channel & 0xF)])
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    private static let hexDigits = Array("0123456789abcdef".utf8)

    public var description: String { hex }

    private static func nibble(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}
