import Course
import Foundation
import Grading

/// `folio check-content [DIR]`: the validation report of a content directory, without a server.
public enum CheckContentCommand {
    /// Checks the documents (with per-language figures), then everything else the server prepares
    /// from the directory: answer keys, interface strings, pages and search indexes.
    ///
    /// The content hash printed is the one the server records and the console shows for the same directory.
    public static func run(directory: String) -> (text: String, passed: Bool) {
        let content: ContentDirectory
        do {
            content = try ContentDirectory(path: directory)
        } catch {
            return (error.report + "\n", false)
        }
        let check = ContentCheck(files: content.files, oversized: content.oversized, contentHash: content.contentHash)
        var text = check.render()
        guard check.passed else { return (text, false) }
        do {
            let snapshot = try ContentLoader.load(content)
            // What a server makes after it starts serving: the fingerprint and the search indexes.
            let unprepared = snapshot.prepareDeferred()
            guard unprepared.isEmpty else {
                return (text + unprepared.map { "\n\($0.part): \($0.error)" }.joined() + "\n", false)
            }
            text += "\nanswer keys, interface strings, pages and search indexes: ok\n"
            text += groundingReport(snapshot.book.ungroundedPhrases(against: snapshot.library))
            return (text, true)
        } catch {
            return (text + "\n" + error.report + "\n", false)
        }
    }

    /// Key phrases found nowhere in their question's course text: warnings for those without a reason, and per
    /// language a count of the synonyms, split into those with their own reason and a tested paraphrase and
    /// those that rely on a reason shared with other phrases (Content/keys/README.md, Grounding).
    static func groundingReport(_ phrases: [UngroundedPhrase]) -> String {
        var text = ""
        for phrase in phrases where phrase.reason == nil {
            text += "warning: \(phrase)\n"
        }
        let synonyms = Dictionary(grouping: phrases.filter { $0.reason != nil }, by: \.language)
        for language in synonyms.keys.sorted() {
            let phrases = synonyms[language] ?? []
            let justified = phrases.filter(\.isJustified).count
            text +=
                "warning: keys \(language): \(phrases.count) synonyms are not in the course text;"
                + " \(justified) have their own reason and a tested paraphrase, \(phrases.count - justified) rely on"
                + " a reason shared with other phrases (see Content/keys/README.md, Grounding)\n"
        }
        return text
    }
}
