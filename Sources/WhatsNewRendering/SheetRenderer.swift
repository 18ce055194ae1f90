import WhatsNewModel
import WhatsNewSheet

/// A format the sheet is written in. A renderer reads the ``/WhatsNewSheet/Presentation`` and nothing else:
/// it never reads the notes again, its releases are the selection's (a timeline's and a feed's
/// too), and one that fits rows to each size family asks the sheet's `RowBudget`. A new format
/// is one of these and a case of ``OutputFormat`` (the Architecture article lists the rest).
public protocol SheetRenderer: Sendable {
    /// What a renderer that can fail (a template, a store's limit) throws: a ``/WhatsNewModel/Diagnostic``.
    /// `Never` for the rest.
    associatedtype Failure: Error = Never

    /// Writes the sheet to `output` as it is made, so a long sheet is never held whole.
    func render(_ sheet: Presentation, to output: inout some TextOutputStream) throws(Failure)
}

extension SheetRenderer {
    /// The sheet as one string.
    public func render(_ sheet: Presentation) throws(Failure) -> String {
        var output = ""
        try render(sheet, to: &output)
        return output
    }
}
