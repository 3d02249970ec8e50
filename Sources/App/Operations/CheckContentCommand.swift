import Course
import Foundation

/// `folio check-content [DIR]`: the validation report of a content directory, without a server.
public enum CheckContentCommand {
    /// Checks the documents (with per-language figures), then everything else the server prepares
    /// from the directory: answer keys, interface strings, pages and search indexes.
    ///
    /// The content hash printed is the one the server records and the console shows for the same directory.
    public static func run(directory: String) -> (text: String, passed: Bool) {
        let root = URL(fileURLWithPath: directory, isDirectory: true)
        let contentHash: String
        do {
            contentHash = try ContentLoader.digestOfFiles(under: root)
        } catch {
            contentHash = "unavailable (\(error))"
        }
        let check = ContentCheck(directory: root, contentHash: contentHash)
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
