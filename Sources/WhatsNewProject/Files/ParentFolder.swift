/// The folder a path names its last component in, as a path: `a/b/c` → `a/b`, `/a` → `/`,
/// `a` → `.`; trailing slashes name no component. Text only: nothing is looked up on disk.
func parentFolder(of path: String) -> String {
    var trimmed = Substring(path)
    while trimmed.count > 1, trimmed.hasSuffix("/") { trimmed = trimmed.dropLast() }
    guard let slash = trimmed.lastIndex(of: "/") else { return "." }
    if slash == trimmed.startIndex { return "/" }
    var parent = trimmed[..<slash]
    while parent.count > 1, parent.hasSuffix("/") { parent = parent.dropLast() }
    return String(parent)
}
