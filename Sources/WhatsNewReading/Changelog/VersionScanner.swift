import WhatsNewModel

/// Finds version numbers in a heading's tokens: `1.4.0`, `v8.1.1`, `10.0.0-rc.2`, `1.0.0rc4`,
/// `0.21.0.rc1`, `1.1.1w`, `2024.03`, and, weakly, a bare number such as `polkit 122`.
struct VersionScanner {
    struct Match {
        var version: ReleaseVersion
        /// The token indices the version covers, `v` prefix included.
        var range: Range<Int>
        /// A bare number without dots or `v`: a version only where its neighbours are releases.
        var isWeak: Bool
    }

    let tokens: [HeadingToken]
    /// Tokens already taken by a date.
    let taken: TakenTokens

    /// Versions outside round brackets, left to right, and whether a series such as `5.x` occurs.
    func scan() -> (matches: [Match], hasSeries: Bool) {
        var matches: [Match] = []
        var hasSeries = false
        let parenthesised = HeadingToken.enclosure(of: tokens, opening: ["("], closing: [")"])
        var index = 0
        while index < tokens.count {
            guard !parenthesised[index], !taken.contains(index), tokens[index].kind == .number,
                let glue = glue(at: index)
            else {
                index += 1
                continue
            }
            let start = index > 0 && isVPrefix(tokens[index - 1]) ? index - 1 : index
            var end = index + 1
            var parts = 1
            while isSymbol(".", at: end), isNumber(at: end + 1) {
                end += 2
                parts += 1
            }
            if isSymbol(".", at: end), let next = token(at: end + 1),
                next.text == "x" || next.text == "X" || next.text == "*"
            {
                hasSeries = true
                index = end + 2
                continue
            }
            // A bare year (`2021`, `2007-2017`) dates a period; it is never a version.
            if parts == 1, start == index, Self.isYear(tokens[index].text) {
                index = end
                continue
            }
            end = extendingPrerelease(from: end)
            if end == index + 2 * parts - 1, parts >= 2 { end = spacedPrerelease(from: end) }
            // `man_db-2.3.20` is a version; `SE-0290` and `UTF-8`, with no dots, are not.
            guard !continuesAsWord(at: end), glue == .free || parts >= 2 else {
                index = end
                continue
            }
            let text = tokens[start..<end].map(\.text).joined()
            if let version = ReleaseVersion(text) {
                matches.append(Match(version: version, range: start..<end, isWeak: parts == 1 && start == index))
            }
            index = end
        }
        return (matches, hasSeries)
    }

    /// The first series a text names, as written: `3.x` in `## 3.x`, `5.x` in `5.x Releases`.
    static func series(in text: String) -> ReleaseVersion? {
        let tokens = HeadingToken.tokenize(text)
        for index in tokens.indices where tokens[index].kind == .number {
            var end = index + 1
            while end + 1 < tokens.count, tokens[end].isSymbol("."), tokens[end + 1].kind == .number { end += 2 }
            if end + 1 < tokens.count, tokens[end].isSymbol("."), ["x", "X", "*"].contains(tokens[end + 1].text) {
                return ReleaseVersion(tokens[index...(end + 1)].map(\.text).joined())
            }
        }
        return nil
    }

    /// `-beta.1`, `rc4`, `.rc1`, `.post1`, `w`, `+build.5` glued to the numbers.
    private func extendingPrerelease(from start: Int) -> Int {
        var end = start
        if let token = token(at: end), token.kind == .word {
            end += 1
        } else if (isSymbol("-", at: end) || isSymbol(".", at: end)), let next = token(at: end + 1), next.kind == .word
        {
            end += 2
        } else if isSymbol("-", at: end), isNumber(at: end + 1), isPrereleaseTail(at: end + 2) {
            end += 2
        } else if isSymbol("-", at: end), isNumber(at: end + 1), let next = token(at: end + 2), next.kind == .word {
            end += 3  // a commit hash as the pre-release: `1.0.0-658250a96`
        } else {
            return plusBuild(from: end)
        }
        // Further identifiers: `beta.2`, `rc-1`, `alpha1`.
        while true {
            if let token = token(at: end), token.kind == .number || token.kind == .word, !isSpace(before: end) {
                end += 1
            } else if isSymbol(".", at: end) || isSymbol("-", at: end), let next = token(at: end + 1),
                next.kind == .number || next.kind == .word
            {
                end += 2
            } else {
                break
            }
        }
        return plusBuild(from: end)
    }

    /// `+build.7`, `+beta2`: identifiers glued to each other or joined by dots and dashes.
    private func plusBuild(from end: Int) -> Int {
        guard isSymbol("+", at: end), let next = token(at: end + 1), next.kind != .space, next.kind != .symbol else {
            return end
        }
        var end = end + 2
        while true {
            if let token = token(at: end), token.kind == .number || token.kind == .word {
                end += 1
            } else if isSymbol(".", at: end) || isSymbol("-", at: end), let next = token(at: end + 1),
                next.kind == .number || next.kind == .word
            {
                end += 2
            } else {
                return end
            }
        }
    }

    /// A pre-release after a space, as people write it: `1.3 beta3`, `4.0.0 beta 2`, `2.0 RC1`.
    private func spacedPrerelease(from end: Int) -> Int {
        guard token(at: end)?.kind == .space, let word = token(at: end + 1), word.kind == .word,
            Self.prereleaseWords.contains(word.text.lowercased())
        else { return end }
        var end = end + 2
        if isNumber(at: end) {
            end += 1
        } else if token(at: end)?.kind == .space, isNumber(at: end + 1), !continuesAsWord(at: end + 2),
            !isSymbol(".", at: end + 2)
        {
            end += 2
        }
        return end
    }

    /// Four digits from 1900 to 2099.
    static func isYear(_ digits: String) -> Bool {
        digits.utf8.count == 4 && (digits.hasPrefix("19") || digits.hasPrefix("20"))
    }

    private static let prereleaseWords: Set<String> = ["alpha", "beta", "rc", "pre", "preview"]

    /// `-1` after a version reads as a pre-release when more identifiers follow it (`-1.beta`)
    /// or the version ends there (`[4.0.0-1]`, `4.0.0-1 (2019-10-08)`), not before another
    /// number (`1.0-2024-05-02`).
    private func isPrereleaseTail(at index: Int) -> Bool {
        guard let next = token(at: index) else { return true }
        return isSymbol(".", at: index) || next.kind == .space || isSymbol("]", at: index) || isSymbol(")", at: index)
    }

    private enum Glue { case free, hyphenated }

    /// How a number meets what stands before it: freely (after a space, a bracket or a lone `v`),
    /// hyphenated to a name (`man_db-2.3.20`), or glued into a word (`x86`), which rules it out.
    private func glue(at index: Int) -> Glue? {
        guard index > 0 else { return .free }
        let previous = tokens[index - 1]
        switch previous.kind {
        case .space: return .free
        case .word, .number: return isVPrefix(previous) ? .free : nil
        case .symbol:
            guard previous.isSymbol("-") || previous.isSymbol("_") else { return previous.isSymbol(".") ? nil : .free }
            return index < 2 || tokens[index - 2].kind == .space ? .free : .hyphenated
        }
    }

    private func isVPrefix(_ token: HeadingToken) -> Bool { token.text == "v" || token.text == "V" }

    private func continuesAsWord(at index: Int) -> Bool {
        guard let token = token(at: index) else { return false }
        return token.kind == .word || token.kind == .number || isSymbol("_", at: index)
    }

    private func token(at index: Int) -> HeadingToken? { index < tokens.count ? tokens[index] : nil }
    private func isSymbol(_ character: Unicode.Scalar, at index: Int) -> Bool {
        index < tokens.count && tokens[index].isSymbol(character)
    }
    private func isNumber(at index: Int) -> Bool { index < tokens.count && tokens[index].kind == .number }
    private func isSpace(before index: Int) -> Bool { index > 0 && tokens[index - 1].kind == .space }
}
