import WhatsNewModel

/// What a commit's message says for a release note: its conventional header, the
/// `BREAKING CHANGE:` footer's text, the pull request a squash merge names, the issues it
/// closes, the commit a revert takes back, and the pull request a merge commit brings in.
struct CommitMessage: Sendable {
    /// The first line, trimmed.
    var subject: String
    /// The conventional header, when the subject is one.
    var header: CommitHeader?
    /// `BREAKING CHANGE: …` or `BREAKING-CHANGE: …`: the text, with its continuation lines.
    var breakingNote: String?
    /// A trailing `(#123)` in the subject, as squash merges write it.
    var pullRequest: String?
    /// `Closes #12`, `Fixes: #12`, `Resolves #12`.
    var issues: [String] = []
    /// `This reverts commit <id>.`: the commit taken back, as written (full or abbreviated).
    var reverts: String?
    /// The subject a revert names: `Revert "feat: dark mode"` → `feat: dark mode`.
    var revertedSubject: String?
    /// `Reapply "feat: dark mode"`: a revert of a revert, which brings the change back.
    var isReapply = false
    /// A merge commit's pull request: `Merge pull request #12 from …`, GitLab's `See merge
    /// request group/project!12`, Bitbucket's `(pull request #12)`.
    var mergedRequest: String?
    /// `Co-authored-by: Name <address>`: the names, as written.
    var coAuthors: [String] = []
    /// The first line of the body, where GitHub writes a merged pull request's title.
    var bodyTitle: String?
    /// Lines of the body that are conventional headers of their own (`fix(deps): …`), as
    /// release-please reads a commit that carries several changes.
    var moreHeaders: [CommitHeader] = []

    init(_ message: String) {
        // `\r\n` is one character to Swift: split on every line end, as git's own messages vary.
        let lines = message.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline)
        subject = lines.first.map { $0.trimmedWhitespace() } ?? ""
        var description = subject
        if let (rest, number) = Self.trailingRequest(subject) {
            pullRequest = number
            description = rest
        }
        header = CommitHeader(description)
        let body = lines.dropFirst().drop { $0.trimmedWhitespace().isEmpty }
        bodyTitle = body.first.map { $0.trimmedWhitespace() }
        if subject.hasPrefix("Revert \""), subject.hasSuffix("\""), subject.count > 9 {
            revertedSubject = String(subject.dropFirst(8).dropLast())
        } else if subject.hasPrefix("Reapply \""), subject.hasSuffix("\""), subject.count > 10 {
            // git's name for a revert of a revert: the change is back.
            revertedSubject = String(subject.dropFirst(9).dropLast())
            isReapply = true
        } else if header?.label.type == "revert", let header {
            revertedSubject =
                header.description.hasPrefix("\"") && header.description.hasSuffix("\"") && header.description.count > 1
                ? String(header.description.dropFirst().dropLast()) : header.description
        }
        mergedRequest = Self.mergedRequest(subject: subject, body: body)
        if header != nil, !isMergeRecord {
            moreHeaders = body.compactMap { line in
                // Unbulleted, as release-please writes them: a squash's `* fix: typo` list is its branch's history.
                guard let found = CommitHeader(line), line.first?.isLetter == true,
                    CommitType.named(found.label.type) != nil
                else { return nil }
                return found
            }
        }
        readFooters(Array(lines.dropFirst()))
    }

    /// The footers and the lines of the body that name a reverted commit or closed issues.
    private mutating func readFooters(_ lines: [Substring]) {
        var breaking: [String]?
        for line in lines {
            let trimmed = line.trimmedWhitespace()
            if trimmed.lowercased().hasPrefix("co-authored-by:") {
                let value = trimmed.dropFirst(15)
                let name = (value.firstIndex(of: "<").map { value[..<$0] } ?? value).trimmedWhitespace()
                if !name.isEmpty, !coAuthors.contains(name) { coAuthors.append(name) }
            }
            if trimmed.hasPrefix("This reverts commit "), reverts == nil {
                let id = trimmed.dropFirst(20).prefix { $0.isHexDigit }
                if id.count >= 7 { reverts = id.lowercased() }
            }
            if let open = ["BREAKING CHANGE:", "BREAKING-CHANGE:"].first(where: { trimmed.hasPrefix($0) }) {
                breaking = [trimmed.dropFirst(open.count).trimmedWhitespace()]
                continue
            }
            if breaking != nil {
                // A footer goes on until a blank line or the next footer's token.
                if trimmed.isEmpty || Self.isFooterStart(trimmed) {
                    breakingNote = breakingNote ?? Self.joined(breaking!)
                    breaking = nil
                } else {
                    breaking!.append(trimmed)
                    continue
                }
            }
            for word in ["Closes", "Fixes", "Resolves", "Close", "Fix", "Resolve", "Closed", "Fixed", "Resolved"] {
                guard trimmed.hasPrefix(word + " #") || trimmed.hasPrefix(word + ": #") else { continue }
                let number = trimmed.drop { $0 != "#" }.dropFirst().prefix { $0.isASCII && $0.isNumber }
                if !number.isEmpty, number.count <= 9, !issues.contains(String(number)) {
                    issues.append(String(number))
                }
            }
        }
        if let breaking, breakingNote == nil { breakingNote = Self.joined(breaking) }
        if breakingNote?.isEmpty == true { breakingNote = nil }
    }

    private static func joined(_ lines: [String]) -> String {
        lines.filter { !$0.isEmpty }.joined(separator: " ")
    }

    /// `Token: value` or `Token #value`, a footer's start (`Co-authored-by:`, `Refs #12`).
    private static func isFooterStart(_ line: String) -> Bool {
        guard let end = line.firstIndex(where: { $0 == ":" || $0 == " " }) else { return false }
        let token = line[..<end]
        guard !token.isEmpty, token.allSatisfy({ $0.isLetter || $0 == "-" }) else { return false }
        let rest = line[end...]
        return rest.hasPrefix(": ") || rest.hasPrefix(" #")
    }

    /// `… (#123)` at the end of a subject: the subject without it, and the number.
    private static func trailingRequest(_ subject: String) -> (String, String)? {
        guard subject.hasSuffix(")"), let open = subject.ranges(of: "(#").last else { return nil }
        let number = subject[open.upperBound..<subject.index(before: subject.endIndex)]
        guard !number.isEmpty, number.count <= 9, number.allSatisfy({ $0.isASCII && $0.isNumber }) else { return nil }
        return (subject[..<open.lowerBound].trimmedWhitespace(), String(number))
    }

    private static func mergedRequest(subject: String, body: ArraySlice<Substring>) -> String? {
        func number(after marker: String, in text: some StringProtocol) -> String? {
            guard let range = text.firstRange(of: marker) else { return nil }
            let digits = text[range.upperBound...].prefix { $0.isASCII && $0.isNumber }
            return digits.isEmpty ? nil : String(digits)
        }
        if subject.hasPrefix("Merge pull request #") { return number(after: "#", in: subject) }
        if subject.hasPrefix("Merged in "), let found = number(after: "(pull request #", in: subject) { return found }
        if subject.hasPrefix("Merge branch ") {
            for line in body where line.contains("See merge request ") { return number(after: "!", in: line) }
        }
        return nil
    }

    /// Whether the commit is a merge's own record (`Merge branch 'main' into …`), which says
    /// nothing of a change.
    var isMergeRecord: Bool {
        subject.hasPrefix("Merge ") || subject.hasPrefix("Merged in ")
    }
}
