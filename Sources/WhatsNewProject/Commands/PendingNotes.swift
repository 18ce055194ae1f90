import WhatsNewModel

/// The notes waiting for a release in one state of a repository — the changes the notes file
/// lists in its release in progress, and the fragments — each known by its words, so `check`
/// can tell a new note from one already there under another name, in another place, with other
/// spacing or punctuation, or moved between the notes file and a fragment.
struct PendingNotes {
    /// How many times each waiting note stands, by its words.
    private(set) var waiting: [String: Int] = [:]
    /// Every note the notes file holds in any release, and the waiting ones: none of them is new.
    private(set) var known: Set<String> = []

    /// A note's words, lowercase, one space between: what tells two notes apart.
    static func words(of text: String) -> String {
        var words: [String] = []
        var word = String.UnicodeScalarView()
        for scalar in text.lowercased().unicodeScalars {
            // A word's letters and digits, with the marks on them (`é` written as `e` and `´`).
            let category = scalar.properties.generalCategory
            if scalar.isShownLetterOrDigit
                || (!word.isEmpty && (category == .nonspacingMark || category == .spacingMark))
            {
                word.append(scalar)
            } else if !word.isEmpty {
                words.append(String(word))
                word = String.UnicodeScalarView()
            }
        }
        if !word.isEmpty { words.append(String(word)) }
        return words.joined(separator: " ")
    }

    /// The notes file's releases: every change each lists is known, and those of the release in
    /// progress wait.
    mutating func add(_ document: Document) {
        let inProgress = ReleaseInProgress.index(in: document.releases)
        for (index, release) in document.releases.enumerated() {
            for section in release.sections {
                let texts =
                    section.items.isEmpty ? [(section.title ?? "") + " " + section.content.plainText] : section.items
                for text in texts {
                    let key = Self.words(of: text)
                    guard !key.isEmpty else { continue }
                    known.insert(key)
                    if index == inProgress { waiting[key, default: 0] += 1 }
                }
            }
        }
    }

    /// A fragment, waiting.
    mutating func add(_ fragment: Fragment) {
        let key = Self.key(of: fragment)
        guard !key.isEmpty else { return }
        known.insert(key)
        waiting[key, default: 0] += 1
    }

    /// A fragment's words: its title, summary and text.
    static func key(of fragment: Fragment) -> String {
        words(
            of: [fragment.title ?? "", fragment.summary ?? "", MarkdownContent(blocks: fragment.body.blocks).plainText]
                .joined(separator: " "))
    }

    /// How many notes wait now that were nowhere in `base` (`new`), and how many waiting there
    /// wait no more (`gone`): an edit or a move is one of each, a copy neither.
    func change(since base: PendingNotes) -> (new: Int, gone: Int) {
        let new = waiting.reduce(0) { $0 + (base.known.contains($1.key) ? 0 : $1.value) }
        let gone = base.waiting.reduce(0) { $0 + max(0, $1.value - (waiting[$1.key] ?? 0)) }
        return (new, gone)
    }
}
