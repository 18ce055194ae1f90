/// An Xcode configuration file (`Version.xcconfig`): lines of `KEY = value`, a setting
/// perhaps conditional (`MARKETING_VERSION[sdk=iphoneos*] = …`), `//` starting a comment.
struct XCConfigScanner {
    let bytes: [UInt8]

    /// Every line that sets `key`, in file order.
    func places(of key: String) -> [VersionPlace] {
        var places: [VersionPlace] = []
        var start = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0  // a byte-order mark is no setting
        while start < bytes.count {
            let end = bytes[start...].firstIndex(of: 0x0A) ?? bytes.count
            if let place = place(of: key, in: start..<end) { places.append(place) }
            start = end + 1
        }
        return places
    }

    private func place(of key: String, in line: Range<Int>) -> VersionPlace? {
        var index = line.lowerBound
        func skipSpaces() { while index < line.upperBound, bytes[index] == 0x20 || bytes[index] == 0x09 { index += 1 } }
        skipSpaces()
        let name = Array(key.utf8)
        guard index + name.count <= line.upperBound, bytes[index..<(index + name.count)].elementsEqual(name) else {
            return nil
        }
        index += name.count
        if index < line.upperBound, bytes[index] == UInt8(ascii: "[") {
            guard let close = bytes[index..<line.upperBound].firstIndex(of: UInt8(ascii: "]")) else { return nil }
            index = close + 1
        }
        skipSpaces()
        guard index < line.upperBound, bytes[index] == UInt8(ascii: "=") else { return nil }
        index += 1
        skipSpaces()
        var end = index
        while end < line.upperBound,
            !(bytes[end] == UInt8(ascii: "/") && end + 1 < line.upperBound && bytes[end + 1] == UInt8(ascii: "/"))
        {
            end += 1
        }
        while end > index, [0x20, 0x09, 0x0D, UInt8(ascii: ";")].contains(bytes[end - 1]) { end -= 1 }
        return VersionPlace(range: index..<end, value: String(decoding: bytes[index..<end], as: UTF8.self), key: key)
    }
}
