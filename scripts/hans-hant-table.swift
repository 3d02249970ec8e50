// Writes Content/keys/hans-hant.txt: the Simplified → Traditional Han table the grader uses for
// `simplifiedToTraditional`, taken from ICU's Hans-Hant transform as Foundation ships it.
//
//     swift scripts/hans-hant-table.swift > Content/keys/hans-hant.txt
//
// The transform runs once over the whole CJK Unified Ideographs block (U+4E00–U+9FFF), exactly as the
// table was built at start-up before it was shipped as data; only the characters it changes are written.
// GradingTests (HanTableTests) compares the shipped file with this transform on every test run.
import Foundation

let first: UInt32 = 0x4E00
let last: UInt32 = 0x9FFF

var view = String.UnicodeScalarView()
for value in first...last {
    if let scalar = Unicode.Scalar(value) { view.append(scalar) }
}
guard let converted = String(view).applyingTransform(StringTransform("Hans-Hant"), reverse: false) else {
    FileHandle.standardError.write(Data("this platform's Foundation has no ICU Hans-Hant transform\n".utf8))
    exit(1)
}
let targets = Array(converted.unicodeScalars)
guard targets.count == Int(last - first + 1) else {
    FileHandle.standardError.write(Data("Hans-Hant did not map the block character for character\n".utf8))
    exit(1)
}
var lines: [String] = []
for (offset, target) in targets.enumerated() {
    guard let source = Unicode.Scalar(first + UInt32(offset)), source != target else { continue }
    lines.append("\(source)\t\(target)")
}
print(
    """
    # Simplified → Traditional Han characters for answer grading (`simplifiedToTraditional` in {lang}.json).
    # From ICU's Hans-Hant transform as the Swift toolchain's Foundation ships it, applied to the CJK Unified
    # Ideographs block U+4E00–U+9FFF; only the \(lines.count) characters it changes are listed, one pair a line:
    # Simplified, a tab, Traditional. Every other character is left as it is.
    # Regenerate with: swift scripts/hans-hant-table.swift > Content/keys/hans-hant.txt
    # (GradingTests checks this file against the transform, so a new ICU cannot drift from it unnoticed.)
    """)
print(lines.joined(separator: "\n"))
