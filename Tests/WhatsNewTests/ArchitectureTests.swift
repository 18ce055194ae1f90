import Foundation
import Testing
import WhatsNewTestSupport

/// The targets hold the pipeline's direction: reading → model → sheet → renderers, editing
/// beside reading, the project layer around them and the command line on top. This reads the
/// package as SwiftPM does (`swift package dump-package`) and every `import` under Sources/,
/// and holds them to the arrows Architecture.md allows; it reads nothing else.
struct ArchitectureTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()
    static let article = root.appendingPathComponent("Sources/WhatsNew/WhatsNew.docc/Architecture.md")

    @Test func thePackageAndItsImportsKeepTheArrowsArchitectureMdAllows() throws {
        let rules = try ArchitectureRules.read(Self.article)
        #expect(rules.allowed.count >= 12, "Architecture.md's list of what each target may stand on was not found")
        let violations = try rules.violations(of: try PackageLayout.dump(Self.root), root: Self.root)
        #expect(violations.isEmpty, "\(violations.joined(separator: "\n"))")
    }

    /// With `MemberImportVisibility` a file sees only the members of what it imports itself, so
    /// the imports this reads are every module a file leans on.
    @Test func everySwiftTargetImportsWhatItUsesItself() throws {
        let layout = try PackageLayout.dump(Self.root)
        for target in layout.targets.values
        where ["regular", "executable"].contains(target.type) && target.name != "WhatsNewTemplates" {
            #expect(
                target.upcomingFeatures.contains("MemberImportVisibility"),
                "\(target.name) does not hold its files to their own imports")
        }
    }

    /// The binary's own code takes FoundationEssentials where the platform has it: full
    /// Foundation would link ICU's 34 MB of locale data into the static binary, which whatsnew
    /// does not use (its locales' words and dates are its own data). Full Foundation stays only
    /// where Essentials does not exist (Apple's SDKs), as the `#else` of a `canImport`.
    @Test func theBinaryTakesFoundationEssentialsOnly() throws {
        for target in ["WhatsNewProject", "WhatsNewCLI"] {
            let folder = Self.root.appendingPathComponent("Sources/\(target)")
            let files =
                FileManager.default.enumerator(atPath: folder.path)?.compactMap { $0 as? String }.filter {
                    $0.hasSuffix(".swift")
                } ?? []
            #expect(!files.isEmpty)
            for file in files {
                let text = try String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8)
                let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map {
                    $0.trimmingCharacters(in: .whitespaces)
                }
                for (index, line) in lines.enumerated() where line == "import Foundation" {
                    let guarded =
                        index >= 3 && lines[index - 1] == "#else" && lines[index - 2] == "import FoundationEssentials"
                        && lines[index - 3] == "#if canImport(FoundationEssentials)"
                    #expect(
                        guarded, "\(target)/\(file):\(index + 1) imports Foundation where FoundationEssentials would do"
                    )
                }
            }
        }
    }

    /// The picture in Architecture.md is drawn from targets.dot, which targets-dot writes from the
    /// package as dump-package gives it: every node a target, every arrow a declared dependency.
    @Test func thePictureIsDrawnFromThePackage() throws {
        let committed = try String(
            contentsOf: Self.root.appendingPathComponent(".github/architecture/targets.dot"), encoding: .utf8)
        let drawn = try Self.targetsDot(from: PackageLayout.dumpJSON(Self.root))
        #expect(committed == drawn, "targets.dot is not what the package says: run .github/architecture/render")
    }

    /// The images are what Graphviz draws from targets.dot now (Graphviz draws the same bytes).
    @Test(.needs(SlowChecks.hasProgram("dot"), "graphviz (Debian)")) func theImagesAreDrawnFromTheDot() throws {
        let scratch = try Self.scratchCopy(["Package.swift", "Sources", ".github/architecture"])
        defer { try? FileManager.default.removeItem(at: scratch) }
        let render = Process()
        render.executableURL = scratch.appendingPathComponent(".github/architecture/render")
        render.standardOutput = FileHandle.nullDevice
        try render.run()
        render.waitUntilExit()
        #expect(render.terminationStatus == 0)
        for image in ["architecture.png", "architecture~dark.png"] {
            let path = "Sources/WhatsNew/WhatsNew.docc/Resources/\(image)"
            let committed = try Data(contentsOf: Self.root.appendingPathComponent(path))
            let drawn = try Data(contentsOf: scratch.appendingPathComponent(path))
            #expect(
                committed == drawn,
                "\(image) is not what Graphviz draws from targets.dot: run .github/architecture/render")
        }
    }

    /// Where each target may touch the file system: the library's stages only through reading's
    /// `Input/`, the project layer only in `Files/` and `Git/`; the command line not at all.
    static let fileEdges: [String: [String]] = [
        "WhatsNewModel": [], "WhatsNewReading": ["Input/"], "WhatsNewEditing": [], "WhatsNewSheet": [],
        "WhatsNewRendering": [], "WhatsNewProject": ["Files/", "Git/"], "WhatsNewCLI": [],
    ]

    /// The calls that reach the file system.
    static let fileCalls = [
        "FileManager", "opendir(", "readdir(", "lstat(", "stat(", "fstat(", "open(", "fopen(", "unlink(", "mkdir(",
        "rmdir(", "rename(", "access(", "realpath(", "readlink(", "fsync(", "Data(contentsOf", "String(contentsOf",
        "contentsOfFile", ".write(to",
    ]

    @Test func theFileSystemIsTouchedOnlyAtEachTargetsEdge() throws {
        var found: [String] = []
        for (target, edges) in Self.fileEdges {
            let folder = Self.root.appendingPathComponent("Sources/\(target)")
            let files = FileManager.default.enumerator(atPath: folder.path)?.compactMap { $0 as? String } ?? []
            for file in files where file.hasSuffix(".swift") && !file.split(separator: "/").last!.hasPrefix("generate-")
            {
                guard !edges.contains(where: { file.hasPrefix($0) }) else { continue }
                let text = try String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8)
                // The C library's calls are reached only through its module; Foundation's by name.
                let modules = SwiftImports.modules(in: text)
                guard
                    modules.contains(where: {
                        ["Glibc", "Musl", "Darwin", "Foundation", "FoundationEssentials"].contains($0)
                    })
                else { continue }
                for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
                    let code = line.components(separatedBy: "//").first ?? ""
                    for call in Self.fileCalls where Self.calls(call, in: code) {
                        found.append("\(target)/\(file):\(number + 1) calls \(call)")
                    }
                }
            }
        }
        #expect(found.isEmpty, "\(found.joined(separator: "\n"))")
    }

    /// Whether `code` calls `call` itself: not a method or a longer name that ends the same way.
    static func calls(_ call: String, in code: String) -> Bool {
        var rest = Substring(code)
        while let range = rest.range(of: call) {
            let before = rest[..<range.lowerBound].last
            if call.hasPrefix(".") || before.map({ !($0.isLetter || $0.isNumber || $0 == "_" || $0 == ".") }) ?? true {
                return true
            }
            rest = rest[range.upperBound...]
        }
        return false
    }

    // The check itself, on scratch copies of the package with one rule broken each.

    @Test func aBackwardImportIsRefused() throws {
        let violations = try Self.violations { scratch in
            let file = scratch.appendingPathComponent("Sources/WhatsNewSheet/Backward.swift")
            try "import WhatsNewEditing\n".write(to: file, atomically: true, encoding: .utf8)
        }
        #expect(
            violations.contains(
                "WhatsNewSheet imports WhatsNewEditing, which Architecture.md does not let it stand on (Sources/WhatsNewSheet/Backward.swift)"
            ))
        #expect(
            violations.contains(
                "WhatsNewSheet imports WhatsNewEditing without declaring it in Package.swift (Sources/WhatsNewSheet/Backward.swift)"
            ))
        #expect(violations.count == 2, "\(violations)")
    }

    @Test func anImportThePackageDoesNotDeclareIsRefused() throws {
        let violations = try Self.violations { scratch in
            let manifest = scratch.appendingPathComponent("Package.swift")
            let text = try String(contentsOf: manifest, encoding: .utf8)
            let declaration =
                #"dependencies: ["WhatsNewModel", "WhatsNewSheet", "WhatsNewSchema", "WhatsNewTemplates"]"#
            #expect(text.contains(declaration))
            try text.replacingOccurrences(
                of: declaration, with: #"dependencies: ["WhatsNewModel", "WhatsNewSchema", "WhatsNewTemplates"]"#
            )
            .write(to: manifest, atomically: true, encoding: .utf8)
        }
        #expect(violations.count >= 1)
        #expect(
            violations.allSatisfy {
                $0.hasPrefix("WhatsNewRendering imports WhatsNewSheet without declaring it in Package.swift (")
            }, "\(violations)")
    }

    @Test func aBackwardDeclarationIsRefused() throws {
        let violations = try Self.violations { scratch in
            let manifest = scratch.appendingPathComponent("Package.swift")
            let text = try String(contentsOf: manifest, encoding: .utf8)
            let declaration = #"dependencies: ["WhatsNewModel"],"#
            #expect(text.components(separatedBy: declaration).count == 2, "the sheet's declaration, found once")
            try text.replacingOccurrences(
                of: declaration, with: #"dependencies: ["WhatsNewModel", "WhatsNewEditing"],"#
            )
            .write(to: manifest, atomically: true, encoding: .utf8)
        }
        #expect(
            violations == [
                "WhatsNewSheet declares WhatsNewEditing, which Architecture.md does not let it stand on",
                "WhatsNewSheet declares WhatsNewEditing but no file of it imports it",
            ])
    }

    @Test func foundationInAStageIsRefused() throws {
        let violations = try Self.violations { scratch in
            let file = scratch.appendingPathComponent("Sources/WhatsNewModel/Clock.swift")
            try "import FoundationEssentials\n".write(to: file, atomically: true, encoding: .utf8)
        }
        #expect(
            violations == [
                "WhatsNewModel imports FoundationEssentials, which only the targets Architecture.md lets stand on Foundation may (Sources/WhatsNewModel/Clock.swift)"
            ])
    }

    @Test func importsAreReadAsSwiftWritesThem() {
        let text = """
            import A
            @testable import B
            public import C
            import struct D.Thing
            #if canImport(E)
                import E
            #endif
            // import F
            /* import G
               import H */
            let text = \"\"\"
                import I
                \"\"\"
            func important() {}
            """
        #expect(SwiftImports.modules(in: text) == ["A", "B", "C", "D", "E"])
    }

    /// The violations found in a copy of the package that `change` breaks.
    static func violations(_ change: (URL) throws -> Void) throws -> [String] {
        let scratch = try scratchCopy(["Package.swift", "Sources"])
        defer { try? FileManager.default.removeItem(at: scratch) }
        try change(scratch)
        return try ArchitectureRules.read(article).violations(of: PackageLayout.dump(scratch), root: scratch)
    }

    static func scratchCopy(_ items: [String]) throws -> URL {
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("architecture-\(UUID().uuidString)")
        for item in items {
            let destination = scratch.appendingPathComponent(item)
            try FileManager.default.createDirectory(
                at: destination.deletingLastPathComponent(), withIntermediateDirectories: true)
            try FileManager.default.copyItem(at: root.appendingPathComponent(item), to: destination)
        }
        return scratch
    }

    /// What .github/architecture/targets-dot writes from a dump of the package.
    static func targetsDot(from dump: Data) throws -> String {
        let process = Process()
        process.executableURL = root.appendingPathComponent(".github/architecture/targets-dot")
        let input = Pipe()
        let output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        try process.run()
        input.fileHandleForWriting.write(dump)
        try input.fileHandleForWriting.close()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        return String(decoding: data, as: UTF8.self)
    }
}
