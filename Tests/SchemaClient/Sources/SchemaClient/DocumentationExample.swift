import Foundation
import WhatsNewSchema

/// The WhatsNewSchema landing page's example, compiled here as an app compiles it (the
/// SchemaClient test builds this package); `DocumentationExamplesTests` checks that the page
/// shows exactly this code. Never called: it reads the app bundle's `WhatsNew.json`.
func documentationExample() throws {
    let url = Bundle.main.url(forResource: "WhatsNew", withExtension: "json")!
    let sheet = try JSONDecoder().decode(Sheet.self, from: Data(contentsOf: url))
    for release in sheet.releases {
        print(release.title)
        for section in release.sections {
            print(section.icon ?? "•", section.title ?? "", section.summary ?? "")
        }
    }
}

/// The JSON article's example.
func jsonArticleExample(data: Data) throws {
    // Package.swift: .product(name: "WhatsNewSchema", package: "whatsnew")
    let sheet = try JSONDecoder().decode(Sheet.self, from: data)
    for section in sheet.releases.first?.sections ?? [] {
        print(section.symbol ?? section.icon ?? "•", section.title ?? "", section.summary ?? "")
    }
}
