import Testing

@testable import WhatsNewModel

struct SourceFileTests {
    /// ASCII is skipped eight bytes at a time: a bad byte is found wherever it falls in a word.
    @Test func invalidByteIsFoundAtEveryAlignment() {
        let ascii = Array(repeating: UInt8(ascii: "a"), count: 40)
        for offset in 0..<ascii.count {
            var bytes = ascii
            bytes[offset] = 0xFF
            #expect(UTF8Validation.firstInvalidOffset(in: bytes) == offset)
            var truncated = ascii
            truncated.insert(contentsOf: [0xE2, 0x82], at: offset)  // `€` without its last byte
            #expect(UTF8Validation.firstInvalidOffset(in: truncated) == offset)
            var valid = ascii
            valid.insert(contentsOf: Array("€🚀".utf8), at: offset)
            #expect(UTF8Validation.firstInvalidOffset(in: valid) == nil)
        }
    }

    @Test func byteOrderMarkIsDropped() throws {
        let source = try SourceFile(path: "a.md", bytes: [0xEF, 0xBB, 0xBF] + Array("# Hi\n".utf8))
        #expect(source.bytes == Array("# Hi\n".utf8))
    }

    @Test func invalidUTF8NamesLineAndOffset() {
        let bytes = Array("# Title\n\nok \u{e9}\n".utf8) + [0x61, 0xFF, 0x62, 0x0A]
        #expect {
            try SourceFile(path: "bad.md", bytes: bytes)
        } throws: { error in
            let diagnostic = error as! Diagnostic
            return diagnostic.rule == .invalidEncoding && diagnostic.location.line == 4
                && diagnostic.location.column == 2 && diagnostic.message.contains("0xFF")
                && diagnostic.message.contains("offset 16")
        }
    }

    @Test(
        arguments: [
            [0xC0, 0x80],  // overlong NUL
            [0xED, 0xA0, 0x80],  // UTF-16 surrogate
            [0xF4, 0x90, 0x80, 0x80],  // above U+10FFFF
            [0xE2, 0x82],  // cut short
            [0x80],  // lone continuation byte
        ] as [[UInt8]])
    func malformedSequences(_ sequence: [UInt8]) {
        #expect(UTF8Validation.firstInvalidOffset(in: Array("ab".utf8) + sequence) == 2)
    }

    @Test func wellFormedTextPasses() {
        #expect(UTF8Validation.firstInvalidOffset(in: Array("ascii é 中文 🇯🇵 👩‍💻".utf8)) == nil)
    }

    @Test func nulByteMeansBinary() {
        #expect {
            try SourceFile(path: "image.png", bytes: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0x00, 0x00])
        } throws: { error in
            (error as! Diagnostic).rule == .binaryFile
        }
    }

    @Test func missingFileAndDirectory() {
        #expect { try SourceFile.load(path: "/no/such/file.md") } throws: { error in
            (error as! Diagnostic).message.contains("no such file")
        }
        #expect { try SourceFile.load(path: "/tmp") } throws: { error in
            (error as! Diagnostic).message.contains("directory")
        }
    }

    @Test func positionsCountEveryLineEnding() {
        let bytes = Array("a\r\nb\rc\nd".utf8)
        let d = TextPosition(of: 7, in: bytes)
        #expect((d.line, d.column) == (4, 1))
        let c = TextPosition(of: 5, in: bytes)
        #expect((c.line, c.column) == (3, 1))
    }
}
