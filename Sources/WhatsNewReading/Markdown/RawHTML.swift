import WhatsNewModel

/// Raw HTML in notes, read for what a reader would see of it: GitHub's image uploader writes
/// `<img width="200" alt="demo" src="…">`, which is an image as much as `![demo](…)` is, and
/// anything else with text or media in it is content that no output shows.
///
/// This reads tags, not Markdown: cmark has already said which text is HTML.
package enum RawHTML {
    /// Wrappers that say nothing a sheet shows (`<p align="center">` around an image).
    private static let wrappers: Set<String> = ["p", "div", "center", "picture", "source", "br", "span", "a"]
    /// Elements that show something without text of their own.
    private static let media: Set<String> = [
        "img", "video", "audio", "iframe", "picture", "svg", "object", "embed", "table",
    ]

    /// The images of `html` when it is nothing but `<img>` tags, their wrappers and
    /// whitespace; nil when it holds anything else.
    package static func images(in html: String) -> [Inline]? {
        // Every HTML block and tag of every file comes here: most hold no image at all.
        guard html.utf8.count >= 4, mayHoldImage(html) else { return nil }
        var images: [Inline] = []
        for piece in pieces(of: html) {
            switch piece {
            case .text(let text):
                guard text.allSatisfy(\.isWhitespace) else { return nil }
            case .comment:
                continue
            case .tag(let name, let attributes, _):
                if name == "img" {
                    guard let source = attributes["src"], !source.isEmpty else { return nil }
                    let alt = attributes["alt"] ?? ""
                    let size = ImageSize(
                        width: ImageSize.pixels(attributes["width"]), height: ImageSize.pixels(attributes["height"]))
                    images.append(
                        .image(
                            source: source, title: attributes["title"] ?? "", alt: alt.isEmpty ? [] : [.text(alt)],
                            size: size))
                } else if !wrappers.contains(name) {
                    return nil
                }
            }
        }
        return images.isEmpty ? nil : images
    }

    /// Whether `<img` occurs in any case, found among the bytes: lowercasing a copy and
    /// searching it by characters cost a twentieth of reading a changelog with long HTML blocks.
    private static func mayHoldImage(_ html: String) -> Bool {
        let bytes = html.utf8
        var start = bytes.startIndex
        while let open = bytes[start...].firstIndex(of: UInt8(ascii: "<")) {
            let name = bytes[bytes.index(after: open)...].prefix(3).map { $0 | 0x20 }
            if name.elementsEqual("img".utf8) { return true }
            start = bytes.index(after: open)
        }
        return false
    }

    /// Whether leaving `html` out loses something a reader would see: text outside tags, or
    /// media. Comments, anchors (`<a name="1.4.0"></a>`) and line breaks lose nothing.
    package static func hidesContent(_ html: String) -> Bool {
        pieces(of: html).contains { piece in
            switch piece {
            case .text(let text): !text.allSatisfy(\.isWhitespace)
            case .comment: false
            case .tag(let name, _, _): media.contains(name)
            }
        }
    }

    enum Piece: Equatable {
        case text(Substring)
        case comment
        /// A tag's lower-cased name, its attributes with their entities decoded, and whether it closes.
        case tag(String, [String: String], closing: Bool)
    }

    /// Text, comments and tags in order. Something that is not a well-formed tag is text.
    static func pieces(of html: String) -> [Piece] {
        var pieces: [Piece] = []
        var rest = Substring(html)
        while !rest.isEmpty {
            guard let open = rest.firstIndex(of: "<") else {
                pieces.append(.text(rest))
                break
            }
            if open > rest.startIndex { pieces.append(.text(rest[..<open])) }
            let after = rest[open...]
            if after.hasPrefix("<!--") {
                let body = after.dropFirst(4)
                guard let end = body.firstRange(of: "-->") else { return pieces + [.comment] }
                pieces.append(.comment)
                rest = body[end.upperBound...]
            } else if let (tag, remainder) = Self.tag(at: after) {
                pieces.append(tag)
                rest = remainder
            } else {
                pieces.append(.text(after.prefix(1)))
                rest = after.dropFirst()
            }
        }
        return pieces
    }

    /// `<name attr="value" attr='value' attr=value flag>` or `</name>` at the start of `text`.
    private static func tag(at text: Substring) -> (Piece, Substring)? {
        var rest = text.dropFirst()
        let closing = rest.first == "/"
        if closing { rest = rest.dropFirst() }
        let name = rest.prefix { $0.isLetter || $0.isNumber || $0 == "-" }
        guard let first = name.first, first.isLetter else { return nil }
        rest = rest[name.endIndex...]
        var attributes: [String: String] = [:]
        while true {
            rest = rest.drop { $0.isWhitespace }
            if rest.hasPrefix("/>") {
                return (.tag(name.lowercased(), attributes, closing: closing), rest.dropFirst(2))
            }
            if rest.first == ">" { return (.tag(name.lowercased(), attributes, closing: closing), rest.dropFirst()) }
            let key = rest.prefix { !$0.isWhitespace && !"=>/\"'<".contains($0) }
            guard !key.isEmpty else { return nil }
            rest = rest[key.endIndex...].drop { $0.isWhitespace }
            var value = ""
            if rest.first == "=" {
                rest = rest.dropFirst().drop { $0.isWhitespace }
                if let quote = rest.first, quote == "\"" || quote == "'" {
                    let body = rest.dropFirst()
                    guard let end = body.firstIndex(of: quote) else { return nil }
                    value = String(body[..<end])
                    rest = body[body.index(after: end)...]
                } else {
                    let bare = rest.prefix { !$0.isWhitespace && $0 != ">" }
                    value = String(bare)
                    rest = rest[bare.endIndex...]
                }
            }
            attributes[key.lowercased()] = decoded(value)
        }
    }

    /// `&amp;`, `&quot;`, `&#39;`, `&#x27;`, `&lt;`, `&gt;`: what addresses and alt texts hold.
    private static func decoded(_ value: String) -> String {
        guard value.contains("&") else { return value }
        var out = ""
        var rest = Substring(value)
        while let amp = rest.firstIndex(of: "&") {
            out += rest[..<amp]
            let after = rest[rest.index(after: amp)...]
            guard let semicolon = after.prefix(10).firstIndex(of: ";") else {
                out += "&"
                rest = after
                continue
            }
            let name = after[..<semicolon]
            let named: [Substring: String] = [
                "amp": "&", "quot": "\"", "apos": "'", "lt": "<", "gt": ">", "nbsp": "\u{A0}",
            ]
            var scalar: Unicode.Scalar?
            if name.hasPrefix("#x") || name.hasPrefix("#X") {
                scalar = UInt32(name.dropFirst(2), radix: 16).flatMap(Unicode.Scalar.init)
            } else if name.hasPrefix("#") {
                scalar = UInt32(name.dropFirst()).flatMap(Unicode.Scalar.init)
            }
            if let text = named[name] ?? scalar.map({ String(Character($0)) }) {
                out += text
                rest = after[after.index(after: semicolon)...]
            } else {
                out += "&"
                rest = after
            }
        }
        return out + rest
    }
}
