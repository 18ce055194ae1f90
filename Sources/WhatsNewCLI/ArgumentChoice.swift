import ArgumentParser
import WhatsNewModel
import WhatsNewRendering

/// An option whose values are an enum's raw strings. ArgumentParser's own defaults describe
/// each value through string interpolation, which looks the type's conformances up at run
/// time on every parse; these say the raw value directly, the same text, without the look-up.
protocol ArgumentChoice: ExpressibleByArgument, CaseIterable, RawRepresentable where RawValue == String {}

extension ArgumentChoice {
    public static var allValueStrings: [String] { allCases.map(\.rawValue) }
    public static var allValueDescriptions: [String: String] { [:] }
    public static var defaultCompletionKind: CompletionKind { .list(allValueStrings) }
    public var defaultValueDescription: String { rawValue }
}

extension ColorChoice: ArgumentChoice {}

extension HTMLStyle: ArgumentChoice {}
