/// Where the sheet's stylesheet goes: in a `<style>` element with the sheet, or left out for a
/// page that links it once (`whatsnew css`) or has several sheets.
public enum HTMLStyle: String, Sendable, CaseIterable {
    case inline
    case none
}
