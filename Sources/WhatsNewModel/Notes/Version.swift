@_exported import WhatsNewSchema

/// A release's version, ordered as WhatsNewSchema orders it, so the command line and an app
/// that decodes the JSON agree on which release is newer.
public typealias Version = ReleaseVersion
