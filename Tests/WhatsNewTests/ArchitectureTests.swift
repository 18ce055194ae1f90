import Foundation
import Testing

/// The targets hold the pipeline's direction: reading → model → sheet → renderers, editing
/// beside reading, the project layer around them and the command line on top. This reads
/// Package.swift and every `import` under Sources/, and fails on an arrow that runs back, on
/// a module a target uses without declaring it, and on Foundation outside the project layer.
struct ArchitectureTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// The stages in pipeline order, and the stages each may stand on: the architecture as
    /// Architecture.md draws it.
    static let allowed: [String: Set<String>] = [
        "WhatsNewSchema": [],
        "WhatsNewTemplates": [],
        "WhatsNewSeenStores": ["WhatsNewSchema", "Foundation"],
        "WhatsNewModel": ["WhatsNewSchema"],
        "WhatsNewReading": ["WhatsNewModel", "CCMark", "CYAML"],
        "WhatsNewEditing": ["WhatsNewModel", "WhatsNewReading"],
        "WhatsNewSheet": ["WhatsNewModel"],
        "WhatsNewRendering": ["WhatsNewModel", "WhatsNewSheet", "WhatsNewSchema", "WhatsNewTemplates"],
        "WhatsNew": ["WhatsNewModel", "WhatsNewReading", "WhatsNewEditing", "WhatsNewSheet", "WhatsNewRendering"],
        "WhatsNewProject": [
            "WhatsNewModel", "WhatsNewReading", "WhatsNewEditing", "WhatsNewSheet", "WhatsNewRendering",
            "WhatsNewSchema", "Foundation",
        ],
        "WhatsNewCLI": [
            "WhatsNewProject", "WhatsNewModel", "WhatsNewReading", "WhatsNewEditing", "WhatsNewSheet",
            "WhatsNewRendering", "WhatsNewSchema", "ArgumentParser", "Foundation",
        ],
        "WhatsNewFuzz": [
            "WhatsNewProject", "WhatsNewModel", "WhatsNewReading", "WhatsNewEditing", "WhatsNewSheet",
            "WhatsNewRendering", "Foundation",
        ],
        "WhatsNewPlugin": ["WhatsNewCLI", "Foundation"],
    ]

    /// Modules of the system every target may use: the C library, for the file system's edge;
    /// SwiftPM's own for the plugin.
    static let system: Set<String> = ["Glibc", "Musl", "Darwin", "PackagePlugin"]

    /// Each target's declared dependencies, as Package.swift writes them (module names: a
    /// product is named by its module).
    static func declared() throws -> [String: Set<String>] {
        let manifest = try String(contentsOf: root.appendingPathComponent("Package.swift"), encoding: .utf8)
        var targets: [String: Set<String>] = [:]
        // Each target's declaration, from `.target(`/`.executableTarget(`/`.plugin(` to the next one.
        let pieces = manifest.components(separatedBy: "\n        .").dropFirst()
        for piece in pieces {
            guard let kind = piece.split(separator: "(").first,
                ["target", "executableTarget", "plugin", "systemLibrary"].contains(String(kind)),
                let name = Self.quoted(after: "name:", in: piece)
            else { continue }
            var dependencies: Set<String> = []
            if let list = piece.range(of: "dependencies: [") {
                // The list runs to its own closing bracket.
                var depth = 1
                let rest = piece[list.upperBound...]
                let end =
                    rest.firstIndex { character in
                        if character == "[" { depth += 1 }
                        if character == "]" { depth -= 1 }
                        return depth == 0
                    } ?? rest.endIndex
                let body = rest[..<end]
                for product in body.components(separatedBy: ".product(name: \"").dropFirst() {
                    dependencies.insert(String(product.prefix { $0 != "\"" }))
                }
                let plain = body.components(separatedBy: ".product(").map { $0.components(separatedBy: ")").last ?? "" }
                for part in plain.joined(separator: " ").components(separatedBy: "\"").enumerated() where part.offset % 2 == 1 {
                    dependencies.insert(part.element)
                }
            }
            targets[name] = dependencies
        }
        return targets
    }

    /// The modules each target's sources import.
    static func imports() throws -> [String: [String: Set<String>]] {
        let sources = root.appendingPathComponent("Sources")
        var found: [String: [String: Set<String>]] = [:]
        let files = try #require(FileManager.default.enumerator(atPath: sources.path))
        // A data generator beside its data (`generate-….swift`) is a script the manifest
        // excludes from its target, run by hand with the toolchain's Foundation.
        for case let path as String in files where path.hasSuffix(".swift") && !(path.split(separator: "/").last ?? "").hasPrefix("generate-") {
            let target = String(path.split(separator: "/")[0])
            let text = try String(contentsOf: sources.appendingPathComponent(path), encoding: .utf8)
            for line in text.split(separator: "\n") {
                let words = line.trimmingCharacters(in: .whitespaces).split(separator: " ")
                guard let index = words.firstIndex(of: "import"), index + 1 < words.count,
                    words[..<index].allSatisfy({ $0.hasPrefix("@") })
                else { continue }
                found[target, default: [:]][String(words[index + 1]), default: []].insert(path)
            }
        }
        return found
    }

    @Test func everyTargetStandsOnlyOnTheStagesBeforeIt() throws {
        let declared = try Self.declared()
        #expect(Set(declared.keys).isSuperset(of: Self.allowed.keys.filter { $0 != "WhatsNewTemplates" }))
        for (target, dependencies) in declared where !["CCMark", "CYAML"].contains(target) {
            let allowed = try #require(Self.allowed[target], "\(target) is no stage Architecture.md knows")
            let backwards = dependencies.subtracting(allowed)
            #expect(backwards.isEmpty, "\(target) declares \(backwards.sorted()), which it may not stand on")
        }
    }

    @Test func everyImportIsADeclaredDependency() throws {
        let declared = try Self.declared()
        for (target, imports) in try Self.imports() {
            let dependencies = declared[target] ?? []
            for (module, files) in imports where module != target && !Self.system.contains(module) {
                let foundation = ["Foundation", "FoundationEssentials"].contains(module)
                let mayUse = dependencies.contains(module) || (foundation && Self.allowed[target]?.contains("Foundation") == true)
                #expect(mayUse, "\(target) imports \(module) without declaring it (\(files.sorted().prefix(3).joined(separator: ", ")))")
            }
        }
    }

    @Test func onlyTheProjectLayerAndTheCommandLineUseFoundation() throws {
        for (target, imports) in try Self.imports() {
            let files = (imports["Foundation"] ?? []).union(imports["FoundationEssentials"] ?? [])
            guard !files.isEmpty else { continue }
            #expect(
                Self.allowed[target]?.contains("Foundation") == true,
                "\(target) imports Foundation: \(files.sorted().prefix(3).joined(separator: ", "))")
        }
    }

    /// The binary's own code takes FoundationEssentials where the platform has it: full
    /// Foundation would link ICU's 34 MB of locale data into the static binary, which whatsnew
    /// does not use (its locales' words and dates are its own data). Full Foundation stays only
    /// where Essentials does not exist (Apple's SDKs), as the `#else` of a `canImport`.
    @Test func theBinaryTakesFoundationEssentialsOnly() throws {
        for target in ["WhatsNewProject", "WhatsNewCLI"] {
            let folder = Self.root.appendingPathComponent("Sources/\(target)")
            let files = FileManager.default.enumerator(atPath: folder.path)?.compactMap { $0 as? String }.filter { $0.hasSuffix(".swift") } ?? []
            for file in files {
                let text = try String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8)
                let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map { $0.trimmingCharacters(in: .whitespaces) }
                for (index, line) in lines.enumerated() where line == "import Foundation" {
                    let guarded = index >= 3 && lines[index - 1] == "#else" && lines[index - 2] == "import FoundationEssentials"
                        && lines[index - 3] == "#if canImport(FoundationEssentials)"
                    #expect(guarded, "\(target)/\(file):\(index + 1) imports Foundation where FoundationEssentials would do")
                }
            }
        }
    }

    /// With `MemberImportVisibility` a file sees only the members of what it imports itself, so
    /// an import this test reads is every module the file leans on.
    @Test func everyStageImportsWhatItUsesItself() throws {
        let manifest = try String(contentsOf: Self.root.appendingPathComponent("Package.swift"), encoding: .utf8)
        #expect(manifest.contains(#"let strictImports: [SwiftSetting] = [.enableUpcomingFeature("MemberImportVisibility")]"#))
        for stage in ["WhatsNewModel", "WhatsNewReading", "WhatsNewEditing", "WhatsNewSheet", "WhatsNewRendering", "WhatsNew", "WhatsNewProject"] {
            let declaration = try #require(
                manifest.components(separatedBy: ".target(\n            name: \"\(stage)\",").dropFirst().first)
            let body = declaration.components(separatedBy: "\n        ),").first ?? ""
            #expect(body.contains("swiftSettings: strictImports"), "\(stage) does not hold its files to their own imports")
        }
    }

    /// The picture in Architecture.md is drawn from .github/architecture/targets.dot: its arrows
    /// are exactly the dependencies Package.swift declares between whatsnew's own targets.
    @Test func thePictureDrawsThePackage() throws {
        let dot = try String(
            contentsOf: Self.root.appendingPathComponent(".github/architecture/targets.dot"), encoding: .utf8)
        var drawn: [String: Set<String>] = [:]
        for line in dot.split(separator: "\n") where line.contains("\" -> \"") {
            let names = line.split(separator: "\"").enumerated().filter { $0.offset % 2 == 1 }.map { String($0.element) }
            drawn[names[0], default: []].insert(names[1])
        }
        let ours = Set(Self.allowed.keys).union(["CCMark", "CYAML"]).subtracting(["WhatsNewPlugin"])
        var declared: [String: Set<String>] = [:]
        for (target, dependencies) in try Self.declared() where ours.contains(target) {
            let own = dependencies.intersection(ours)
            if !own.isEmpty { declared[target] = own }
        }
        #expect(drawn == declared)
    }

    @Test func theRuleSeesABackwardArrow() throws {
        // The check itself: a sheet that imported an editing stage would be refused.
        #expect(Self.allowed["WhatsNewSheet"]?.contains("WhatsNewEditing") == false)
        #expect(Self.allowed["WhatsNewModel"]?.contains("WhatsNewReading") == false)
        let declared = try Self.declared()
        #expect(declared["WhatsNewSheet"] == ["WhatsNewModel"])
        #expect(declared["WhatsNewReading"] == ["WhatsNewModel", "CCMark", "CYAML"])
    }

    private static func quoted(after marker: String, in text: String) -> String? {
        guard let start = text.range(of: marker + " \"") else { return nil }
        let rest = text[start.upperBound...]
        return String(rest.prefix { $0 != "\"" })
    }
}
