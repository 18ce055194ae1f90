import WhatsNewRendering

/// `whatsnew css`: the HTML sheet's stylesheet, to standard output or to a file of the
/// project's (or one the command line names, ``ProjectBoundary``).
package struct WriteStylesheet {
    /// `--output`: the file; nil for standard output.
    package var output: String?

    package init(output: String?) {
        self.output = output
    }

    package func run() throws(CommandFailure) {
        if let output, output != "-" {
            try Project.find().boundary.admit(output, from: .commandLine, what: "the output")
        }
        try OutputTarget(path: output).write(HTMLRenderer.stylesheet)
    }
}
