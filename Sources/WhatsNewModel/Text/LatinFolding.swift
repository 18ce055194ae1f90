extension StringProtocol {
    /// The text with Latin letters' marks taken off (`Café Ünïcode` → `Cafe Unicode`, `ß` →
    /// `ss`, `ø` → `o`), from Unicode's decompositions kept as data (`latin-folding.tsv`), for
    /// names made of ASCII such as a fragment's file name. Other scripts pass unchanged.
    package func foldingLatinMarks() -> String {
        var folded = ""
        folded.reserveCapacity(utf8.count)
        for scalar in unicodeScalars {
            if scalar.isASCII {
                folded.unicodeScalars.append(scalar)
            } else if let ascii = LatinFolding.table[scalar] {
                folded += ascii
            } else if !scalar.properties.isDiacritic || scalar.properties.generalCategory != .nonspacingMark {
                folded.unicodeScalars.append(scalar)
            }
        }
        return folded
    }
}

enum LatinFolding {
    static let table: [Unicode.Scalar: String] = {
        var table: [Unicode.Scalar: String] = [:]
        for line in PackageResources.latin_folding_tsv.split(separator: UInt8(ascii: "\n"))
        where line.first != UInt8(ascii: "#") {
            let columns = line.split(separator: UInt8(ascii: "\t")).map { String(decoding: $0, as: UTF8.self) }
            guard columns.count == 2, let scalar = columns[0].unicodeScalars.first else { continue }
            table[scalar] = columns[1]
        }
        return table
    }()
}
