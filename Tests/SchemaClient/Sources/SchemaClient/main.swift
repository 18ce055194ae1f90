import Foundation
import WhatsNewSchema

// Decodes every `*.json` under the folders it is given, as a `Sheet` or, in a folder named
// `lint`, a `LintReport`, and writes each back beside it as `*.json.decoded` with Foundation's
// encoder, so the caller can check that nothing was lost. Exits 1 on the first file that
// does not decode.
let decoder = JSONDecoder()
let encoder = JSONEncoder()
encoder.outputFormatting = [.sortedKeys, .prettyPrinted]
var decoded = 0
for folder in CommandLine.arguments.dropFirst() {
    let url = URL(fileURLWithPath: folder)
    let files = try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.hasSuffix(".json") }.sorted()
    for file in files {
        let data = try Data(contentsOf: url.appendingPathComponent(file))
        do {
            let again: Data
            if url.lastPathComponent == "lint" {
                again = try encoder.encode(try decoder.decode(LintReport.self, from: data))
            } else {
                again = try encoder.encode(try decoder.decode(Sheet.self, from: data))
            }
            try again.write(to: url.appendingPathComponent(file + ".decoded"))
            decoded += 1
        } catch {
            FileHandle.standardError.write(Data("\(folder)/\(file): \(error)\n".utf8))
            exit(1)
        }
    }
}
print("decoded \(decoded) files")
