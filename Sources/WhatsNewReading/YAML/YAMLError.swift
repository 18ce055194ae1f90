/// Why a YAML text could not be composed, in libyaml's own words, with where.
package struct YAMLError: Error, Sendable, Hashable, CustomStringConvertible {
    /// libyaml's stage that refused the text, or a rule of the composer's own.
    package enum Kind: Sendable, Hashable {
        /// Bytes that are no text (invalid UTF-8, control characters).
        case reader
        case scanner, parser, composer
        /// A mapping names the same key twice; ``duplicates`` names them.
        case duplicateKeys
        /// libyaml ran out of memory.
        case memory
    }

    package var kind: Kind
    /// What is wrong, such as "mapping values are not allowed in this context".
    package var problem: String
    /// Where it is wrong (a reader's error, which libyaml places by byte, is counted out).
    package var mark: YAMLMark?
    /// What libyaml was reading when it found the problem ("while scanning a quoted scalar"),
    /// and where that began.
    package var context: (text: String, mark: YAMLMark)?
    /// For ``Kind/duplicateKeys``: the key written again (the first such, where reading stopped).
    package var duplicates: [String] = []

    package var description: String {
        let place = mark.map { "\($0.line):\($0.column): " } ?? ""
        return place + problem + (context.map { " (\($0.text))" } ?? "")
    }

    package static func == (left: Self, right: Self) -> Bool {
        left.kind == right.kind && left.problem == right.problem && left.mark == right.mark
            && left.context?.text == right.context?.text && left.context?.mark == right.context?.mark
            && left.duplicates == right.duplicates
    }

    package func hash(into hasher: inout Hasher) {
        hasher.combine(kind)
        hasher.combine(problem)
        hasher.combine(mark)
    }
}
