import WhatsNewModel
import WhatsNewRendering
import WhatsNewSchema
import WhatsNewSheet

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// What one update of the lockfiles brings, written for a terminal, a pull request comment
/// (one comment, a `<details>` per dependency), a script or a page: the dependencies with notes
/// as merged sheets (breaking ones first), then those without and why, then those added or
/// removed. Every name and version is the lockfile's text: escaped for the format it goes in.
package struct DependencyReport: Sendable {
    /// One dependency's part of the report.
    package struct Entry: Sendable {
        package var update: DependencyUpdate
        /// The lockfile's ecosystem.
        package var ecosystem: String
        /// Its notes, merged; nil when none were found.
        var notes: DependencyNotes?
        /// Where the notes were read, as shown.
        package var changelog: String?
        /// Why there are no notes.
        package var missing: String?

        /// How many breaking rows its notes hold.
        package var breakingCount: Int { notes?.breakingCount ?? 0 }

        /// The merged notes as a sheet titled with the dependency and its versions.
        var sheet: Presentation? {
            guard let notes else { return nil }
            let document = Document(
                title: "\(update.name) \(update.versions) · \(update.step.rawValue)", releases: [notes.release])
            return Presentation(document: document, releases: [notes.release], path: changelog ?? "")
        }
    }

    /// What the lockfiles were compared with (a commit, or a file), as said.
    package var base: String
    /// The lockfiles compared, as shown.
    package var lockfiles: [String]
    package var entries: [Entry]

    /// Entries with notes, breaking ones first; then without notes; then added and removed.
    var withNotes: [Entry] {
        entries.filter { $0.notes != nil }.sorted { ($0.breakingCount > 0 ? 0 : 1) < ($1.breakingCount > 0 ? 0 : 1) }
    }
    var withoutNotes: [Entry] {
        entries.filter { $0.notes == nil && $0.update.from != nil && $0.update.to != nil }
    }
    var addedOrRemoved: [Entry] { entries.filter { $0.update.from == nil || $0.update.to == nil } }

    /// The updates that bring a breaking change: a row of their notes says so, or the version
    /// crosses a major one (SemVer's promise, whatever the notes say).
    package var breaking: [Entry] {
        let breaking = entries.filter { $0.breakingCount > 0 || $0.update.crossesMajor }
        return breaking.filter { $0.breakingCount > 0 } + breaking.filter { $0.breakingCount == 0 }
    }

    /// One line: how many changed, with notes, breaking.
    var summary: String {
        let changed = entries.count - addedOrRemoved.count
        var parts = ["\(withNotes.count) with notes"]
        if !withoutNotes.isEmpty { parts.append("\(withoutNotes.count) without") }
        let marked = entries.filter { $0.breakingCount > 0 }.count
        let major = breaking.count - marked
        if marked > 0 { parts.append("\(marked) with breaking changes in \(marked == 1 ? "its" : "their") notes") }
        if major > 0 {
            parts.append("\(major) \(marked > 0 ? "other" : "") across a major version".replacing("  ", with: " "))
        }
        let added = addedOrRemoved.filter { $0.update.from == nil }.count
        let removed = addedOrRemoved.count - added
        if added > 0 { parts.append("\(added) added") }
        if removed > 0 { parts.append("\(removed) removed") }
        return
            "\(changed) \(changed == 1 ? "dependency" : "dependencies") updated since \(base) (\(lockfiles.joined(separator: ", "))): "
            + parts.joined(separator: ", ")
    }

    /// The report in `format`: text, markdown, json or html.
    package func render(_ format: OutputFormat, terminal: TerminalOptions) throws(CommandFailure) -> String {
        switch format {
        case .text: return text(terminal)
        case .markdown: return markdown()
        case .json: return try json()
        case .html: return html()
        default:
            throw .usage("deps writes text, markdown, json or html, not \(format.rawValue)")
        }
    }

    private func text(_ options: TerminalOptions) -> String {
        let clean = TerminalSanitizer.clean
        var output = clean(summary) + "\n"
        let renderer = TextSheetRenderer(options: options)
        for entry in withNotes {
            output += "\n" + renderer.render(entry.sheet!)
        }
        let width = options.displayWidth
        func table(_ title: String, _ rows: [Entry], _ why: (Entry) -> String) {
            guard !rows.isEmpty else { return }
            output += "\n\(title)\n"
            let names = rows.map { clean($0.update.name) }
            let versions = rows.map { clean($0.update.versions) }
            let nameWidth = names.map { width.of($0) }.max()!
            let versionWidth = versions.map { width.of($0) }.max()!
            for (index, row) in rows.enumerated() {
                let name = names[index] + String(repeating: " ", count: nameWidth - width.of(names[index]))
                let version =
                    versions[index] + String(repeating: " ", count: versionWidth - width.of(versions[index]))
                output += "  \(name)  \(version)  \(clean(why(row)))\n"
            }
        }
        table("Without notes", withoutNotes) {
            "\($0.update.step.rawValue)\($0.update.crossesMajor ? ", breaking" : ""): \($0.missing ?? "")"
        }
        table("Added and removed", addedOrRemoved) { $0.update.step.rawValue }
        return output
    }

    private func markdown() -> String {
        // No heading of its own: each dependency's release heading is the comment's first level.
        var output = "**Dependency updates:** \(Self.markdownText(summary))\n"
        let renderer = MarkdownRenderer()
        for entry in withNotes {
            let breaking =
                entry.breakingCount > 0
                ? " · ⚠️ \(entry.breakingCount) breaking \(entry.breakingCount == 1 ? "change" : "changes")" : ""
            output += """

                <details>
                <summary><strong>\(MarkupText.xml(entry.update.name))</strong> \(MarkupText.xml(entry.update.versions)) · \(entry.update.step.rawValue)\(breaking)</summary>

                \(renderer.render(entry.sheet!).trimmedWhitespace())

                </details>

                """
        }
        if !withoutNotes.isEmpty {
            output += "\n| Without notes | Versions | Step | Why |\n|---|---|---|---|\n"
            for entry in withoutNotes {
                output +=
                    "| \(Self.markdownText(entry.update.name)) | \(Self.markdownText(entry.update.versions)) | \(entry.update.step.rawValue)\(entry.update.crossesMajor ? ", breaking" : "") | \(Self.markdownText(entry.missing ?? "")) |\n"
            }
        }
        if !addedOrRemoved.isEmpty {
            output += "\n| Added or removed | Version | |\n|---|---|---|\n"
            for entry in addedOrRemoved {
                output +=
                    "| \(Self.markdownText(entry.update.name)) | \(Self.markdownText(entry.update.versions)) | \(entry.update.step.rawValue) |\n"
            }
        }
        return output
    }

    /// Text as Markdown shows it literally: each mark that could start markup or HTML escaped,
    /// and no line break.
    static func markdownText(_ text: String) -> String {
        var escaped = ""
        for scalar in text.unicodeScalars {
            if scalar.value < 0x20 || scalar.value == 0x7F {
                escaped += " "
            } else if "\\`*_[]<>|~&#!".unicodeScalars.contains(scalar) {
                escaped += "\\" + String(scalar)
            } else {
                escaped.unicodeScalars.append(scalar)
            }
        }
        return escaped
    }

    private struct JSONReport: Encodable {
        var base: String
        var lockfiles: [String]
        var dependencies: [JSONEntry]
    }

    private struct JSONEntry: Encodable {
        var name: String
        var ecosystem: String
        var from: String?
        var to: String?
        var step: String
        var breaking: Bool
        var breakingChanges: Int
        var changelog: String?
        var versions: [String]?
        var missing: String?
        var sheet: Sheet?
    }

    private func json() throws(CommandFailure) -> String {
        let ordered = withNotes + withoutNotes + addedOrRemoved
        let renderer = JSONRenderer()
        var dependencies: [JSONEntry] = []
        for entry in ordered {
            let sheet = entry.sheet.map(renderer.sheet)
            dependencies.append(
                JSONEntry(
                    name: entry.update.name, ecosystem: entry.ecosystem, from: entry.update.from?.version,
                    to: entry.update.to?.version, step: entry.update.step.rawValue,
                    breaking: entry.breakingCount > 0 || entry.update.crossesMajor,
                    breakingChanges: entry.breakingCount,
                    changelog: entry.changelog, versions: entry.notes?.versions, missing: entry.missing, sheet: sheet))
        }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        do {
            let data = try encoder.encode(JSONReport(base: base, lockfiles: lockfiles, dependencies: dependencies))
            return String(decoding: data, as: UTF8.self) + "\n"
        } catch {
            throw CommandFailure(message: "whatsnew deps: cannot write JSON: \(error)")
        }
    }

    private func html() -> String {
        var output =
            "<section class=\"whatsnew-deps\">\n<h2>Dependency updates</h2>\n<p>\(MarkupText.xml(summary))</p>\n"
        let renderer = HTMLRenderer()
        for entry in withNotes {
            let breaking = entry.breakingCount > 0 ? " · \(entry.breakingCount) breaking" : ""
            output +=
                "<details open>\n<summary><strong>\(MarkupText.xml(entry.update.name))</strong> \(MarkupText.xml(entry.update.versions)) · \(entry.update.step.rawValue)\(breaking)</summary>\n"
            output += ((try? renderer.render(entry.sheet!)) ?? "") + "</details>\n"
        }
        if !withoutNotes.isEmpty {
            output +=
                "<table>\n<caption>Without notes</caption>\n<tr><th>Dependency</th><th>Versions</th><th>Step</th><th>Why</th></tr>\n"
            for entry in withoutNotes {
                output +=
                    "<tr><td>\(MarkupText.xml(entry.update.name))</td><td>\(MarkupText.xml(entry.update.versions))</td><td>\(entry.update.step.rawValue)</td><td>\(MarkupText.xml(entry.missing ?? ""))</td></tr>\n"
            }
            output += "</table>\n"
        }
        if !addedOrRemoved.isEmpty {
            output += "<table>\n<caption>Added and removed</caption>\n"
            for entry in addedOrRemoved {
                output +=
                    "<tr><td>\(MarkupText.xml(entry.update.name))</td><td>\(MarkupText.xml(entry.update.versions))</td><td>\(entry.update.step.rawValue)</td></tr>\n"
            }
            output += "</table>\n"
        }
        return output + "</section>\n"
    }
}

extension DependencyUpdate {
    /// `5.0.1 → 6.2.2`, `→ 1.0.0` for one added, `1.0.0 →` for one removed.
    package var versions: String {
        switch (from, to) {
        case (let from?, let to?): "\(from.version) → \(to.version)"
        case (nil, let to?): "→ \(to.version)"
        case (let from?, nil): "\(from.version) →"
        case (nil, nil): ""
        }
    }
}
