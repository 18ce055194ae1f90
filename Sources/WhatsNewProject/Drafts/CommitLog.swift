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

    /// The first ten hexadecimal digits, as a drafted note's file name carries them.
    var short: String { String(id.prefix(10)) }
}

/// The commits of a range, read from git in one pass each: `git log` without a shell, its
/// records separated by NUL, which no message and no path can hold.
struct CommitLog {
    let git: Git

    /// The commits reachable from `HEAD` but not from `since` (every commit for nil), newest
    /// first, in an order where no parent comes before its child.
    func commits(since: String?) throws(Git.Failure) -> [LoggedCommit] {
        let output = try git.run(["log", "-z", "--topo-order", "--format=%H%x00%P%x00%an%x00%ct%x00%B"] + range(since))
        let fields = output.split(separator: 0, omittingEmptySubsequences: false)
        var commits: [LoggedCommit] = []
        commits.reserveCapacity(fields.count / 5)
        var index = fields.startIndex
        while index + 4 < fields.endIndex {
            let id = String(decoding: fields[index], as: UTF8.self)
            guard Self.isObjectName(id) else {
                throw Git.Failure(message: "git log gave a record that does not start with a commit (\(id.prefix(12).escapingControls()))")
            }
            let parents = fields[index + 1].split(separator: UInt8(ascii: " ")).map { String(decoding: $0, as: UTF8.self) }
            let author = String(decoding: fields[index + 2], as: UTF8.self)
            let time = Int(String(decoding: fields[index + 3], as: UTF8.self)) ?? 0
            let message = String(decoding: fields[index + 4], as: UTF8.self)
            commits.append(LoggedCommit(id: id, parents: parents, author: author, time: time, message: message))
            index += 5
        }
        return commits
    }

    /// For each commit of the range that changes something under `folder` (from the
    /// repository's top), the paths it adds or edits (`A`, `M`) and those it deletes (`D`).
    func changes(under folder: String, since: String?) throws(Git.Failure) -> [String: (kept: [String], deleted: [String])] {
        let output = try git.run(
            ["log", "-z", "--no-renames", "--name-status", "--format=%x00%H"] + range(since) + ["--", folder])
        var changes: [String: (kept: [String], deleted: [String])] = [:]
        for (commit, tokens) in Self.records(output) {
            // `--name-status` gives each path after its status.
            for pair in stride(from: 0, to: tokens.count - 1, by: 2) {
                if tokens[pair].hasPrefix("D") {
                    changes[commit, default: ([], [])].deleted.append(tokens[pair + 1])
                } else {
                    changes[commit, default: ([], [])].kept.append(tokens[pair + 1])
                }
            }
        }
        return changes
    }

    /// The paths (from the repository's top) each commit of the range changes.
    func paths(since: String?) throws(Git.Failure) -> [String: [String]] {
        let output = try git.run(["log", "-z", "--no-renames", "--name-only", "--format=%x00%H"] + range(since))
        return Dictionary(Self.records(output)) { first, _ in first }
    }

    /// `git log -z --format=%x00%H` with a file list: each commit and the fields listed after it.
    private static func records(_ output: [UInt8]) -> [(commit: String, tokens: [String])] {
        var records: [(commit: String, tokens: [String])] = []
        var expectsCommit = false
        for token in output.split(separator: 0, omittingEmptySubsequences: false) {
            let text = String(decoding: token, as: UTF8.self).trimmingCharacters(from: "\n")
            if text.isEmpty {
                expectsCommit = true
            } else if expectsCommit {
                records.append((text, []))
                expectsCommit = false
            } else if !records.isEmpty {
                records[records.count - 1].tokens.append(text)
            }
        }
        return records
    }

    /// The names of the files under `folder` (from the top) in `HEAD`'s tree; none before the
    /// first commit.
    func committedNames(under folder: String) -> [String] {
        guard let listing = try? git.run(["ls-tree", "-z", "--name-only", "HEAD", "--", folder + "/"]) else { return [] }
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
