import WhatsNewModel

/// An XML property list (`Info.plist`): each `<key>NAME</key>` of the top dictionary followed by
/// its `<string>`. A key of a dictionary inside it (an extension's, a document type's) is not
/// the bundle's.
struct PropertyListScanner {
    let bytes: [UInt8]

    /// Every string value of `key` in the top dictionary, in file order.
    func places(of key: String) throws(VersionFileProblem) -> [VersionPlace] {
        if bytes.starts(with: Array("bplist".utf8)) {
            throw VersionFileProblem(
                at: nil, "a binary property list; convert it to XML first (`plutil -convert xml1`)")
        }
        // UTF-16 (a byte-order mark, or a NUL beside the first `<`) reads as no text at all.
        if bytes.starts(with: [0xFE, 0xFF]) || bytes.starts(with: [0xFF, 0xFE]) || bytes.prefix(2).contains(0) {
            throw VersionFileProblem(
                at: nil,
                "a property list in UTF-16, which whatsnew does not edit; convert it to UTF-8 (`plutil -convert xml1`)")
        }
        var places: [VersionPlace] = []
        var index = 0
        // How many dictionaries are open where the scan of tags has reached.
        var depth = (at: 0, open: 0)
        let open = Array("<key>".utf8)
        while let start = find(open, from: index) {
            // A key inside a comment is no key: skip to the comment's end.
            if let comment = find(Array("<!--".utf8), from: index), comment < start {
                guard let end = find(Array("-->".utf8), from: comment + 4) else { break }
                index = end + 3
                continue
            }
            let nameStart = start + open.count
            guard let close = find(Array("</key>".utf8), from: nameStart) else { break }
            depth = (start, depth.open + dictionaries(from: depth.at, to: start))
            index = close + 6
            let name = String(decoding: bytes[nameStart..<close], as: UTF8.self).trimmedWhitespace()
            guard name == key, depth.open == 1 else { continue }
            var next = skipSpaceAndComments(from: index)
            let string = Array("<string>".utf8)
            guard next + string.count <= bytes.count, bytes[next..<(next + string.count)].elementsEqual(string) else {
                throw VersionFileProblem(at: start, "\(key) is not given as a <string>")
            }
            next += string.count
            guard let end = find(Array("</string>".utf8), from: next) else {
                throw VersionFileProblem(at: start, "\(key)'s <string> is never closed")
            }
            places.append(
                VersionPlace(range: next..<end, value: String(decoding: bytes[next..<end], as: UTF8.self), key: key))
            index = end
        }
        return places
    }

    /// How many `<dict>` elements open between `start` and `end`, less those that close there.
    private func dictionaries(from start: Int, to end: Int) -> Int {
        var depth = 0
        var index = start
        let offset = end
        while index < offset, let tag = find([UInt8(ascii: "<")], from: index), tag < offset {
            let rest = bytes[tag..<min(bytes.count, tag + 7)]
            if rest.starts(with: Array("<!--".utf8)) {
                guard let end = find(Array("-->".utf8), from: tag + 4) else { break }
                index = end + 3
                continue
            }
            if rest.starts(with: Array("<dict>".utf8)) {
                depth += 1
            } else if rest.starts(with: Array("</dict>".utf8)) {
                depth -= 1
            }
            index = tag + 1
        }
        return depth
    }

    private func skipSpaceAndComments(from start: Int) -> Int {
        var index = start
        while index < bytes.count {
            if [0x20, 0x09, 0x0A, 0x0D].contains(bytes[index]) {
                index += 1
            } else if bytes[index...].starts(with: Array("<!--".utf8)),
                let end = find(Array("-->".utf8), from: index + 4)
            {
                index = end + 3
            } else {
                break
            }
        }
        return index
    }

    private func find(_ needle: [UInt8], from start: Int) -> Int? {
        var index = start
        while index + needle.count <= bytes.count {
            if bytes[index] == needle[0], bytes[index..<(index + needle.count)].elementsEqual(needle) { return index }
            index += 1
        }
        return nil
    }
}
