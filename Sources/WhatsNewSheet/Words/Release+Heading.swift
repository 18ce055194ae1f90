import WhatsNewModel

extension Release {
    /// What every renderer calls the release: `Version 1.4.0`, `Unreleased`, or its heading's
    /// own title when it names no version.
    package func displayName(_ words: SheetWords = .english) -> String {
        if let version { return words.version(version.text) }
        return isUnreleased ? words.unreleased : title
    }

    /// What a sheet says in place of rows when a release lists nothing.
    package func emptyNote(_ words: SheetWords = .english) -> String { isUnreleased ? words.nothingListed : words.noChanges }
}
