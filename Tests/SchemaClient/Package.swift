// swift-tools-version: 6.2
// An app's view of whatsnew: a target that depends on the WhatsNewSchema library alone and
// decodes what the command line writes, in Swift 6's language mode; and one that keeps what
// the user saw in UserDefaults across launches; and the in-app field run. WhatsNewCLITests builds
// and runs them.
import Foundation
import PackageDescription

// A path dependency is known by its folder's name, whatever the clone is called.
let whatsnew = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()

let package = Package(
    name: "SchemaClient",
    // The oldest the whatsnew package supports: an app need not be newer to take the schema.
    platforms: [.macOS(.v13), .iOS(.v16)],
    dependencies: [.package(path: whatsnew.path)],
    targets: [
        .executableTarget(
            name: "SchemaClient",
            dependencies: [.product(name: "WhatsNewSchema", package: whatsnew.lastPathComponent.lowercased())]
        ),
        // The in-app field run over real changelogs (Tests/Field/in-app.py).
        .executableTarget(
            name: "AppField",
            dependencies: [.product(name: "WhatsNewSchema", package: whatsnew.lastPathComponent.lowercased())]
        ),
        .executableTarget(
            name: "Launches",
            dependencies: [.product(name: "WhatsNewSeenStores", package: whatsnew.lastPathComponent.lowercased())]
        ),
    ],
    swiftLanguageModes: [.v6]
)
