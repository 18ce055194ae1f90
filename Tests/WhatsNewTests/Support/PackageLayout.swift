import Foundation
import Testing

@testable import WhatsNewModel
@testable import WhatsNewReading

/// The package as SwiftPM reads it (`swift package dump-package`) and the modules its sources
/// import: what the architecture check compares with what Architecture.md allows.
struct PackageLayout {
    /// A target as the manifest declares it.
    struct Target {
        var name: String
        /// `regular`, `executable`, `system`, `plugin`, `test`, …
        var type: String
        /// Its sources' folder, relative to the package.
        var path: String
        /// Files and folders under `path` the target leaves out.
        var exclude: [String]
        /// The modules it declares: targets by name, products by their module's name.
        var dependencies: Set<String>
        /// The upcoming features its Swift settings enable.
        var upcomingFeatures: Set<String>
    }

    /// Every target, by name.
    var targets: [String: Target]

    /// Runs `swift package dump-package` on the package at `root`, with a scratch path of its own
    /// so it runs beside a build that holds `.build`'s lock.
    static func dump(_ root: URL) throws -> PackageLayout {
        let json = try dumpJSON(root)
        let object = try #require(try JSONSerialization.jsonObject(with: json) as? [String: Any])
        let list = try #require(object["targets"] as? [[String: Any]])
        var targets: [String: Target] = [:]
        for entry in list {
            let name = try #require(entry["name"] as? String)
            let type = try #require(entry["type"] as? String)
            let dependencies = (entry["dependencies"] as? [[String: [Any]]] ?? []).compactMap { dependency in
                // {"byName": [name, condition]}, {"target": [name, …]}, {"product": [name, package, …]}.
                dependency.values.first?.first as? String
            }
            let settings = entry["settings"] as? [[String: Any]] ?? []
            let features = settings.compactMap { setting -> String? in
                let kind = setting["kind"] as? [String: Any]
                return (kind?["enableUpcomingFeature"] as? [String: Any])?["_0"] as? String
            }
            let defaultFolder = type == "test" ? "Tests" : (type == "plugin" ? "Plugins" : "Sources")
            targets[name] = Target(
                name: name, type: type, path: entry["path"] as? String ?? "\(defaultFolder)/\(name)",
                exclude: entry["exclude"] as? [String] ?? [], dependencies: Set(dependencies),
                upcomingFeatures: Set(features))
        }
        return PackageLayout(targets: targets)
    }

    /// The manifest as JSON, exactly as SwiftPM evaluates it.
    static func dumpJSON(_ root: URL) throws -> Data {
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("whatsnew-dump-package")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [
            "swift", "package", "--package-path", root.path, "--scratch-path", scratch.path, "dump-package",
        ]
        let output = Pipe()
        let errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        // Both pipes drained before waiting, so a large manifest cannot fill one and stall.
        let data = output.fileHandleForReading.readDataToEndOfFile()
        let message = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0, "dump-package: \(String(decoding: message, as: UTF8.self))")
        return data
    }

    /// The modules each file of `target` imports, module → files (relative to the package).
    static func imports(of target: Target, in root: URL) throws -> [String: Set<String>] {
        let folder = root.appendingPathComponent(target.path)
        var found: [String: Set<String>] = [:]
        guard let files = FileManager.default.enumerator(atPath: folder.path) else { return found }
        for case let file as String in files where file.hasSuffix(".swift") {
            // What the manifest excludes is no part of the module (a data generator run by hand).
            if target.exclude.contains(where: { file == $0 || file.hasPrefix($0 + "/") }) { continue }
            let text = try String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8)
            for module in SwiftImports.modules(in: text) {
                found[module, default: []].insert("\(target.path)/\(file)")
            }
        }
        return found
    }
}

/// The modules a Swift file imports, read line by line outside comments and string literals:
/// `import X`, `@testable import X`, `public import X`, `import struct X.Y`, inside `#if` too.
enum SwiftImports {
    static let modifiers: Set<Substring> = ["public", "package", "internal", "fileprivate", "private"]
    static let kinds: Set<Substring> = [
        "struct", "class", "enum", "protocol", "typealias", "func", "var", "let", "actor",
    ]

    static func modules(in text: String) -> [String] {
        var modules: [String] = []
        var inBlockComment = false
        var inMultilineString = false
        for rawLine in text.split(separator: "\n", omittingEmptySubsequences: false) {
            var line = Substring(rawLine)
            if inMultilineString {
                // A line of a string literal can say `import` without being one.
                if line.contains("\"\"\"") { inMultilineString = false }
                continue
            }
            if inBlockComment {
                guard let end = line.range(of: "*/") else { continue }
                inBlockComment = false
                line = line[end.upperBound...]
            }
            if let start = line.range(of: "/*"), !line[start.upperBound...].contains("*/") {
                inBlockComment = true
                line = line[..<start.lowerBound]
            }
            if line.components(separatedBy: "\"\"\"").count % 2 == 0 { inMultilineString = true }
            if let comment = line.range(of: "//") { line = line[..<comment.lowerBound] }
            var words = line.split(whereSeparator: { $0 == " " || $0 == "\t" })[...]
            while let first = words.first, first.hasPrefix("@") || modifiers.contains(first) {
                words = words.dropFirst()
            }
            guard words.first == "import", words.count >= 2 else { continue }
            words = words.dropFirst()
            if let kind = words.first, kinds.contains(kind), words.count >= 2 { words = words.dropFirst() }
            guard let path = words.first, let module = path.split(separator: ".").first else { continue }
            modules.append(String(module))
        }
        return modules
    }
}

/// What Architecture.md allows: under its heading "What each target may stand on", a list item
/// per target whose code spans are the target, then the modules it may import.
struct ArchitectureRules {
    static let heading = "What each target may stand on"

    /// Target → the modules it may stand on (`Foundation` standing for FoundationEssentials too).
    var allowed: [String: Set<String>]

    /// Modules of the system any target may import: the C library, for the file system's edge.
    static let system: Set<String> = ["Glibc", "Musl", "Darwin", "Android", "ucrt", "WinSDK"]

    /// Modules the toolchain brings, which a manifest cannot declare.
    static let toolchain: Set<String> = ["Testing", "PackagePlugin"]

    static func read(_ article: URL) throws -> ArchitectureRules {
        let text = try String(contentsOf: article, encoding: .utf8)
        let blocks = MarkdownParser().parse(text)
        var allowed: [String: Set<String>] = [:]
        var inSection = false
        for block in blocks {
            switch block.content {
            case .heading(_, let inlines):
                inSection = PlainText.of(inlines) == heading
            case .list(let list) where inSection:
                for item in list.items {
                    guard case .paragraph(let inlines)? = item.blocks.first?.content else { continue }
                    let spans = inlines.compactMap { inline -> String? in
                        if case .code(let code) = inline { return code }
                        return nil
                    }
                    guard let target = spans.first else { continue }
                    allowed[target] = Set(spans.dropFirst())
                }
            default: continue
            }
        }
        return ArchitectureRules(allowed: allowed)
    }

    /// Every way `layout` breaks the rules, one sentence each; empty when it keeps them.
    func violations(of layout: PackageLayout, root: URL) throws -> [String] {
        var found: [String] = []
        let ours = Set(layout.targets.keys)
        for target in layout.targets.values.sorted(by: { $0.name < $1.name }) where target.type != "test" {
            guard let mayUse = allowed[target.name] else {
                found.append("\(target.name) is a target Architecture.md does not name")
                continue
            }
            for dependency in target.dependencies.sorted() where !mayUse.contains(dependency) {
                found.append("\(target.name) declares \(dependency), which Architecture.md does not let it stand on")
            }
            guard target.type != "system" else { continue }
            let imports = try PackageLayout.imports(of: target, in: root)
            for (module, files) in imports.sorted(by: { $0.key < $1.key }) {
                guard module != target.name, !Self.system.contains(module) else { continue }
                let where_ = files.sorted().prefix(3).joined(separator: ", ")
                let foundation = module == "Foundation" || module == "FoundationEssentials"
                if foundation {
                    if !mayUse.contains("Foundation") {
                        found.append(
                            "\(target.name) imports \(module), which only the targets Architecture.md lets stand on Foundation may (\(where_))"
                        )
                    }
                    continue
                }
                if !mayUse.contains(module) {
                    found.append(
                        "\(target.name) imports \(module), which Architecture.md does not let it stand on (\(where_))")
                }
                if !target.dependencies.contains(module) && !Self.toolchain.contains(module) {
                    found.append("\(target.name) imports \(module) without declaring it in Package.swift (\(where_))")
                }
            }
            // An arrow in the package that no file uses would make the picture say more than the code.
            for dependency in target.dependencies.sorted() where ours.contains(dependency) && imports[dependency] == nil
            {
                let built = target.type == "plugin"  // a plugin's dependency is the tool it runs
                if !built { found.append("\(target.name) declares \(dependency) but no file of it imports it") }
            }
        }
        return found
    }
}
