enum Inkwell {
    /// The version the app reports; whatsnew release writes it.
    static let version = "1.4.0"
    static let minimumServer = "1.2.0"
}
