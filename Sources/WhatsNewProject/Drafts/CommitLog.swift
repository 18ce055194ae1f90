import WhatsNewModel

/// One commit as drafting reads it.
struct LoggedCommit: Sendable {
    /// The full object name.
    var id: String
    /// Its parents, first parent first.
    var parents: [String]
    /// The author's name.
    var author: String
    /// When it was committed, in seconds since 1970.
    var time: Int
    /// The whole message.
    var message: String
    /// The paths it adds or edits (`A`, `M`, `T`) under the folders asked for, from the top.
    var kept: [String] = []
    /// The paths it deletes under the folders asked for.
    var deleted: [String] = []

    /// The first ten hexadecimal digits, as a drafted note's file name carries them.
    var short: String { String(id.prefix(10)) }
}

/// The commits of a range, read from git in one pass: `git log` without a shell, its
/// records separated by NUL, which no message and no path can hold.
struct CommitLog {
    let git: Git

    /// The commits reachable from `HEAD` but not from `since` (every commit for nil), newest
    /// first, in an order where no parent comes before its child; each with the paths under
    /// `folders` (from the repository's top; "" for all of it) it changes.
    func commits(since: String?, changingUnder folders: [String]) throws(Git.Failure) -> [LoggedCommit] {
        // `--full-history --sparse` keeps every commit of the range, and every side branch, while
        // the paths limit only the file lists: one walk of the history answers every question.
        let paths = folders.map { $0.isEmpty ? ":(top)" : ":(top,literal)" + $0 }
        let output = try git.run(
            [
                "log", "-z", "--topo-order", "--full-history", "--sparse", "--no-renames", "--name-status",
                "--format=%x00%H%x00%P%x00%an%x00%ct%x00%B",
            ] + range(since) + ["--"] + paths)
        let fields = output.split(separator: 0, omittingEmptySubsequences: false)
        var commits: [LoggedCommit] = []
        var index = fields.startIndex
        // Each record: an empty field, five fields in order (the message may be empty), then
        // status and path pairs, none of them empty, up to the next record.
        while index < fields.endIndex, !(index == fields.endIndex - 1 && fields[index].isEmpty) {
            let id =
                index + 5 < fields.endIndex && fields[index].isEmpty
                ? String(decoding: fields[index + 1], as: UTF8.self) : ""
            guard Self.isObjectName(id) else {
                throw Git.Failure(
                    message:
                        "git log gave a record that does not start with a commit (\(id.prefix(12).escapingControls()))")
            }
            let parents = fields[index + 2].split(separator: UInt8(ascii: " ")).map {
                String(decoding: $0, as: UTF8.self)
            }
            let author = String(decoding: fields[index + 3], as: UTF8.self)
            let time = Int(String(decoding: fields[index + 4], as: UTF8.self)) ?? 0
            let message = String(decoding: fields[index + 5], as: UTF8.self)
            var commit = LoggedCommit(id: id, parents: parents, author: author, time: time, message: message)
            index += 6
            while index + 1 < fields.endIndex, !fields[index].isEmpty {
                // The first status follows the message's end of line.
                let deletes = fields[index].first { $0 != UInt8(ascii: "\n") } == UInt8(ascii: "D")
                let path = String(decoding: fields[index + 1], as: UTF8.self)
                if deletes { commit.deleted.append(path) } else { commit.kept.append(path) }
                index += 2
            }
            commits.append(commit)
        }
        return commits
    }

    /// The names of the files under `folder` (from the top) in `HEAD`'s tree; none before the
    /// first commit.
    func committedNames(under folder: String) -> [String] {
        guard let listing = try? git.run(["ls-tree", "-z", "--name-only", "HEAD", "--", folder + "/"]) else {
            return []
        }
        return Git.fields(listing).map { String($0.split(separator: "/").last ?? "") }
    }

    private func range(_ since: String?) -> [String] {
        ["--end-of-options", since.map { $0 + "..HEAD" } ?? "HEAD"]
    }

    /// Forty (SHA-1) or sixty-four (SHA-256) lowercase hexadecimal digits.
    static func isObjectName(_ text: String) -> Bool {
        (text.utf8.count == 40 || text.utf8.count == 64)
            && text.utf8.allSatisfy { ($0 >= 0x30 && $0 <= 0x39) || ($0 >= 0x61 && $0 <= 0x66) }
    }
}
