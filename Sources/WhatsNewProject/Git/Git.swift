import WhatsNewModel
import WhatsNewReading

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// git, run without a shell: arguments go to it as they are, and a ref from the command line
/// is checked to be a commit before it is used, so neither can be read as an option.
struct Git {
    /// The folder git runs in.
    let directory: String?

    struct Failure: Error {
        var message: String
    }

    /// git's standard output; a failure carries its standard error. `input` is its standard
    /// input, read from a file so neither side ever waits on the other's pipe; nothing but
    /// git's own end can keep this run waiting.
    func run(_ arguments: [String], input: [UInt8]? = nil) throws(Failure) -> [UInt8] {
        let scratch = ProjectFiles.scratchPath(named: "whatsnew-git")
        // Standard error goes to a file, so git can never block on it while its output is read.
        let errorDescriptor = open(scratch + "-err", O_RDWR | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        let inputDescriptor =
            input == nil
            ? open("/dev/null", O_RDONLY | O_CLOEXEC)
            : open(scratch + "-in", O_RDWR | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        defer {
            for descriptor in [errorDescriptor, inputDescriptor] where descriptor >= 0 { close(descriptor) }
            unlink(scratch + "-err")
            unlink(scratch + "-in")
        }
        guard errorDescriptor >= 0, inputDescriptor >= 0 else {
            throw Failure(message: "cannot run git: \(describe(errno: errno))")
        }
        if let input {
            guard input.withUnsafeBufferPointer({ FileDescriptor.writeAll($0, to: inputDescriptor) }) == nil,
                lseek(inputDescriptor, 0, SEEK_SET) == 0
            else { throw Failure(message: "cannot run git: \(describe(errno: errno))") }
        }
        var pipeEnds: [Int32] = [-1, -1]
        guard pipe(&pipeEnds) == 0 else { throw Failure(message: "cannot run git: \(describe(errno: errno))") }
        let (readEnd, writeEnd) = (pipeEnds[0], pipeEnds[1])
        var readOpen = true
        defer { if readOpen { close(readEnd) } }
        // `-C` rather than a change of folder: the one place git runs is said on its command line.
        let words = ["git"] + (directory.map { ["-C", $0] } ?? []) + arguments
        let started = ChildProcess.start(
            words, searchesPath: true, redirections: [(inputDescriptor, 0), (writeEnd, 1), (errorDescriptor, 2)],
            closing: [readEnd])
        close(writeEnd)
        let child: ChildProcess
        switch started {
        case .success(let process): child = process
        case .failure(let error): throw Failure(message: "cannot run git: \(describe(errno: error.number))")
        }
        var output: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(readEnd, $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { break }
            output += buffer[0..<count]
        }
        close(readEnd)
        readOpen = false
        // Exited, and with 0: anything else (a signal, a failure) is git's failure.
        guard child.waitForExit() == 0 else {
            lseek(errorDescriptor, 0, SEEK_SET)
            var errorBytes: [UInt8] = []
            while errorBytes.count < 1 << 16 {
                let count = buffer.withUnsafeMutableBytes { read(errorDescriptor, $0.baseAddress, $0.count) }
                if count < 0 && errno == EINTR { continue }
                guard count > 0 else { break }
                errorBytes += buffer[0..<count]
            }
            let message = String(decoding: errorBytes, as: UTF8.self).trimmedWhitespace()
            throw Failure(message: message.isEmpty ? "git \(arguments.first ?? "") failed" : message)
        }
        return output
    }

    func text(_ arguments: [String]) throws(Failure) -> String {
        String(decoding: try run(arguments), as: UTF8.self).trimmedWhitespace()
    }

    /// The commit a ref names, or nil when it names none.
    func commit(_ ref: String) -> String? {
        try? text(["rev-parse", "--verify", "--quiet", "--end-of-options", ref + "^{commit}"])
    }

    /// NUL-separated fields, as `-z` gives them.
    static func fields(_ bytes: [UInt8]) -> [String] {
        bytes.split(separator: 0).map { String(decoding: $0, as: UTF8.self) }
    }
}

extension Project {
    /// The tags of the git repository the notes at `notes` are in, read from its files (no
    /// process is started for them); none outside a repository.
    package func tags(near notes: String) -> [String] {
        GitDirectory.around(notes.contains("/") ? Project.sibling(".", of: notes) : ".").map {
            GitTags(gitDirectory: $0.common).names
        } ?? []
    }
}

/// A repository's tag names: loose refs under `refs/tags` and those in `packed-refs`.
struct GitTags {
    let gitDirectory: String

    var names: [String] {
        var names = Set<String>()
        func walk(_ folder: String, _ prefix: String) {
            for entry in DirectoryListing.names(in: folder) {
                let path = folder + "/" + entry
                if FileKind(of: path) == .directory {
                    walk(path, prefix + entry + "/")
                } else {
                    names.insert(prefix + entry)
                }
            }
        }
        walk(gitDirectory + "/refs/tags", "")
        let packed = ContentFingerprint.contents(of: gitDirectory + "/packed-refs") ?? []
        for line in packed.split(separator: 0x0A) {
            let fields = line.split(separator: 0x20, maxSplits: 1)
            guard fields.count == 2 else { continue }
            let ref = String(decoding: fields[1], as: UTF8.self)
            if ref.hasPrefix("refs/tags/") { names.insert(String(ref.dropFirst(10))) }
        }
        return names.sorted()
    }
}
