// swift-tools-version: 6.2
// An app's view of whatsnew: a package that depends on the WhatsNewSchema library alone and
// decodes what the command line writes. WhatsNewCLITests builds and runs it.
import Foundation
import PackageDescription

// A path dependency is known by its folder's name, whatever the clone is called.
let whatsnew = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()

let package = Package(
    name: "SchemaClient",
    platforms: [.macOS(.v14), .iOS(.v17)],
    dependencies: [.package(path: whatsnew.path)],
    targets: [
        .executableTarget(
            name: "SchemaClient",
            dependencies: [.product(name: "WhatsNewSchema", package: whatsnew.lastPathComponent.lowercased())]
        )
    ]
)
