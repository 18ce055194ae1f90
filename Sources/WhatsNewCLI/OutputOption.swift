import ArgumentParser

/// `-o/--output`: a file written in place of standard output.
struct OutputOption: ParsableArguments {
    @Option(name: .shortAndLong, help: "Write to this file, atomically, instead of standard output.")
    var output: String?
}
