import ArgumentParser
import WhatsNew

enum InputFile {
    /// The source file, or the diagnostic on standard error and exit 1.
    static func load(_ path: String, maximumSize: Int = SourceFile.defaultMaximumSize) throws -> SourceFile {
        do {
            return try SourceFile.load(path: path, maximumSize: maximumSize)
        } catch {
            throw Diagnostics.failure([error])
        }
    }
}

/// Release notes read and the releases chosen from them, or the diagnostics and exit 1.
struct ChosenNotes: Sendable {
    /// The input's path as diagnostics name it (`<stdin>` for `-`).
    let path: String
    /// The reading whole, not just its document: keeping the notes keeps what they were read from.
    let reading: DocumentReader.Reading
    let releases: [Release]
    var document: Document { reading.document }

    init(_ input: String, selection: ReleaseSelection, icons: IconCatalog, rendersHTML: Bool, maximumSize: Int) throws {
        let source = try InputFile.load(input, maximumSize: maximumSize)
        path = source.path
        // Handed over, not kept: the reader then empties front matter in place, not in a copy.
        let reading = DocumentReader(rendersHTML: rendersHTML, icons: icons).read(consume source)
        if !reading.errors.isEmpty { throw Diagnostics.failure(reading.errors) }
        self.reading = reading
        do {
            releases = try selection.releases(from: reading.document, path: path)
        } catch {
            throw Diagnostics.failure([error])
        }
    }

    /// A store's text for the chosen releases, or its over-the-limit diagnostic and exit 1.
    func storeText(_ store: Store, truncates: Bool) throws -> String {
        do {
            return try StoreTextRenderer(store: store, truncates: truncates)
                .render(document, releases: releases, path: path)
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
