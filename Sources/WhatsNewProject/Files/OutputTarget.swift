import WhatsNewModel
import WhatsNewReading
import WhatsNewRendering

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Where a command's output goes: standard output, a stream (a device or a FIFO), or a file
/// replaced atomically, so a failed run never leaves a half-written file and the old one stays
/// as it was. A file behind a symbolic link is replaced at the link's end; the link stays. A
/// file's missing folders are made first, and removed again when the write fails.
package struct OutputTarget {
    /// The file; nil (or `-`) for standard output.
    package var path: String?
    /// For a file this command read and now rewrites (an appcast): its content when read, so
    /// a change made meanwhile by someone else stops the write instead of being lost.
    package var unchangedSince: ContentFingerprint?

    package init(path: String?, unchangedSince: ContentFingerprint? = nil) {
        self.path = path
        self.unchangedSince = unchangedSince
    }

    package func write(_ text: String) throws(CommandFailure) { try write { $0.write(text) } }

    /// What `produce` writes, as it writes it: a long sheet goes out in pieces and is never held
    /// whole. To a file, nothing replaces the target unless `produce` finishes and every
    /// piece is written.
    package func write(_ produce: (inout DescriptorStream) throws(CommandFailure) -> Void) throws(CommandFailure) {
        switch try FileDestination(path) {
        case .standardOutput:
            var stream = DescriptorStream(descriptor: STDOUT_FILENO)
            try produce(&stream)
            guard let error = stream.error else { return }
            if error == EPIPE { throw .brokenPipe }
            throw FileDestination.failure("<stdout>", "cannot write: \(describe(errno: error))")
        case .stream(let device):
            try Self.stream(to: device, named: path ?? device, produce)
        case .file(let target):
            // Missing folders are made only once the file is written (in the nearest folder
            // that exists), with it and with Ctrl-C held back: they come together or not at all.
            let staging = MissingFolders.nearestExisting(above: target)
            // A run killed while it made new folders left its file in a folder above them.
            for folder in MissingFolders.ancestors(of: target) where FileKind(of: folder) == .directory {
                PreparedFile.removeAbandonedTemporaries(of: PreparedFile.split(target).name, in: folder)
            }
            let file = try PreparedFile(path ?? target, target: target, staging: staging, with: produce)
            try SignalShield.run { () throws(CommandFailure) in
                if let unchangedSince, ContentFingerprint(ofFileAt: target) != unchangedSince {
                    throw CommandFailure(
                        Diagnostic(
                            .notesChanged, at: SourceLocation(path: path ?? target),
                            "changed since this command read it (another run, or an editor); it was left as it is, so run the command again"
                        ))
                }
                let folders = try MissingFolders(above: target, for: path ?? target)
                do throws(CommandFailure) {
                    try file.commit()
                } catch {
                    folders.remove()
                    throw error
                }
            }
        }
    }

    /// Several files changed together: each is written in full beside its target first, and
    /// only when all are written are they renamed into place. When a rename fails, the ones
    /// already renamed get their old text back; where that fails too, the failure says which
    /// files are new and which are as they were.
    package static func writeAll(_ files: [(path: String, text: String)]) throws(CommandFailure) {
        var targets: [(path: String, target: String, text: String)] = []
        for (path, text) in files {
            switch try FileDestination(path) {
            case .file(let target): targets.append((path, target, text))
            case .standardOutput, .stream:
                throw FileDestination.failure(path, "is not a regular file; these files are written together")
            }
        }
        // A list of renames a killed run left sits in the folder that holds all its files.
        if targets.count > 1 {
            try PreparedFile.removeAbandoned(
                in: MultiFileCommit.commonFolder(of: targets.map { ProjectBoundary.real($0.target) }))
        }
        var prepared: [PreparedFile] = []
        for (path, target, text) in targets {
            prepared.append(try PreparedFile(path, target: target) { $0.write(text) })
        }
        try SignalShield.run { () throws(CommandFailure) in try MultiFileCommit(prepared).run() }
    }

    /// A device or FIFO opened as it is, without creating or truncating anything.
    private static func stream(
        to device: String, named path: String, _ produce: (inout DescriptorStream) throws(CommandFailure) -> Void
    ) throws(CommandFailure) {
        let descriptor = open(device, O_WRONLY | O_NOCTTY)
        guard descriptor >= 0 else { throw FileDestination.failure(path, "cannot open: \(describe(errno: errno))") }
        var stream = DescriptorStream(descriptor: descriptor)
        do {
            try produce(&stream)
        } catch {
            close(descriptor)
            throw error
        }
        let closed = close(descriptor) == 0 ? nil : errno
        guard let error = stream.error ?? closed else { return }
        throw FileDestination.failure(path, "cannot write: \(describe(errno: error))")
    }
}

/// A file descriptor written as a text stream; the first error number is kept and nothing is
/// written after it.
package struct DescriptorStream: UTF8OutputStream {
    package let descriptor: Int32
    package private(set) var error: Int32?

    package init(descriptor: Int32) { self.descriptor = descriptor }

    package mutating func write(_ string: String) {
        guard error == nil else { return }
        error = FileDescriptor.writeAll(string, to: descriptor)
    }

    /// A renderer's bytes, written as they are.
    package mutating func write(utf8 bytes: UnsafeBufferPointer<UInt8>) {
        guard error == nil else { return }
        error = FileDescriptor.writeAll(bytes, to: descriptor)
    }

    /// Bytes written as they are.
    package mutating func write(bytes: [UInt8]) {
        guard error == nil else { return }
        error = bytes.withUnsafeBufferPointer { FileDescriptor.writeAll($0, to: descriptor) }
    }
}

/// An error number as words, the way diagnostics end.
package func describe(errno code: Int32) -> String { String(cString: strerror(code)).lowercased() }
