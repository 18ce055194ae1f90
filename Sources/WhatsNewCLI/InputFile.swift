import ArgumentParser
import WhatsNew

enum InputFile {
    /// The source file, or the diagnostic on standard error and exit 1.
    static func load(_ path: String) throws -> SourceFile {
        do {
            return try SourceFile.load(path: path)
        } catch {
            try Diagnostics.failIfAny([error])
            throw ExitCode(1)
        }
    }
}

enum Diagnostics {
    /// Prints the diagnostics to standard error and stops with exit 1, if there are any.
    static func failIfAny(_ diagnostics: [Diagnostic]) throws {
        guard !diagnostics.isEmpty else { return }
        StandardError.write(diagnostics.map { "\($0)\n" }.joined())
        throw ExitCode(1)
    }
}
