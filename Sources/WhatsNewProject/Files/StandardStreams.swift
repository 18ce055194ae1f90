import WhatsNewModel

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

package enum StandardOutput {
    /// Returns the error number when the text could not all be written (a full disk).
    @discardableResult
    package static func write(_ text: String) -> Int32? {
        FileDescriptor.writeAll(text, to: STDOUT_FILENO)
    }
}

package enum FileDescriptor {
    /// Writes all of `text`, however many calls it takes; the error number if one fails.
    /// The string's own UTF-8 storage is written, not a copy: a sheet can be hundreds of megabytes.
    package static func writeAll(_ text: String, to descriptor: Int32) -> Int32? {
        var text = text
        return text.withUTF8 { writeAll($0, to: descriptor) }
    }

    /// Writes all of `bytes`, as they are (a version file need not be UTF-8).
    package static func writeAll(_ bytes: UnsafeBufferPointer<UInt8>, to descriptor: Int32) -> Int32? {
        var written = 0
        while written < bytes.count {
            let count = systemWrite(descriptor, bytes.baseAddress! + written, bytes.count - written)
            if count < 0 {
                if errno == EINTR { continue }
                return errno
            }
            written += count
        }
        return nil
    }
}

/// Diagnostics and reports. A full or closed standard error cannot stop a run that has done
/// its work, so what cannot be written there is dropped. Nothing whatsnew says there is styled,
/// so every control character but a line's end and a tab is shown as an escape: a file name or
/// a version from a pull request cannot restyle a CI log or a terminal.
package enum StandardError {
    package static func write(_ text: String) {
        let text = text.escapingControls(keeping: ["\n", "\t"])
        _ = FileDescriptor.writeAll(text.hasSuffix("\n") ? text : text + "\n", to: STDERR_FILENO)
    }
}

/// The process's standard input.
package enum StandardInput {
    /// Whether it is a terminal, where an editor may open.
    package static var isTerminal: Bool { isatty(STDIN_FILENO) == 1 }

    /// Its bytes, read to the end or to just past `limit` bytes (a caller refuses more).
    package static func read(beyond limit: Int) -> [UInt8] {
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while bytes.count <= limit {
            let count = chunk.withUnsafeMutableBytes { systemRead(STDIN_FILENO, $0.baseAddress!, $0.count) }
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { break }
            bytes += chunk[0..<count]
        }
        return bytes
    }
}
