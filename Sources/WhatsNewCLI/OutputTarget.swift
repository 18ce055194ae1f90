import ArgumentParser
import Foundation
import WhatsNew

/// Standard output, or a file replaced atomically: the text goes to a temporary file in the
/// same directory, which is then renamed over the target, so a failed run never leaves a
/// half-written file and the old one stays as it was.
struct OutputTarget {
    var path: String?

    func write(_ text: String) throws { try write(Array(text.utf8)) }

    func write(_ bytes: [UInt8]) throws {
        guard let path else {
            guard let error = StandardOutput.write(bytes) else { return }
            let reason = String(cString: strerror(error)).lowercased()
            throw Diagnostics.failure([
                Diagnostic(.unwritableOutput, at: SourceLocation(path: "<stdout>"), "cannot write: \(reason)")
            ])
        }
        do {
            try Self.replace(path, with: bytes)
        } catch {
            throw Diagnostics.failure([Diagnostic(.unwritableOutput, at: SourceLocation(path: path), "\(error.reason)")]
            )
        }
    }

    private struct Failure: Error {
        var reason: String
        init(_ action: String) { reason = "cannot \(action): \(String(cString: strerror(errno)).lowercased())" }
    }

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
        let mode = stat(path, &status) == 0 ? status.st_mode & 0o7777 : 0o666 & ~Self.umaskValue()
        fchmod(descriptor, mode)
        var written = 0
        while written < bytes.count {
            let count = bytes[written...].withUnsafeBytes { Foundation.write(descriptor, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                close(descriptor)
                throw Failure("write \(path)")
            }
            written += count
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
