import WhatsNewModel

extension SheetWords {
    /// The notes with the titles whatsnew gave or that name a kind in English put in these
    /// words: `Unreleased`, the rows whatsnew made (`Changes`, `Other changes`), and category
    /// headings the translation did not cover (`Added` becomes `Hinzugefügt`).
    public func retitled(_ document: Document) -> Document {
        var document = document
        for index in document.releases.indices {
            var release = document.releases[index]
            if release.isUnreleased && release.version == nil && release.title == SheetWords.english.unreleased {
                release.title = unreleased
            }
            for position in release.sections.indices {
                let section = release.sections[position]
                guard let title = section.title else { continue }
                guard section.origin != .frontMatter else { continue }
                if title == SheetWords.english.changes {
                    release.sections[position].title = changes
                } else if title == SheetWords.english.otherChanges {
                    release.sections[position].title = otherChanges
                } else if let kind = section.kind, SectionKind.named(title) == kind, let word = self.title(of: kind) {
                    release.sections[position].title = word
                }
            }
            document.releases[index] = release
        }
        return document
    }
}
