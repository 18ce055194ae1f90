import ArgumentParser

/// `--icons FILE`: a project-wide icon map on top of the built-in tables.
struct IconOptions: ParsableArguments {
    @Option(
        name: .customLong("icons"), help: "A YAML map of category or name to icon, used on top of the built-in tables.")
    var iconMap: String?
}
