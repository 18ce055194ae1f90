#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// What proves that a file left behind (a rename list, a release plan, a temporary's name) was
/// written by whatsnew for this user on this machine, and did not come with the repository: a
/// keyed hash of it under a key kept outside every repository, which no pull request can see
/// and so cannot forge. A file that does not carry it is never acted on.
///
/// The key is 128 random bits in `$XDG_STATE_HOME/whatsnew/seal-key` (else
/// `~/.local/state/whatsnew/seal-key`, else a folder of this user's own in the temporary
/// folder), made the first time it is needed; the hash is SipHash-2-4, a keyed hash built to
/// authenticate short messages.
package struct WriterSeal: Sendable {
    let key: (UInt64, UInt64)

    init(key: (UInt64, UInt64)) { self.key = key }

    /// This user's seal, read (or made) once per process. Where no folder of the user's can
    /// keep a key, the run seals with a key of its own: what it leaves is then foreign to the
    /// next run, which refuses rather than guesses.
    package static let current: WriterSeal =
        SealKeyFile.load() ?? WriterSeal(key: (.random(in: .min ... .max), .random(in: .min ... .max)))

    /// The seal of `text`, as 16 hexadecimal digits.
    package func tag(_ text: String) -> String {
        let value = Self.sipHash(key: key, Array(text.utf8))
        let hex = String(value, radix: 16)
        return String(repeating: "0", count: 16 - hex.count) + hex
    }

    /// Whether `tag` is the seal of `text`.
    package func verifies(_ text: String, tag: String) -> Bool {
        // Compared in full whatever the first difference: the time taken tells nothing.
        let expected = Array(self.tag(text).utf8)
        let given = Array(tag.utf8)
        guard expected.count == given.count else { return false }
        return zip(expected, given).reduce(0) { $0 | ($1.0 ^ $1.1) } == 0
    }

    /// SipHash-2-4 (Aumasson and Bernstein, 2012) of `message` under `key`.
    static func sipHash(key: (UInt64, UInt64), _ message: [UInt8]) -> UInt64 {
        var v0: UInt64 = 0x736f_6d65_7073_6575 ^ key.0
        var v1: UInt64 = 0x646f_7261_6e64_6f6d ^ key.1
        var v2: UInt64 = 0x6c79_6765_6e65_7261 ^ key.0
        var v3: UInt64 = 0x7465_6462_7974_6573 ^ key.1
        func round() {
            v0 &+= v1
            v1 = v1.rotatedLeft(13) ^ v0
            v0 = v0.rotatedLeft(32)
            v2 &+= v3
            v3 = v3.rotatedLeft(16) ^ v2
            v0 &+= v3
            v3 = v3.rotatedLeft(21) ^ v0
            v2 &+= v1
            v1 = v1.rotatedLeft(17) ^ v2
            v2 = v2.rotatedLeft(32)
        }
        func absorb(_ word: UInt64) {
            v3 ^= word
            round()
            round()
            v0 ^= word
        }
        let whole = message.count / 8 * 8
        var index = 0
        while index < whole {
            var word: UInt64 = 0
            for offset in 0..<8 { word |= UInt64(message[index + offset]) << (8 * offset) }
            absorb(word)
            index += 8
        }
        var last = UInt64(message.count & 0xFF) << 56
        for offset in 0..<(message.count - whole) { last |= UInt64(message[whole + offset]) << (8 * offset) }
        absorb(last)
        v2 ^= 0xFF
        for _ in 0..<4 { round() }
        return v0 ^ v1 ^ v2 ^ v3
    }
}

extension UInt64 {
    fileprivate func rotatedLeft(_ count: UInt64) -> UInt64 { (self << count) | (self >> (64 - count)) }
}

/// The seal's key on disk: a file of 16 bytes only its owner may read, in a folder only its
/// owner may write.
enum SealKeyFile {
    static let name = "seal-key"

    /// The key, read or made; nil when no folder of this user's can hold one.
    static func load() -> WriterSeal? {
        for folder in folders() {
            guard ownFolder(folder) else { continue }
            if let key = read(folder + "/" + name) ?? make(in: folder) { return WriterSeal(key: key) }
        }
        return nil
    }

    /// Where the key may live, in order: the XDG state folder, the home's, the temporary folder's.
    static func folders() -> [String] {
        let environment = ProcessEnvironment.variables
        var folders: [String] = []
        if let state = environment["XDG_STATE_HOME"], state.hasPrefix("/") { folders.append(state + "/whatsnew") }
        var home = environment["HOME"].flatMap { $0.hasPrefix("/") ? $0 : nil }
        if home == nil, let entry = getpwuid(geteuid()), let directory = entry.pointee.pw_dir {
            home = String(cString: directory)
        }
        if let home, home != "/" { folders.append(home + "/.local/state/whatsnew") }
        let temporary = environment["TMPDIR"].flatMap { $0.hasPrefix("/") ? $0 : nil } ?? "/tmp"
        folders.append(temporary + "/whatsnew-\(geteuid())")
        return folders
    }

    /// Makes `folder` (and its parents) when missing; true when it is a real folder this user
    /// owns and no one else may write in.
    static func ownFolder(_ folder: String) -> Bool {
        var status = stat()
        if lstat(folder, &status) != 0 {
            var path = ""
            for part in folder.split(separator: "/") {
                path += "/" + part
                if lstat(path, &status) != 0 { mkdir(path, 0o700) }
            }
            guard lstat(folder, &status) == 0 else { return false }
        }
        return (status.st_mode & S_IFMT) == S_IFDIR && status.st_uid == geteuid() && status.st_mode & 0o022 == 0
    }

    /// A key file of this user's, readable by no one else, of exactly 16 bytes.
    static func read(_ path: String) -> (UInt64, UInt64)? {
        guard let bytes = OwnFile.read(path, limit: 16, private: true), bytes.count == 16 else { return nil }
        func word(_ start: Int) -> UInt64 { (0..<8).reduce(0) { $0 | UInt64(bytes[start + $1]) << (8 * $1) } }
        return (word(0), word(8))
    }

    /// A new key, written whole beside its name and linked into place, so a key is never seen
    /// half-written and two runs making one at once agree on the first.
    static func make(in folder: String) -> (UInt64, UInt64)? {
        var generator = SystemRandomNumberGenerator()
        let bytes = (0..<16).map { _ in UInt8.random(in: 0...255, using: &generator) }
        let temporary = folder + "/.\(name).\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { return nil }
        let written =
            bytes.withUnsafeBufferPointer { FileDescriptor.writeAll($0, to: descriptor) } == nil
            && fsync(descriptor) == 0
        close(descriptor)
        defer { unlink(temporary) }
        guard written else { return nil }
        if link(temporary, folder + "/" + name) == 0 { PreparedFile.flushFolder(of: folder + "/" + name) }
        return read(folder + "/" + name)
    }
}
