import ArgumentParser
import Foundation
import Synchronization
import WhatsNew

/// Standard output, or a file replaced atomically: the text goes to a temporary file in the
/// same directory, which is then renamed over the target, so a failed run never leaves a
/// half-written file and the old one stays as it was.
struct OutputTarget {
    var path: String?

    func write(_ text: String) throws { try write(Array(text.utf8)) }

    func write(_ bytes: [UInt8]) throws {
        try stream { sink in bytes.withUnsafeBytes(sink.write) }
    }

    /// What `produce` hands its sink, written as it comes: a large sheet goes out while the
    /// rest is still being rendered. A file is still replaced only once all of it is written.
    func stream(_ produce: (OutputSink) -> Void) throws {
        guard let path else {
            let destination = Destination(descriptor: 1)
            produce(destination.sink)
            guard let error = destination.error else { return }
            let reason = String(cString: strerror(error)).lowercased()
            throw Diagnostics.failure([
                Diagnostic(.unwritableOutput, at: SourceLocation(path: "<stdout>"), "cannot write: \(reason)")
            ])
        }
        do {
            try Self.replace(path, with: produce)
        } catch {
            throw Diagnostics.failure([Diagnostic(.unwritableOutput, at: SourceLocation(path: path), "\(error.reason)")]
            )
        }
    }

    private struct Failure: Error {
        var reason: String
        init(_ action: String, errno code: Int32 = errno) {
            reason = "cannot \(action): \(String(cString: strerror(code)).lowercased())"
        }
    }

    private static func replace(_ path: String, with produce: (OutputSink) -> Void) throws(Failure) {
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
        let destination = Destination(descriptor: descriptor)
        produce(destination.sink)
        if let error = destination.error {
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

/// A file descriptor bytes are written to in full; the first error is kept and whatever comes
/// after it is dropped, so a full disk is reported once, after the renderer is done.
private final class Destination: Sendable {
    private let descriptor: Int32
    private let firstError = Mutex<Int32?>(nil)

    init(descriptor: Int32) { self.descriptor = descriptor }

    var error: Int32? { firstError.withLock { $0 } }

    var sink: OutputSink { OutputSink { [self] bytes in write(bytes) } }

    private func write(_ bytes: UnsafeRawBufferPointer) {
        firstError.withLock { error in
            guard error == nil else { return }
            error = FileDescriptor.writeAll(bytes, to: descriptor)
        }
    }
}
