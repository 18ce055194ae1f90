// One import for the whole pipeline without Foundation: every stage, from reading the notes to
// writing the sheet. The command line's project layer (WhatsNewProject) is not part of it.
@_exported import WhatsNewEditing
@_exported import WhatsNewModel
@_exported import WhatsNewReading
@_exported import WhatsNewRendering
@_exported import WhatsNewSheet
