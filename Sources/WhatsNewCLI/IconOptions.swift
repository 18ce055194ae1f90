import ArgumentParser
import WhatsNewModel
import WhatsNewReading

/// `--icons FILE`: a project-wide icon map on top of the built-in tables.
struct IconOptions: ParsableArguments {
    @Option(
        name: .customLong("icons"), help: "A YAML map of category or name to icon, used on top of the built-in tables.")
    var iconMap: String?

    /// The entries of the icon map, or none.
    func overrides() throws(Diagnostic) -> [IconOverride] {
        guard let iconMap else { return [] }
        return try IconMapFile.load(path: iconMap)
    }

    /// The built-in catalog with the icon map on top; a bad map is reported and exits 1.
    func catalog() throws -> IconCatalog {
        do {
            return IconCatalog.builtIn.adding(try overrides())
        } catch {
            throw Diagnostics.failure([error])
        }
    }
}
