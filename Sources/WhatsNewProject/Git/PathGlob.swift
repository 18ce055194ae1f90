import WhatsNewModel

/// A path pattern as `.gitignore` writes them: `*.md` matches a file of that name in any
/// folder; a pattern with a `/` matches from the repository's top, where `**` is any number of
/// folders and a trailing `/` means everything under the folder.
struct PathGlob: Sendable {
    let pattern: String

    /// Whether `path` matches segment by segment from the top, whatever the pattern holds: a
    /// workspace's `members = ["axum-*"]` names folders at the top, not anywhere.
    func matchesFromTop(_ path: String) -> Bool {
        let pattern = pattern.hasPrefix("./") ? String(pattern.dropFirst(2)) : pattern
        return Self.matchSegments(
            pattern.split(separator: "/").map(Array.init), path.split(separator: "/").map(Array.init))
    }

    func matches(_ path: String) -> Bool {
        var pattern = self.pattern
        if pattern.hasPrefix("/") { pattern.removeFirst() }
        if pattern.hasSuffix("/") { pattern += "**" }
        guard pattern.contains("/") else {
            let name = path.split(separator: "/").last.map(String.init) ?? path
            return Self.match(Array(pattern), Array(name))
        }
        return Self.matchSegments(
            pattern.split(separator: "/").map(Array.init), path.split(separator: "/").map(Array.init))
    }

    /// Segment by segment; `**` takes zero or more whole segments.
    private static func matchSegments(_ pattern: [[Character]], _ path: [[Character]]) -> Bool {
        guard let first = pattern.first else { return path.isEmpty }
        if first == ["*", "*"] {
            return (0...path.count).contains { matchSegments(Array(pattern.dropFirst()), Array(path.dropFirst($0))) }
        }
        guard let segment = path.first, match(first, segment) else { return false }
        return matchSegments(Array(pattern.dropFirst()), Array(path.dropFirst()))
    }

    /// One segment: `*` any run of characters, `?` one character, anything else itself.
    private static func match(_ pattern: [Character], _ text: [Character]) -> Bool {
        var p = 0
        var t = 0
        var star: Int?
        var resume = 0
        while t < text.count {
            if p < pattern.count, pattern[p] == "?" || pattern[p] == text[t] {
                p += 1
                t += 1
            } else if p < pattern.count, pattern[p] == "*" {
                star = p
                resume = t
                p += 1
            } else if let star {
                p = star + 1
                resume += 1
                t = resume
            } else {
                return false
            }
        }
        while p < pattern.count, pattern[p] == "*" { p += 1 }
        return p == pattern.count
    }
}
