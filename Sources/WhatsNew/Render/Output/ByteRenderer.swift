/// A renderer whose sheet is bytes written in order: gathered into one array, or handed to a
/// sink as it goes so a large sheet is never whole in memory.
protocol ByteRenderer {
    /// About how many bytes the sheet takes, reserved when it is gathered whole.
    func expectedSize(of releases: [Release]) -> Int
    func write(_ document: Document, releases: [Release], into output: inout ByteWriter)
}

extension ByteRenderer {
    func gathered(_ document: Document, releases: [Release]) -> [UInt8] {
        var output = ByteWriter(capacity: expectedSize(of: releases))
        write(document, releases: releases, into: &output)
        return output.bytes
    }

    func stream(_ document: Document, releases: [Release], to sink: OutputSink) {
        var output = ByteWriter(sink: sink)
        write(document, releases: releases, into: &output)
        output.flush()
    }
}
