import Foundation
import WhatsNewModel

/// Standard output, or a file replaced atomically: the text goes to a temporary file in the
/// same directory, which is then renamed over the target, so a failed run never leaves a
/// half-written file and the old one stays as it was.
package struct OutputTarget {
    /// The file; nil for standard output.
    package var path: String?

    package init(path: String?) {
        self.path = path
    }

    package func write(_ text: String) throws(CommandFailure) { try write { $0.write(text) } }

    /// Several files changed together: each is written in full beside its target first, and
    /// only when all are written are they renamed into place, so a failure while writing
    /// leaves every target as it was.
    package static func writeAll(_ files: [(path: String, text: String)]) throws(CommandFailure) {
        var prepared: [PreparedFile] = []
        for (path, text) in files {
            do {
                prepared.append(try PreparedFile(path) { $0.write(text) })
            } catch {
                throw Self.failure(error, path)
            }
        }
        for file in prepared {
            do {
                try file.commit()
            } catch {
                throw Self.failure(error, file.path)
            }
        }
    }

    /// What `produce` writes, as it writes it: a long sheet goes out in pieces and is never held
    /// whole. To a file, nothing replaces the target unless `produce` finishes and every
    /// piece is written.
    package func write(_ produce: (inout DescriptorStream) throws(CommandFailure) -> Void) throws(CommandFailure) {
        guard let path else {
            var stream = DescriptorStream(descriptor: STDOUT_FILENO)
            try produce(&stream)
            guard let error = stream.error else { return }
            throw CommandFailure(
                Diagnostic(
                    .unwritableOutput, at: SourceLocation(path: "<stdout>"), "cannot write: \(describe(errno: error))"))
        }
        do {
            try PreparedFile(path, with: produce).commit()
        } catch {
            throw Self.failure(error, path)
        }
    }

    /// A failure while writing: the producer's own, or the file's as a diagnostic.
    private static func failure(_ error: any Error, _ path: String) -> CommandFailure {
        if let failure = error as? Failure { return failure.failure(path) }
        return error as? CommandFailure ?? CommandFailure(Diagnostic(.unwritableOutput, at: SourceLocation(path: path), "\(error)"))
    }

    fileprivate struct Failure: Error {
        var reason: String
        init(_ action: String, errno code: Int32 = errno) {
            reason = "cannot \(action): \(describe(errno: code))"
        }

        /// The file's failure as its diagnostic.
        func failure(_ path: String) -> CommandFailure {
            CommandFailure(Diagnostic(.unwritableOutput, at: SourceLocation(path: path), reason))
        }
    }

    /// A file written in full beside its target, with the target's permissions (or the umask's
    /// for a new file), not yet in its place: several are prepared before any is committed, so
    /// a failure while writing them leaves every target as it was.
    package final class PreparedFile {
        package let path: String
        private let temporary: String
        private var committed = false

        package init(_ path: String, with produce: (inout DescriptorStream) throws(CommandFailure) -> Void) throws {
            self.path = path
            let url = URL(fileURLWithPath: path)
            let directory = url.deletingLastPathComponent().path
            var template = Array("\(directory)/.\(url.lastPathComponent).whatsnew-XXXXXX".utf8CString)
            let descriptor = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
            guard descriptor >= 0 else { throw Failure("create a temporary file in \(directory)") }
            let temporary = String(decoding: template.dropLast().map { UInt8(bitPattern: $0) }, as: UTF8.self)
            var status = stat()
            let mode = stat(path, &status) == 0 ? status.st_mode & 0o7777 : 0o666 & ~umaskValue()
            fchmod(descriptor, mode)
            var stream = DescriptorStream(descriptor: descriptor)
            do {
                try produce(&stream)
            } catch {
                close(descriptor)
                unlink(temporary)
                throw error
            }
            let synced = stream.error == nil && fsync(descriptor) == 0
            let closed = close(descriptor) == 0
            guard synced, closed else {
                unlink(temporary)
                throw Failure("write \(path)", errno: stream.error ?? errno)
            }
            self.temporary = temporary
        }

        /// Renames the file over its target.
        package func commit() throws {
            guard rename(temporary, path) == 0 else { throw Failure("replace \(path)") }
            committed = true
        }

        deinit {
            if !committed { unlink(temporary) }
        }
    }

    fileprivate static func umaskValue() -> mode_t {
        let current = umask(0)
        umask(current)
        return current
    }
}

/// A file descriptor written as a text stream; the first error number is kept and nothing is
/// written after it.
package struct DescriptorStream: TextOutputStream {
    package let descriptor: Int32
    package private(set) var error: Int32?

    package init(descriptor: Int32) { self.descriptor = descriptor }

    package mutating func write(_ string: String) {
        guard error == nil else { return }
        error = FileDescriptor.writeAll(string, to: descriptor)
    }
}

/// An error number as words, the way diagnostics end.
package func describe(errno code: Int32) -> String { String(cString: strerror(code)).lowercased() }
