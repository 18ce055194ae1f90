import Testing

@testable import WhatsNewModel

/// The text rules every stage shares, each in one place: suggestions, which way notes run,
/// versions standing whole in text, the month names.
struct SharedRulesTests {
    @Test func aSuggestionIsNearOrAPrefix() {
        #expect(Suggestion.nearest(to: "fixd", among: ["added", "fixed"]) == "fixed")
        #expect(Suggestion.nearest(to: "sec", among: ["fixed", "security"]) == "security")
        #expect(Suggestion.nearest(to: "Dependencys", among: ["dependencies"]) == "dependencies")
        // Far names are no hint, and a short prefix is none either.
        #expect(Suggestion.nearest(to: "xyz", among: ["added", "fixed"]) == nil)
        // Two letters both replaced are another name: `a0` is no typo of `id`.
        #expect(Suggestion.nearest(to: "a0", among: ["id", "kind"]) == nil)
        #expect(Suggestion.nearest(to: "ib", among: ["id", "kind"]) == "id")
        #expect(Suggestion.nearest(to: "ad", among: ["added"]) == nil)
        // Equally near names: as many as asked, in the order given.
        #expect(Suggestion.closest(to: "stars", among: ["star", "start", "stare"], limit: 2) == ["star", "start"])
        #expect(Suggestion.editDistance("kitten", "sitting") == 3)
    }

    static func releases(_ versions: [String?]) -> [Release] {
        versions.enumerated().map { index, version in
            Release(
                version: version.flatMap(ReleaseVersion.init), title: version ?? "Unreleased",
                isUnreleased: version == nil,
                line: index)
        }
    }

    @Test func notesRunTheWayMostOfTheirNeighboursDo() {
        #expect(ReleaseOrder(of: Self.releases([nil, "1.2.0", "1.1.0", "1.0.0"])) == .newestFirst)
        #expect(ReleaseOrder(of: Self.releases(["1.0.0", "1.1.0", "1.2.0", nil])) == .oldestFirst)
        // One release out of place does not turn a file around; a stray version at the foot neither.
        #expect(ReleaseOrder(of: Self.releases(["3.3.1", "3.3.0", "3.2.0", "3.1.0", "8"])) == .newestFirst)
        #expect(ReleaseOrder(of: Self.releases(["1.0.0"])) == .newestFirst)
    }

    @Test func aVersionStandsWholeInText() {
        #expect(VersionText.contains("1.4.0", in: "[1.4.0]"))
        #expect(VersionText.contains("1.4.0", in: "v1.3.1...v1.4.0"))
        #expect(VersionText.contains("4.0.0", in: "milestone%3A4.0.0"))
        #expect(!VersionText.contains("1.4.0", in: "1.4.0-beta"))
        #expect(!VersionText.contains("1.4.0", in: "11.4.0") && !VersionText.contains("1.4.0", in: "1.4.01"))
        // In an archive's name a variant may follow.
        #expect(VersionText.contains("1.4.0", in: "Inkwell-1.4.0-arm64", suffix: .variant))
        #expect(VersionText.contains("1.4.0", in: "Inkwell_v1.4.0", suffix: .variant))
        #expect(!VersionText.contains("1.4.0", in: "App-11.4.0", suffix: .variant))
        #expect(!VersionText.contains("1.4.0", in: "App-1.4.0.1", suffix: .variant))
        #expect(
            VersionText.replacing("1.4.0", with: "X", in: "v1.3.1...v1.4.0 and 1.4.0-beta")
                == "v1.3.1...vX and 1.4.0-beta")
    }

    @Test func oneTableOfMonths() {
        #expect(MonthNames.number("Sept") == 9 && MonthNames.number("july") == 7 && MonthNames.number("JAN") == 1)
        #expect(MonthNames.number("Juli") == nil)
        #expect(ReleaseDate(year: 2024, month: 3, day: 18)!.longText == "18 March 2024")
        #expect(MonthNames.short(12) == "Dec")
    }

    @Test func theLastOccurrenceIsFoundFromTheEnd() {
        let text = "1.1.1"
        let found = text.lastRange(of: "1.1")
        #expect(found.map { text.distance(from: text.startIndex, to: $0.lowerBound) } == 2)
        #expect("abc".lastRange(of: "x") == nil)
    }

    @Test func aPathWithControlCharactersStaysOnItsLine() {
        let location = SourceLocation(path: ".changes/new\nline\u{1B}[31m.md", line: 2, column: 7)
        #expect(location.description == ".changes/new\\nline\\u{1B}[31m.md:2:7")
        #expect(SourceLocation(path: "CHANGELOG.md", line: 1, column: 1).description == "CHANGELOG.md:1:1")
    }
}

/// The byte map the readers ask of every item holds exactly the bytes it was made of.
struct ByteSetTests {
    @Test func holdsExactlyItsBytes() {
        let samples: [[UInt8]] = [
            [], Array(" .!*_~`()[]\t\n\r".utf8), [0, 63, 64, 127, 128, 191, 192, 255], Array(0...255),
        ]
        for bytes in samples {
            let set = ByteSet(bytes)
            for byte in UInt8.min...UInt8.max {
                #expect(set.contains(byte) == bytes.contains(byte), "\(byte) in \(bytes.count) bytes")
            }
        }
    }
}
