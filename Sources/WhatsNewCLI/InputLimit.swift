import ArgumentParser
import WhatsNewModel

/// `--max-size`: inputs above it are refused with a diagnostic rather than read.
struct InputLimit: ParsableArguments {
    @Option(
        name: .customLong("max-size"),
        help: "Refuse inputs larger than this: a number of megabytes, or with a unit (512K, 64M, 1G).")
    var maxSize = ByteSize(bytes: SourceFile.defaultMaximumSize)

    var bytes: Int { maxSize.bytes }
}

/// A size as `64`, `64M`, `64MB`, `512K` or `1G`; a bare number is megabytes.
struct ByteSize: ExpressibleByArgument {
    var bytes: Int

    init(bytes: Int) {
        self.bytes = bytes
    }

    init?(argument: String) {
        var text = argument.uppercased()
        if text.hasSuffix("B") { text.removeLast() }
        let shift: Int
        switch text.last {
        case "K": shift = 10
        case "M": shift = 20
        case "G": shift = 30
        default: shift = -1
        }
        if shift >= 0 { text.removeLast() }
        guard let number = Int(text), number > 0, number < (1 << 40) else { return nil }
        bytes = number << (shift >= 0 ? shift : 20)
    }

    var defaultValueDescription: String { "\(bytes >> 20)M" }
}
