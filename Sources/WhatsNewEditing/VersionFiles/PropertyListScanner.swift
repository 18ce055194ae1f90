import WhatsNewModel

/// An XML property list (`Info.plist`): each `<key>NAME</key>` followed by its `<string>`.
struct PropertyListScanner {
    let bytes: [UInt8]

    /// Every string value of `key`, in file order.
    func places(of key: String) throws(VersionFileProblem) -> [VersionPlace] {
        if bytes.starts(with: Array("bplist".utf8)) {
            throw VersionFileProblem(
                at: nil, "a binary property list; convert it to XML first (`plutil -convert xml1`)")
        }
        var places: [VersionPlace] = []
        var index = 0
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
            index = close + 6
            let name = String(decoding: bytes[nameStart..<close], as: UTF8.self).trimmedWhitespace()
            guard name == key else { continue }
            var next = skipSpaceAndComments(from: index)
            let string = Array("<string>".utf8)
            guard next + string.count <= bytes.count, bytes[next..<(next + string.count)].elementsEqual(string) else {
                throw VersionFileProblem(at: start, "\(key) is not given as a <string>")
            }
            next += string.count
            guard let end = find(Array("</string>".utf8), from: next) else {
                throw VersionFileProblem(at: start, "\(key)'s <string> is never closed")
            }
            places.append(VersionPlace(range: next..<end, value: String(decoding: bytes[next..<end], as: UTF8.self), key: key))
            index = end
        }
        return places
    }

    private func skipSpaceAndComments(from start: Int) -> Int {
        var index = start
        while index < bytes.count {
            if [0x20, 0x09, 0x0A, 0x0D].contains(bytes[index]) {
                index += 1
            } else if bytes[index...].starts(with: Array("<!--".utf8)), let end = find(Array("-->".utf8), from: index + 4) {
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
