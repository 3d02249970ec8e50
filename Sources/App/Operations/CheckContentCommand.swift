import Course
import Foundation

/// `folio check-content [DIR]`: the validation report of a content directory, without a server.
public enum CheckContentCommand {
    /// Checks the documents (with per-language figures), then everything else the server prepares
    /// from the directory: answer keys, interface strings, pages and search indexes.
    public static func run(directory: String) -> (text: String, passed: Bool) {
        let check = ContentCheck(directory: URL(fileURLWithPath: directory, isDirectory: true))
        var text = check.render()
        guard check.passed else { return (text, false) }
        do {
            _ = try ContentLoader.load(directory: directory)
            text += "\nanswer keys, interface strings, pages and search indexes: ok\n"
            return (text, true)
        } catch {
            return (text + "\n" + error.report + "\n", false)
        }
    }
}
