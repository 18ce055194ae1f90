import ArgumentParser
import Foundation
import WhatsNew

/// Standard output, or a file replaced atomically: the text goes to a temporary file in the
/// same directory, which is then renamed over the target, so a failed run never leaves a
/// half-written file and the old one stays as it was.
struct OutputTarget {
    var path: String?

    func write(_ text: String) throws { try write { $0.write(text) } }

    /// What `produce` writes, as it writes it: a long sheet goes out in pieces and is never held
    /// whole. To a file, nothing replaces the target unless `produce` finishes and every
    /// piece is written.
    func write(_ produce: (inout DescriptorStream) throws -> Void) throws {
        guard let path else {
            var stream = DescriptorStream(descriptor: STDOUT_FILENO)
            try produce(&stream)
            guard let error = stream.error else { return }
            throw Diagnostics.failure([
                Diagnostic(
                    .unwritableOutput, at: SourceLocation(path: "<stdout>"), "cannot write: \(describe(errno: error))")
            ])
        }
        do {
            try Self.replace(path, with: produce)
        } catch let failure as Failure {
            throw Diagnostics.failure([Diagnostic(.unwritableOutput, at: SourceLocation(path: path), failure.reason)])
        }
    }

    private struct Failure: Error {
        var reason: String
        init(_ action: String, errno code: Int32 = errno) {
            reason = "cannot \(action): \(describe(errno: code))"
        }
    }

    /// Writes a temporary file beside the target with the target's permissions (or the
    /// umask's for a new file), then renames it over the target.
    private static func replace(_ path: String, with produce: (inout DescriptorStream) throws -> Void) throws {
        let url = URL(fileURLWithPath: path)
        let directory = url.deletingLastPathComponent().path
        var template = Array("\(directory)/.\(url.lastPathComponent).whatsnew-XXXXXX".utf8CString)
        let descriptor = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard descriptor >= 0 else { throw Failure("create a temporary file in \(directory)") }
        let temporary = String(decoding: template.dropLast().map { UInt8(bitPattern: $0) }, as: UTF8.self)
        var committed = false
        defer {
            if !committed { unlink(temporary) }
        }
        var status = stat()
        let mode = stat(path, &status) == 0 ? status.st_mode & 0o7777 : 0o666 & ~umaskValue()
        fchmod(descriptor, mode)
        var stream = DescriptorStream(descriptor: descriptor)
        do {
            try produce(&stream)
        } catch {
            close(descriptor)
            throw error
        }
        if let error = stream.error {
            close(descriptor)
            throw Failure("write \(path)", errno: error)
        }
        let synced = fsync(descriptor) == 0
        guard close(descriptor) == 0, synced else { throw Failure("write \(path)") }
        guard rename(temporary, path) == 0 else { throw Failure("replace \(path)") }
        committed = true
    }

    private static func umaskValue() -> mode_t {
        let current = umask(0)
        umask(current)
        return current
    }
}

/// A file descriptor written as a text stream; the first error number is kept and nothing is
/// written after it.
struct DescriptorStream: TextOutputStream {
    let descriptor: Int32
    private(set) var error: Int32?

    init(descriptor: Int32) { self.descriptor = descriptor }

    mutating func write(_ string: String) {
        guard error == nil else { return }
        error = FileDescriptor.writeAll(string, to: descriptor)
    }
}

/// An error number as words, the way diagnostics end.
func describe(errno code: Int32) -> String { String(cString: strerror(code)).lowercased() }
