#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// SwiftPM's Package.resolved: version 1 (`object.pins`, `package`, `repositoryURL`) and
/// versions 2 and 3 (`pins`, `identity`, `location`). A pin is named as its checkout folder
/// is, by the last part of its location (`Yams` for …/jpsim/Yams.git).
enum SwiftPMPins {
    private struct File: Decodable {
        var version: Int?
        var pins: [Pin]?
        var object: Object?
    }

    private struct Object: Decodable {
        var pins: [Pin]
    }

    private struct Pin: Decodable {
        var identity: String?
        var package: String?
        var location: String?
        var repositoryURL: String?
        var state: State
    }

    private struct State: Decodable {
        var version: String?
        var revision: String?
        var branch: String?
    }

    static func read(_ bytes: [UInt8]) throws(LockfileProblem) -> [LockedDependency] {
        let file = try JSONProblem.decode(File.self, from: bytes, as: "a Package.resolved SwiftPM reads")
        guard let pins = file.pins ?? file.object?.pins else {
            throw LockfileProblem("not a Package.resolved SwiftPM reads: it has no `pins`")
        }
        return pins.compactMap { pin in
            let location = pin.location ?? pin.repositoryURL
            guard let name = checkoutName(location) ?? pin.identity ?? pin.package else { return nil }
            // A branch or revision pin has no version: its commit stands for one.
            guard let version = pin.state.version ?? pin.state.revision.map({ String($0.prefix(12)) }) else {
                return nil
            }
            return LockedDependency(name: name, version: version, source: location, revision: pin.state.revision)
        }
    }

    /// The folder SwiftPM checks a package out into: its location's last part without `.git`.
    static func checkoutName(_ location: String?) -> String? {
        guard var last = location?.split(separator: "/").last.map(String.init) else { return nil }
        if last.lowercased().hasSuffix(".git") { last.removeLast(4) }
        return last.isEmpty ? nil : last
    }
}

/// A JSON decoding error said in a line, with where it is when Foundation says.
enum JSONProblem {
    /// A JSON lockfile read as `type`; one that is not `what` is said as a ``LockfileProblem``.
    static func decode<File: Decodable>(_ type: File.Type, from bytes: [UInt8], as what: String)
        throws(LockfileProblem) -> File
    {
        do {
            return try JSONDecoder().decode(type, from: Data(bytes))
        } catch {
            throw LockfileProblem("not \(what): \(describe(error))")
        }
    }

    static func describe(_ error: any Error) -> String {
        switch error as? DecodingError {
        case .typeMismatch(_, let context), .valueNotFound(_, let context), .keyNotFound(_, let context):
            let path = context.codingPath.map { $0.intValue.map(String.init) ?? $0.stringValue }
            return path.isEmpty
                ? "not the shape expected" : "`\(path.joined(separator: "."))` is not the shape expected"
        case .dataCorrupted:
            return "not valid JSON"
        default:
            return "not valid JSON"
        }
    }
}
