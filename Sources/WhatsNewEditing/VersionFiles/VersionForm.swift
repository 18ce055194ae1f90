import WhatsNewModel

/// The form a version takes in a file, as the file's ecosystem reads it: the notes write
/// `26.09` or `2.5.0-beta.1`, but Cargo wants `26.9.0` and Poetry writes `2.5.0b1`. Told by the
/// file's name, whether a scanner or a `pattern:` finds the version in it.
public enum VersionForm: Sendable, Equatable {
    /// Xcode's settings and Info.plist: the numbers alone (`1.5.0` for `1.5.0-beta.1`), as the
    /// App Store accepts them and the build tells betas apart, unless the file already holds
    /// a pre-release (an app outside the store).
    case apple
    /// npm and Cargo: semantic versioning, three numbers without leading zeros (`2026.5.0` for
    /// `2026.5`, `26.9.0` for `26.09.0`) and a pre-release of dot-separated identifiers.
    case semantic
    /// Python packaging (PEP 440), normalized as Poetry and Hatch write it: `2.5.0b1` for
    /// `2.5.0-beta.1`, `2.5.0rc1`, `2.5.0.dev0`, `2.5.0.post1`.
    case python
    /// Any other file: the version as the notes write it.
    case asWritten

    /// The form of the file at `path`, from its name.
    public init(path: String) {
        let name = path.split(separator: "/").last.map(String.init) ?? path
        switch name {
        case "project.pbxproj": self = .apple
        case _ where name.hasSuffix(".xcconfig") || name.hasSuffix(".plist"): self = .apple
        case "package.json", "package-lock.json", "Cargo.toml", "Cargo.lock": self = .semantic
        case "pyproject.toml": self = .python
        default: self = .asWritten
        }
    }

    /// `version` in this form, for a file that now holds `held`; a reason when the ecosystem
    /// has no way to write it.
    public func text(of version: ReleaseVersion, holding held: String?) -> Result<String, Refusal> {
        switch self {
        case .asWritten:
            return .success(version.text)
        case .apple:
            // CFBundleShortVersionString is one to three numbers; the App Store refuses more.
            guard version.numbers.count <= 3 else {
                return .failure(
                    Refusal(
                        reason:
                            "Apple's versions (CFBundleShortVersionString) have at most three numbers, and \(version.text) has \(version.numbers.count)"
                    ))
            }
            let holdsPreRelease = held.flatMap(ReleaseVersion.init).map { !$0.prerelease.isEmpty } ?? false
            return .success(holdsPreRelease ? version.text : version.numbersText)
        case .semantic:
            return Self.semantic(version)
        case .python:
            return Self.python(version)
        }
    }

    /// Why a version cannot be written in a file's form.
    public struct Refusal: Error, Sendable, Equatable {
        /// What the ecosystem rules out, as a clause: "semantic versioning has three numbers".
        public var reason: String
    }

    /// `MAJOR.MINOR.PATCH[-pre][+build]`: missing numbers are 0 (the same version to every
    /// reader), leading zeros go, a pre-release keeps its identifiers as written.
    private static func semantic(_ version: ReleaseVersion) -> Result<String, Refusal> {
        let (numbers, rest) = ReleaseVersion.leadingNumbers(of: Substring(version.text))
        guard numbers.count <= 3 else {
            return .failure(
                Refusal(reason: "semantic versioning has three numbers, and \(version.text) has \(numbers.count)"))
        }
        guard !version.isPostRelease else {
            return .failure(Refusal(reason: "semantic versioning has no post-releases such as \(version.text)"))
        }
        let (pre, build) = split(rest)
        var text = (numbers + Array(repeating: 0, count: 3 - numbers.count)).map(String.init).joined(separator: ".")
        if !pre.isEmpty {
            let identifiers = pre.split(separator: ".", omittingEmptySubsequences: false)
            guard identifiers.allSatisfy(isSemanticIdentifier) else {
                return .failure(
                    Refusal(
                        reason:
                            "`\(pre)` is no pre-release in semantic versioning (dot-separated letters, digits and hyphens, numbers without leading zeros)"
                    ))
            }
            text += "-" + pre
        }
        if let build {
            guard !build.isEmpty,
                build.split(separator: ".", omittingEmptySubsequences: false).allSatisfy({
                    !$0.isEmpty && $0.utf8.allSatisfy(isIdentifierByte)
                })
            else {
                return .failure(Refusal(reason: "`+\(build)` is no build metadata in semantic versioning"))
            }
            text += "+" + build
        }
        return .success(text)
    }

    /// PEP 440's normal form: numbers, then `aN`, `bN` or `rcN`, `.postN`, `.devN`, `+local`.
    private static func python(_ version: ReleaseVersion) -> Result<String, Refusal> {
        let (numbers, rest) = ReleaseVersion.leadingNumbers(of: Substring(version.text))
        let (_, local) = split(rest)
        var text = numbers.map(String.init).joined(separator: ".")
        var identifiers = version.prerelease[...]
        func number() -> String {
            guard let next = identifiers.first, let value = Int(next) else { return "0" }
            identifiers.removeFirst()
            return String(value)
        }
        let labels: [String: String] = [
            "a": "a", "alpha": "a", "b": "b", "beta": "b", "c": "rc", "rc": "rc", "pre": "rc", "preview": "rc",
        ]
        if let first = identifiers.first, let label = labels[first] {
            identifiers.removeFirst()
            text += label + number()
        }
        if let first = identifiers.first, ["post", "rev", "r"].contains(first) {
            identifiers.removeFirst()
            text += ".post" + number()
        }
        if identifiers.first == "dev" {
            identifiers.removeFirst()
            text += ".dev" + number()
        }
        guard identifiers.isEmpty else {
            return .failure(
                Refusal(
                    reason:
                        "Python versions (PEP 440) know pre-releases as a, b, rc, .post and .dev, not `\(version.prerelease.joined(separator: "."))`"
                ))
        }
        if let local {
            let parts = local.lowercased().split(whereSeparator: { $0 == "." || $0 == "-" || $0 == "_" })
            guard !parts.isEmpty,
                parts.allSatisfy({ $0.utf8.allSatisfy { isIdentifierByte($0) && $0 != UInt8(ascii: "-") } })
            else {
                return .failure(Refusal(reason: "`+\(local)` is no local version in Python's versions (PEP 440)"))
            }
            text += "+" + parts.joined(separator: ".")
        }
        return .success(text)
    }

    /// What follows the numbers: the pre-release without its leading separator, and the
    /// build metadata after `+`.
    private static func split(_ rest: Substring) -> (pre: String, build: String?) {
        let plus = rest.firstIndex(of: "+")
        let pre = rest[..<(plus ?? rest.endIndex)].drop { $0 == "-" || $0 == "." || $0 == "_" }
        return (String(pre), plus.map { String(rest[rest.index(after: $0)...]) })
    }

    private static func isSemanticIdentifier(_ identifier: Substring) -> Bool {
        guard !identifier.isEmpty, identifier.utf8.allSatisfy(isIdentifierByte) else { return false }
        // A number has no leading zero; `0a` is letters and digits, not a number.
        let isNumber = identifier.utf8.allSatisfy { (0x30...0x39).contains($0) }
        return !isNumber || identifier == "0" || identifier.first != "0"
    }

    private static func isIdentifierByte(_ byte: UInt8) -> Bool {
        (0x30...0x39).contains(byte) || (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte)
            || byte == UInt8(ascii: "-")
    }
}
