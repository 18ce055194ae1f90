import Foundation
import WhatsNewSchema

// Decodes every `*.json` under the folders it is given, as a `Sheet`, or, in a folder named
// `lint`, a `LintReport`, in one named `timeline`, a `Timeline`; and writes each back beside
// it as `*.json.decoded` with Foundation's encoder, so the caller can check that nothing was
// lost. With `--since V1,V2,…` first, it also prints, for every sheet and each last-seen
// version, what `releases(after:)` and `whatsNew(since:)` answer; with `--running V` next, what
// `PresentationPolicy()` decides for an app running V whose user last saw each of them (nil:
// a fresh install). With `--concurrency SEEN,RUNNING,FILE` first, it also decides for the
// sheet in FILE from an actor, a `@MainActor` model and a detached task. Exits 1 on the first file
// that does not decode.
//
// `--decode FILE…` instead decodes each file as an app decodes JSON a server or a person wrote,
// and prints one line for each: its title, releases and rows, or the one error it gives.
let decoder = JSONDecoder()
if CommandLine.arguments.dropFirst().first == "--decode" {
    var failed = false
    for path in CommandLine.arguments.dropFirst(2) {
        let name = URL(fileURLWithPath: path).lastPathComponent
        do {
            let sheet = try decoder.decode(Sheet.self, from: Data(contentsOf: URL(fileURLWithPath: path)))
            let releases = sheet.releases.map { release in
                let rows = release.sections.map {
                    "\($0.artwork.map { "\($0)" } ?? "-") \($0.title ?? "-"): \($0.summary ?? "-")"
                }
                return "\(release.title) [\(rows.joined(separator: "; "))]"
            }
            print("\(name): schema \(sheet.schemaVersion) \(sheet.title ?? "-") \(releases.joined(separator: " "))")
        } catch {
            print("\(name): error: \(error)")
            failed = true
        }
    }
    exit(failed ? 1 : 0)
}
let encoder = JSONEncoder()
encoder.outputFormatting = [.sortedKeys, .prettyPrinted]
var arguments = Array(CommandLine.arguments.dropFirst())
var concurrency: [String] = []
if arguments.first == "--concurrency", arguments.count > 1 {
    concurrency = arguments[1].split(separator: ",").map(String.init)
    arguments.removeFirst(2)
}
var concurrencySheet: Sheet?
var lastSeen: [String?] = []
if arguments.first == "--since", arguments.count > 1 {
    lastSeen = arguments[1].split(separator: ",", omittingEmptySubsequences: false).map {
        $0 == "nil" ? nil : String($0)
    }
    arguments.removeFirst(2)
}
var running: String?
if arguments.first == "--running", arguments.count > 1 {
    running = arguments[1]
    arguments.removeFirst(2)
}
var decoded = 0
for folder in arguments {
    let url = URL(fileURLWithPath: folder)
    let files = try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.hasSuffix(".json") }.sorted()
    for file in files {
        let data = try Data(contentsOf: url.appendingPathComponent(file))
        do {
            let again: Data
            switch url.lastPathComponent {
            case "lint": again = try encoder.encode(try decoder.decode(LintReport.self, from: data))
            case "timeline": again = try encoder.encode(try decoder.decode(Timeline.self, from: data))
            default:
                let sheet = try decoder.decode(Sheet.self, from: data)
                if concurrency.count == 3, file == concurrency[2] { concurrencySheet = sheet }
                again = try encoder.encode(sheet)
                for seen in lastSeen {
                    let versions = sheet.releases(after: seen).map { $0.version ?? "-" }.joined(separator: ",")
                    let merged = sheet.whatsNew(since: seen).releases.first
                    let rows =
                        merged?.sections.map { "\($0.title ?? "-")×\($0.items.count)" }.joined(separator: ",") ?? ""
                    print("\(file) after \(seen ?? "nil"): [\(versions)] \(merged?.version ?? "-") {\(rows)}")
                    if let running {
                        let decision = PresentationPolicy().decide(
                            for: sheet, current: SeenVersion(version: running),
                            lastSeen: seen.map { SeenVersion(version: $0) },
                            isFreshInstall: seen == nil)
                        print("\(file) running \(running) after \(seen ?? "nil"): \(decision)")
                    }
                }
            }
            try again.write(to: url.appendingPathComponent(file + ".decoded"))
            decoded += 1
        } catch {
            FileHandle.standardError.write(Data("\(folder)/\(file): \(error)\n".utf8))
            exit(1)
        }
    }
}
if let concurrencySheet {
    await concurrencyExample(concurrencySheet, seen: concurrency[0], running: concurrency[1])
}
print("decoded \(decoded) files")
