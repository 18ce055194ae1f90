import WhatsNewModel
import WhatsNewSheet

/// A format the sheet is written in. A renderer reads the ``/WhatsNewSheet/Presentation`` and nothing else, so
/// no format reads the notes again or chooses its releases its own way; a new format is a
/// folder with one of these and a case of ``OutputFormat``.
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
