import WhatsNewModel

/// A file that keeps the project's version, read: where its version (and build number) stand,
/// checked to be one value each, so writing changes those bytes and no others.
public struct VersionFile: Sendable {
    /// The file's kind.
    public let format: VersionFileFormat
    /// The form its ecosystem writes versions in.
    public let form: VersionForm
    /// The file as read.
    public let bytes: [UInt8]
    /// The places holding the version itself, in file order.
    public let versionPlaces: [VersionPlace]
    /// The places holding the build number itself.
    public let buildPlaces: [VersionPlace]
    /// Places that name a build setting (`$(MARKETING_VERSION)`) and follow the file setting it.
    public let references: [VersionPlace]

    /// Reads `bytes`; throws when the version is missing, or stands in two places with different
    /// values (or, in a file that says it once, in two places at all).
    /// `form` defaults to the format's own; a `pattern:` file takes the form its name tells.
    public init(bytes: [UInt8], format: VersionFileFormat, form: VersionForm? = nil) throws(VersionFileProblem) {
        self.bytes = bytes
        self.format = format
        self.form = form ?? format.form
        let versions = try format.places(.version, in: bytes)
        let builds = try format.places(.build, in: bytes)
        guard !versions.isEmpty else {
            throw VersionFileProblem(
                at: nil,
                "no version here: whatsnew looks for \(format.key(of: .version) ?? "a version")\(format.missingHint)")
        }
        versionPlaces = try Self.checked(versions.filter { !$0.isReference }, format: format, bytes: bytes)
        buildPlaces = try Self.checked(builds.filter { !$0.isReference }, format: format, bytes: bytes)
        references = (versions + builds).filter(\.isReference)
    }

    /// Whether `text` can stand where a version does: letters, digits, `.`, `-`, `+` and `_`.
    public static func canHold(_ text: String) -> Bool {
        !text.isEmpty && text.utf8.allSatisfy(PatternScanner.isVersionByte)
    }

    /// The version the file holds; nil when it only names a build setting.
    public var version: String? { versionPlaces.first?.value }
    /// The build number the file holds, when it keeps one.
    public var build: String? { buildPlaces.first?.value }

    /// The file with `version` in every version place, in the file's form (``VersionForm``),
    /// and, when given, `build` in every build place; every other byte as it was.
    public func written(version: ReleaseVersion, build: String?) -> [UInt8] {
        written(version: text(of: version), build: build)
    }

    /// `version` as this file writes it; as the notes write it when the file's form has none
    /// (``refusal(of:)`` says why, and a release asks it first).
    public func text(of version: ReleaseVersion) -> String {
        (try? form.text(of: version, holding: self.version).get()) ?? version.text
    }

    /// Why this file's ecosystem cannot take `version`; nil when it can.
    public func refusal(of version: ReleaseVersion) -> VersionForm.Refusal? {
        if case .failure(let refusal) = form.text(of: version, holding: self.version) { return refusal }
        return nil
    }

    /// The file with `version` written as it is in every version place.
    public func written(version: String, build: String?) -> [UInt8] {
        Self.applying(edits(version: version, build: build), to: bytes)
    }

    /// What writing `version` (and `build`) changes: each place's bytes and their new text.
    package func edits(version: String, build: String?) -> [(range: Range<Int>, text: String)] {
        var edits = versionPlaces.map { (range: $0.range, text: $0.replacement(version)) }
        if let build { edits += buildPlaces.map { (range: $0.range, text: $0.replacement(build)) } }
        return edits
    }

    /// `bytes` with `edits` (ranges of those bytes) made, each place once, from the end so the
    /// ranges before it still hold.
    package static func applying(_ edits: [(range: Range<Int>, text: String)], to bytes: [UInt8]) -> [UInt8] {
        var result = bytes
        var done = Set<Int>()
        for edit in edits.sorted(by: { $0.range.lowerBound > $1.range.lowerBound })
        where done.insert(edit.range.lowerBound).inserted {
            result.replaceSubrange(edit.range, with: Array(edit.text.utf8))
        }
        return result
    }

    /// One value in every place, and one place where the format says it once.
    private static func checked(_ places: [VersionPlace], format: VersionFileFormat, bytes: [UInt8])
        throws(VersionFileProblem)
        -> [VersionPlace]
    {
        guard let first = places.first else { return [] }
        if format.isSinglePlace, places.count > 1 {
            let lines = places.map { String(line(of: $0.range.lowerBound, in: bytes)) }
            throw VersionFileProblem(
                at: places[1].range.lowerBound,
                "`\(first.key)` stands in \(places.count) places (lines \(lines.joined(separator: ", "))); whatsnew changes one place only, so make the pattern match one"
            )
        }
        if let other = places.first(where: { $0.value != first.value }) {
            let line = line(of: first.range.lowerBound, in: bytes)
            // An Xcode project names whose settings differ: two targets are a choice to make.
            guard let there = other.owner, let here = first.owner else {
                throw VersionFileProblem(
                    at: other.range.lowerBound,
                    "`\(first.key)` is \(other.value) here but \(first.value) on line \(line); give every build configuration one version first"
                )
            }
            // Targets by the version they hold, the most common first: those are likely the app's.
            var byValue: [(value: String, targets: [String])] = []
            for place in places {
                guard let target = place.target else { continue }
                if let index = byValue.firstIndex(where: { $0.value == place.value }) {
                    if !byValue[index].targets.contains(target) { byValue[index].targets.append(target) }
                } else {
                    byValue.append((place.value, [target]))
                }
            }
            let groups = byValue.enumerated().sorted {
                ($1.element.targets.count, $0.offset) < ($0.element.targets.count, $1.offset)
            }.map(\.element)
            // Only targets that each hold one version can be chosen between.
            let targets = groups.flatMap(\.targets)
            guard groups.count > 1, Set(targets).count == targets.count else {
                throw VersionFileProblem(
                    at: other.range.lowerBound,
                    "`\(first.key)` is \(other.value) in \(there) but \(first.value) in \(here), line \(line); give every build configuration one version first"
                )
            }
            let held = groups.map { "\($0.value) in \($0.targets.joined(separator: ", "))" }.joined(separator: "; ")
            throw VersionFileProblem(
                at: other.range.lowerBound,
                "`\(first.key)` differs between targets: \(held); list the targets the release moves (`targets: [\(groups[0].targets.joined(separator: ", "))]`), or give them one version first"
            )
        }
        return places
    }

    private static func line(of offset: Int, in bytes: [UInt8]) -> Int {
        bytes[..<offset].lazy.filter { $0 == 0x0A }.count + 1
    }
}
