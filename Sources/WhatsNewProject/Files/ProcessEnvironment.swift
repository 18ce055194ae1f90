#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// The process's environment variables, read once.
///
/// Read from `environ` here: Foundation's `ProcessInfo.environment` builds its dictionary anew
/// on every call, at about 600,000 instructions, and a run asked for it three times.
package enum ProcessEnvironment {
    /// Every variable by name; for a name set twice, the first, as `getenv` answers.
    package static let variables: [String: String] = {
        var variables: [String: String] = [:]
        var entry = environ
        while let pointer = entry.pointee {
            let text = String(cString: pointer)
            if let equals = text.utf8.firstIndex(of: UInt8(ascii: "=")) {
                let name = String(text[..<equals])
                if variables[name] == nil { variables[name] = String(text[text.index(after: equals)...]) }
            }
            entry += 1
        }
        return variables
    }()
}
