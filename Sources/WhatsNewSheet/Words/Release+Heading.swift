import WhatsNewModel

extension Release {
    /// What every renderer calls the release: `Version 1.4.0`, `Unreleased`, or its heading's
    /// own title when it names no version.
    package func displayName(_ words: SheetWords = .english) -> String {
        if let version { return words.version(version.text) }
        return isUnreleased ? words.unreleased : title
    }

    /// What a sheet says in place of rows when a release lists nothing.
    package func emptyNote(_ words: SheetWords = .english) -> String {
        isUnreleased ? words.nothingListed : words.noChanges
    }
}

extension PresentedRelease {
    /// The release's name on the sheet; see ``Release/displayName(_:)``.
    package func displayName(_ words: SheetWords = .english) -> String { release.displayName(words) }

    /// What the sheet says in place of the release's rows when it lists nothing.
    package func emptyNote(_ words: SheetWords = .english) -> String { release.emptyNote(words) }

    /// The heading a size family gives the release: `What's New in 1.4`.
    package func sizedHeading(_ words: SheetWords) -> String { release.sizedHeading(words) }
}
