import ArgumentParser
import Foundation
import WhatsNew

/// Standard output, or a file replaced atomically: the text goes to a temporary file in the
/// same directory, which is then renamed over the target, so a failed run never leaves a
/// half-written file and the old one stays as it was.
struct OutputTarget {
    var path: String?

    func write(_ text: String) throws {
        guard let path else {
            guard let error = FileDescriptor.writeAll(Array(text.utf8), to: STDOUT_FILENO) else { return }
            throw Diagnostics.failure([
                Diagnostic(
                    .unwritableOutput, at: SourceLocation(path: "<stdout>"), "cannot write: \(describe(errno: error))")
            ])
        }
        do {
            try Self.replace(path, with: Array(text.utf8))
        } catch {
            throw Diagnostics.failure([Diagnostic(.unwritableOutput, at: SourceLocation(path: path), error.reason)])
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
    private static func replace(_ path: String, with bytes: [UInt8]) throws(Failure) {
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
        if let error = FileDescriptor.writeAll(bytes, to: descriptor) {
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

/// An error number as words, the way diagnostics end.
func describe(errno code: Int32) -> String { String(cString: strerror(code)).lowercased() }
