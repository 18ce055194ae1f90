import WhatsNewReading

/// The lockfiles `whatsnew deps` reads, each as data (never by running its package manager),
/// known by their file names.
/// The cases stand in the order a folder's lockfiles are looked for in: go.mod before go.sum,
/// which it sums.
package enum LockfileFormat: String, Sendable, CaseIterable {
    case swiftPM = "Package.resolved"
    case cargo = "Cargo.lock"
    case npm = "package-lock.json"
    case npmShrinkwrap = "npm-shrinkwrap.json"
    case pnpm = "pnpm-lock.yaml"
    case goModule = "go.mod"
    case goSum = "go.sum"
    case pub = "pubspec.lock"
    case mix = "mix.lock"

    /// The format of a file called `name` (its last path component); nil for another file.
    package init?(fileName name: String) {
        let last = String(name.split(separator: "/").last ?? "")
        guard let format = Self(rawValue: last) else { return nil }
        self = format
    }

    /// The ecosystem, as the output names it.
    package var ecosystem: String {
        switch self {
        case .swiftPM: "swiftpm"
        case .cargo: "cargo"
        case .npm, .npmShrinkwrap: "npm"
        case .pnpm: "pnpm"
        case .goModule, .goSum: "go"
        case .pub: "pub"
        case .mix: "hex"
        }
    }

    /// The packages `bytes` pin, in the order written; a dependency pinned at several
    /// versions (npm, Cargo) appears once per version.
    package func dependencies(in bytes: [UInt8]) throws(LockfileProblem) -> [LockedDependency] {
        switch self {
        case .swiftPM: try SwiftPMPins.read(bytes)
        case .cargo: CargoLockfile.read(bytes)
        case .npm, .npmShrinkwrap: try NPMLockfile.read(bytes)
        case .pnpm: try PNPMLockfile.read(bytes)
        case .goModule: GoModules.readModule(bytes)
        case .goSum: GoModules.readSum(bytes)
        case .pub: try PubspecLockfile.read(bytes)
        case .mix: try MixLockfile.read(bytes)
        }
    }
}

extension LockfileFormat {
    /// A YAML lockfile's top mapping (pnpm-lock.yaml, pubspec.lock), composed by libyaml.
    func yamlMapping(_ bytes: [UInt8]) throws(LockfileProblem) -> YAMLMapping {
        let root: YAMLNode?
        do {
            root = try YAMLDocument.compose(String(decoding: bytes, as: UTF8.self))
        } catch {
            throw LockfileProblem("not a \(rawValue) \(ecosystem) reads: \(error.problem)", line: error.mark?.line)
        }
        guard let mapping = root?.mapping else {
            throw LockfileProblem("not a \(rawValue) \(ecosystem) reads: it is not a mapping")
        }
        return mapping
    }
}
