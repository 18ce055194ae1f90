import WhatsNewEditing
import WhatsNewModel
import WhatsNewReading

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// The product's name from the package file beside the notes, for a sheet whose notes and
/// settings name none: Package.swift, package.json, Cargo.toml, pyproject.toml, pubspec.yaml
/// or a .gemspec, looked for in that order.
package enum PackageName {
    package static func beside(_ notesPath: String) -> String? {
        guard let folder = Self.folder(of: notesPath) else { return nil }
        func contents(_ name: String) -> String? { Self.contents(of: name, in: folder) }
        if let text = contents("Package.swift"), let name = swiftPackage(text) { return name }
        if let text = contents("package.json"), let name = npmPackage(text) { return name }
        if let text = contents("Cargo.toml"), let name = tomlName(text, tables: ["package"]) { return name }
        if let text = contents("pyproject.toml"), let name = tomlName(text, tables: ["project", "tool.poetry"]) {
            return name
        }
        if let text = contents("pubspec.yaml"), let name = pubspec(text) { return name }
        let gemspecs = DirectoryListing.names(in: folder.path) { $0.hasSuffix(".gemspec") }
        for file in gemspecs {
            if let text = contents(file), let name = gemspec(text) { return name }
        }
        return nil
    }

    /// The folder of the notes at `notesPath`; nil for standard input.
    static func folder(of notesPath: String) -> URL? {
        guard notesPath != "-", notesPath != "<stdin>" else { return nil }
        return URL(fileURLWithPath: notesPath).deletingLastPathComponent()
    }

    /// A package file's text, when it is there, small and a file of its own: anything over
    /// 1 MB is no package file worth reading for a name or an address, and a link is not
    /// followed, since a committed one could point at any file on the machine.
    static func contents(of name: String, in folder: URL) -> String? {
        // The C library's reads, as the notes are read: URL's resource values cost a start-up's worth.
        let path = folder.appendingPathComponent(name).path
        guard let bytes = OwnFile.read(path, limit: 1 << 20 - 1, owned: false),
            let file = try? SourceFile(path: path, bytes: bytes)
        else { return nil }
        return String(decoding: file.bytes, as: UTF8.self)
    }

    /// `Package(name: "Inkwell"`: the first `name:` after `Package(`.
    static func swiftPackage(_ text: String) -> String? {
        guard let start = text.firstRange(of: "Package(") else { return nil }
        return quoted(after: "name:", in: text[start.upperBound...])
    }

    static func npmPackage(_ text: String) -> String? {
        NPMManifest(Array(text.utf8))?.name.flatMap(nonEmpty)
    }

    /// `name = "inkwell"` in the first of the tables that has one.
    static func tomlName(_ text: String, tables: [String]) -> String? {
        TOMLManifest(bytes: Array(text.utf8)).string("name", inFirstOf: tables).flatMap(nonEmpty)
    }

    static func pubspec(_ text: String) -> String? {
        guard let node = try? YAMLDocument.compose(text), let name = node.mapping?["name"]?.string else { return nil }
        return nonEmpty(name)
    }

    /// `spec.name = "inkwell"` or `s.name = 'inkwell'`.
    static func gemspec(_ text: String) -> String? {
        for line in text.split(whereSeparator: \.isNewline) {
            let line = line.trimmedWhitespace()
            guard let dot = line.firstIndex(of: "."), line[line.index(after: dot)...].hasPrefix("name"),
                line[..<dot].allSatisfy({ $0.isLetter || $0 == "_" })
            else { continue }
            let rest = line[line.index(dot, offsetBy: 5)...].trimmedWhitespace()
            guard rest.hasPrefix("=") else { continue }
            if let name = quoted(after: "=", in: Substring(rest)) { return name }
        }
        return nil
    }

    /// The string literal after a marker, in double or single quotes.
    private static func quoted(after marker: String, in text: Substring) -> String? {
        guard let found = text.firstRange(of: marker) else { return nil }
        let rest = text[found.upperBound...].drop(while: { $0 == " " || $0 == "\t" || $0 == "\n" })
        guard let quote = rest.first, quote == "\"" || quote == "'" else { return nil }
        let body = rest.dropFirst()
        guard let end = body.firstIndex(of: quote) else { return nil }
        return nonEmpty(String(body[..<end]))
    }

    private static func nonEmpty(_ text: String) -> String? {
        let trimmed = text.trimmedWhitespace()
        return trimmed.isEmpty ? nil : trimmed
    }
}
