import ArgumentParser
import WhatsNewProject

/// `--max-size`: inputs above it are refused with a diagnostic rather than read.
struct InputLimit: ParsableArguments {
    @Option(
        name: .customLong("max-size"),
        help:
            "Refuse notes larger than this: a number of megabytes, or with a unit (512K, 64M, 1G). Default: .whatsnew.yml's max-size, else 8M."
    )
    var maxSize: ByteSize?

    /// The limit asked for; nil for the project's.
    var bytes: Int? { maxSize?.bytes }
}

/// A size as `64`, `64M`, `64MB`, `512K` or `1G`; a bare number is megabytes.
struct ByteSize: ExpressibleByArgument {
    var bytes: Int

    init?(argument: String) {
        guard let bytes = ByteCount.bytes(argument) else { return nil }
        self.bytes = bytes
    }
}
