import WhatsNewModel

/// Where the sheet's stylesheet goes: in a `<style>` element with the sheet, or left out for a
/// page that links it once (`whatsnew css`) or has several sheets.
public enum HTMLStyle: String, Sendable, CaseIterable {
    /// A `<style>` element with the sheet (in a standalone page, in its head).
    case inline
    /// No stylesheet: the page links `whatsnew css` once.
    case none
}
