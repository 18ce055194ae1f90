import ArgumentParser
import WhatsNew

enum InputFile {
    /// The source file, or the diagnostic on standard error and exit 1.
    static func load(_ path: String) throws -> SourceFile {
        do {
            return try SourceFile.load(path: path)
        } catch {
            throw Diagnostics.failure([error])
        }
    }
}

enum Diagnostics {
    /// Prints the diagnostics to standard error; returns the exit-1 error to throw after them.
    static func failure(_ diagnostics: [Diagnostic]) -> ExitCode {
        StandardError.write(diagnostics.map { "\($0)\n" }.joined())
        return ExitCode(1)
    }
}
