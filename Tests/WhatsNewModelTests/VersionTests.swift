import Testing

@testable import WhatsNewModel

struct VersionTests {
    @Test(arguments: [
        ("1.0.0", "1.0.1"), ("1.9.0", "1.10.0"), ("1.0.0-beta.2", "1.0.0-beta.10"), ("1.0.0-rc.1", "1.0.0"),
        ("1.0.0rc4", "1.0.0"), ("2.14.0b2", "2.14.0"), ("1.1.1", "1.1.1a"), ("1.1.1v", "1.1.1w"), ("2.0", "2.0.post1"),
        ("0.21.0.rc1", "0.21.0"), ("5.9", "5.10"), ("2023.12", "2024.03"),
    ])
    func precedence(_ older: String, _ newer: String) throws {
        let a = try #require(ReleaseVersion(older))
        let b = try #require(ReleaseVersion(newer))
        #expect(a.compare(to: b) == .older)
        #expect(b.compare(to: a) == .newer)
    }

    @Test func equalPrecedence() throws {
        #expect(try #require(ReleaseVersion("1.0")).compare(to: try #require(ReleaseVersion("1.0.0"))) == .same)
        #expect(
            try #require(ReleaseVersion("1.0.0+build.5")).compare(to: try #require(ReleaseVersion("1.0.0"))) == .same)
    }

    @Test func leadingNumbersStopAtTheFirstNonNumber() {
        let cases: [(String, [Int], String)] = [
            ("1.4.0", [1, 4, 0], ""), ("10.0.0-rc.2", [10, 0, 0], "-rc.2"), ("1.0.0rc4", [1, 0, 0], "rc4"),
            ("1.", [1], "."), ("1..2", [1], "..2"), ("007.08", [7, 8], ""),
            ("1.2.3-beta.4+build.5", [1, 2, 3], "-beta.4+build.5"),
            ("12345678901234567890.1", [123_456_789_012_345_678, 1], ""), ("2\r\n", [2], "\r\n"), ("a1", [], "a1"),
        ]
        for (text, numbers, rest) in cases {
            let read = ReleaseVersion.leadingNumbers(of: text[...])
            #expect(read.numbers == numbers && read.rest == rest, "\(text.debugDescription)")
        }
    }

    @Test func textDropsTheVPrefix() {
        #expect(ReleaseVersion("v8.1.1")?.text == "8.1.1")
        #expect(ReleaseVersion("Swift") == nil)
        #expect(ReleaseVersion("v1.2")?.matches("1.2") == true)
    }

    /// A `v` or `V` prefix goes, and a version starts with an ASCII digit, whatever follows.
    @Test func startIsReadAlikeInAndOutOfASCII() {
        #expect(ReleaseVersion("V2.0")?.text == "2.0")
        #expect(ReleaseVersion("V2.0-β")?.text == "2.0-β")
        #expect(ReleaseVersion("v\u{301}1.0") == nil)  // the `v` carries an accent: a letter, not the prefix
        #expect(ReleaseVersion("1\u{301}.0") == nil)  // nor is an accented 1 a digit
        #expect(ReleaseVersion("vv1.0") == nil)
        #expect(ReleaseVersion("v") == nil)
        #expect(ReleaseVersion("\r\n1.0") == nil)
        #expect(ReleaseVersion("1.0.0-β")?.numbers == ReleaseVersion("1.0.0-b")?.numbers)
    }
}

struct DateScannerTests {
    @Test(arguments: [
        ("2024-05-02", "2024-05-02"), ("2020-12-1", "2020-12-01"), ("2026.06.03", "2026-06-03"),
        ("2024/05/02", "2024-05-02"), ("31 July 2022", "2022-07-31"), ("July 1, 2025", "2025-07-01"),
        ("6th December, 2024", "2024-12-06"), ("Sept. 3, 2024", "2024-09-03"), ("1 Jul 2025", "2025-07-01"),
        ("31.07.2022", "2022-07-31"), ("February 29, 2024", "2024-02-29"),
    ])
    func readsDate(_ text: String, _ iso: String) {
        #expect(DateScanner.date(in: text)?.date?.iso == iso)
    }

    @Test(arguments: ["2024-02-30", "2023-02-29", "2024-13-01", "31 April 2023"])
    func impossibleDates(_ text: String) throws {
        let match = try #require(DateScanner.date(in: text))
        #expect(match.date == nil)
    }

    @Test(arguments: ["1.2.3", "July 2022", "2024", "version 5"])
    func notDates(_ text: String) {
        #expect(DateScanner.date(in: text) == nil)
    }

    /// Day or month first: a number over 12 decides, else the file's convention must.
    @Test(arguments: [
        ("26-07-2022", "2022-07-26"), ("17/06/2022", "2022-06-17"), ("11-27-2017", "2017-11-27"),
        ("05-05-2021", "2021-05-05"), ("05-Nov-2022", "2022-11-05"),
    ])
    func readsDayOrMonthFirst(_ text: String, _ iso: String) {
        #expect(DateScanner.date(in: text)?.date?.iso == iso)
    }

    @Test func undecidedDateFollowsTheFileConvention() throws {
        let match = try #require(DateScanner.date(in: "12/05/2024"))
        #expect(match.isUndecided)
        #expect(match.settled(by: .dayFirst).date?.iso == "2024-05-12")
        #expect(match.settled(by: .monthFirst).date?.iso == "2024-12-05")
        #expect(match.settled(by: .unknown).isUndecided)
    }
}
