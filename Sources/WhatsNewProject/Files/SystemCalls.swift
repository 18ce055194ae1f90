#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

// The C library's calls under names no method shadows: inside a type with its own `write` or
// `close`, the bare name means the method, and the module that would qualify it differs by
// platform.

/// `write(2)`.
func systemWrite(_ descriptor: Int32, _ bytes: UnsafeRawPointer, _ count: Int) -> Int {
    write(descriptor, bytes, count)
}

/// `read(2)`.
func systemRead(_ descriptor: Int32, _ buffer: UnsafeMutableRawPointer, _ count: Int) -> Int {
    read(descriptor, buffer, count)
}

/// `close(2)`.
func systemClose(_ descriptor: Int32) -> Int32 { close(descriptor) }

/// `link(2)`.
func systemLink(_ existing: String, _ new: String) -> Int32 { link(existing, new) }
