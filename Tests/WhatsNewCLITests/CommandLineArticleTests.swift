import Foundation
import Testing

/// The command line article's synopsis names exactly the options each command's `--help`
/// lists, so the documentation cannot fall behind the commands.
struct CommandLineArticleTests {
    static let article = SharedFiles.tests.deletingLastPathComponent()
        .appendingPathComponent("Sources/WhatsNew/WhatsNew.docc/CommandLine.md")

    /// Each command of the synopsis (`render` for the bare `whatsnew`) and the options it shows.
    static func synopsis() throws -> [String: Set<String>] {
        let text = try String(contentsOf: article, encoding: .utf8)
        let block = try #require(text.components(separatedBy: "```\n").dropFirst().first)
        var commands: [String: Set<String>] = [:]
        var current = ""
        for line in block.components(separatedBy: "\n") {
            if line.hasPrefix("whatsnew") {
                let words = line.split(separator: " ").dropFirst().prefix { $0.allSatisfy(\.isLetter) }
                current = words.isEmpty ? "render" : words.joined(separator: " ")
            }
            commands[current, default: []].formUnion(options(in: line))
        }
        return commands
    }

    static func options(in text: String) -> Set<String> {
        Set(text.matches(of: /--[a-z][a-z-]*/).map { String($0.output) })
    }

    /// The options `--help` lists for a command, besides `--help` and `--version`.
    static func helpOptions(_ command: String) throws -> Set<String> {
        let help = try WhatsNewBinary.run(command.split(separator: " ").map(String.init) + ["--help"])
        let listed = help.stdout.components(separatedBy: "OPTIONS:").dropFirst().joined()
        let names = listed.split(separator: "\n").compactMap { line in
            line.firstMatch(of: /^\s+(?:-[a-zA-Z], )?(--[a-z][a-z-]*)/).map { String($0.output.1) }
        }
        return Set(names).subtracting(["--help", "--version"])
    }

    @Test func theSynopsisNamesEveryOptionOfEveryCommand() throws {
        let synopsis = try Self.synopsis()
        let commands = [
            "render", "lint", "locales", "icons", "css", "export fastlane", "export json", "export sparkle", "preview",
            "new", "draft",
            "next", "release", "recover", "check", "deps", "init",
        ]
        #expect(Set(synopsis.keys) == Set(commands))
        for command in commands {
            let help = try Self.helpOptions(command)
            #expect(!help.isEmpty, "\(command) --help lists no options")
            #expect(synopsis[command] == help, "\(command): the article \(synopsis[command] ?? []), --help \(help)")
        }
    }
}
