/// The named system colours a section may use, with the light and dark values Apple's Human
/// Interface Guidelines give for iOS, so HTML can follow the reader's colour scheme.
public enum SystemColor: String, Sendable, Hashable, CaseIterable {
    /// The system red.
    case red
    /// The system orange.
    case orange
    /// The system yellow.
    case yellow
    /// The system green.
    case green
    /// The system mint.
    case mint
    /// The system teal.
    case teal
    /// The system cyan.
    case cyan
    /// The system blue.
    case blue
    /// The system indigo.
    case indigo
    /// The system purple.
    case purple
    /// The system pink.
    case pink
    /// The system brown.
    case brown
    /// The system gray.
    case gray

    /// Reads a colour name in any case; `grey` is `gray`.
    public init?(name: String) {
        let name = name.lowercased()
        self.init(rawValue: name == "grey" ? "gray" : name)
    }

    /// The value on a light background.
    public var light: RGB {
        switch self {
        case .red: RGB(255, 59, 48)
        case .orange: RGB(255, 149, 0)
        case .yellow: RGB(255, 204, 0)
        case .green: RGB(52, 199, 89)
        case .mint: RGB(0, 199, 190)
        case .teal: RGB(48, 176, 199)
        case .cyan: RGB(50, 173, 230)
        case .blue: RGB(0, 122, 255)
        case .indigo: RGB(88, 86, 214)
        case .purple: RGB(175, 82, 222)
        case .pink: RGB(255, 45, 85)
        case .brown: RGB(162, 132, 94)
        case .gray: RGB(142, 142, 147)
        }
    }

    /// The value on a dark background.
    public var dark: RGB {
        switch self {
        case .red: RGB(255, 69, 58)
        case .orange: RGB(255, 159, 10)
        case .yellow: RGB(255, 214, 10)
        case .green: RGB(48, 209, 88)
        case .mint: RGB(99, 230, 226)
        case .teal: RGB(64, 200, 224)
        case .cyan: RGB(100, 210, 255)
        case .blue: RGB(10, 132, 255)
        case .indigo: RGB(94, 92, 230)
        case .purple: RGB(191, 90, 242)
        case .pink: RGB(255, 55, 95)
        case .brown: RGB(172, 142, 104)
        case .gray: RGB(142, 142, 147)
        }
    }
}
