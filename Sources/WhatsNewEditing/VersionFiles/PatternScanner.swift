import WhatsNewModel

/// Any file, through a pattern: the text around the version (`let version = "{version}"`),
/// the version itself a run of digits, letters, `.`, `-`, `+` and `_` that starts with a digit.
struct PatternScanner {
    let bytes: [UInt8]
    let template: VersionTemplate

    /// Every place the pattern matches; for `{version}` alone, the whole file but the white
    /// space around it, when that is a version.
    func places() -> [VersionPlace] {
        if template.prefix.isEmpty && template.suffix.isEmpty { return whole() }
        let prefix = Array(template.prefix.utf8)
        let suffix = Array(template.suffix.utf8)
        var places: [VersionPlace] = []
        var index = 0
        while index + prefix.count <= bytes.count {
            guard bytes[index..<(index + prefix.count)].elementsEqual(prefix) else {
                index += 1
                continue
            }
            let start = index + prefix.count
            var end = start
            while end < bytes.count, Self.isVersionByte(bytes[end]) { end += 1 }
            let startsWithDigit = start < end && (0x30...0x39).contains(bytes[start])
            if startsWithDigit, end + suffix.count <= bytes.count,
                bytes[end..<(end + suffix.count)].elementsEqual(suffix)
            {
                places.append(
                    VersionPlace(
                        range: start..<end, value: String(decoding: bytes[start..<end], as: UTF8.self),
                        key: template.prefix + "{version}" + template.suffix))
                index = end + suffix.count
            } else {
                index += 1
            }
        }
        return places
    }

    private func whole() -> [VersionPlace] {
        let isSpace = { (byte: UInt8) in byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D }
        guard let start = bytes.firstIndex(where: { !isSpace($0) }),
            let last = bytes.lastIndex(where: { !isSpace($0) }),
            (0x30...0x39).contains(bytes[start]), bytes[start...last].allSatisfy(Self.isVersionByte)
        else { return [] }
        return [
            VersionPlace(
                range: start..<(last + 1), value: String(decoding: bytes[start...last], as: UTF8.self), key: "{version}"
            )
        ]
    }

    /// A byte a version may hold.
    static func isVersionByte(_ byte: UInt8) -> Bool {
        (0x30...0x39).contains(byte) || (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte)
            || [UInt8(ascii: "."), UInt8(ascii: "-"), UInt8(ascii: "+"), UInt8(ascii: "_")].contains(byte)
    }
}
