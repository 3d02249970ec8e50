import Foundation
import Testing

@testable import Course

/// A new language needs only its document and its vocabulary file: here an English-marked copy of the
/// Italian document, loaded beside the five real languages without any code change.
@Suite struct SixthLanguageTests {
    static let markers: [(String, String)] = [
        ("Dopo questo capitolo sai.", "After this chapter you can."),
        ("In questo capitolo non farlo ancora.", "Not yet in this chapter."),
        ("Fonte:", "Source:"),
        ("Come leggerlo.", "How to read it."),
        ("Punto di controllo", "Checkpoint"),
        ("Appendice · ", "Appendix · "),
        ("Tre strati, non saltarli", "Three layers, skip none"),
        ("Disponibilità, per non confondere le date", "Availability"),
        ("Appena apri un file, cerca prima questi", "Search for these first"),
        ("Posture da aver visto almeno una volta nel Device Hub", "Postures to see in Device Hub"),
        ("Risposte ai punti di controllo", "Checkpoint answers"),
        ("Ingressi ufficiali", "Official entries"),
        ("Buone pratiche · ", "Best practice · "),
        ("Dopo aver letto sai.", "After reading you can."),
        ("Prova su questa app", "Test yourself on this app"),
        ("Risposte.", "Answers."),
        ("Capitolo ", "Chapter "),
    ]

    static func englishDocument() -> String {
        ContentFixture.lines("it").map { line in
            var line = line
            for (italian, english) in markers where line.hasPrefix(italian) {
                line = english + line.dropFirst(italian.count)
            }
            for variant in ["lo", "la", "li", "le"] {
                line = line.replacingOccurrences(of: "Quando non usar\(variant):", with: "When not to use:")
                    .replacingOccurrences(of: "Quando usar\(variant):", with: "When to use:")
            }
            return line
        }.joined(separator: "\n")
    }

    /// The vocabulary file of the English-marked document.
    static let vocabulary = """
        {
          "code": "en",
          "name": "English",
          "tag": "en",
          "document": "en.txt",
          "order": 6,
          "introduction": {
            "readingGuide": "How to read it."
          },
          "chapter": {
            "heading": "Chapter {n} · ",
            "lead": "After this chapter you can.",
            "checkpoint": "Checkpoint",
            "notYet": "Not yet in this chapter.",
            "source": "Source:"
          },
          "items": {
            "bullet": "• ",
            "numbered": "{n}. ",
            "termSeparator": ". ",
            "whenToUse": [
              "When to use:"
            ],
            "whenNotToUse": [
              "When not to use:"
            ]
          },
          "appendix": {
            "heading": "Appendix · ",
            "answerLabel": "Chapter {n}.",
            "sections": {
              "threeLayers": "Three layers, skip none",
              "availability": "Availability",
              "redFlags": "Search for these first",
              "postures": "Postures to see in Device Hub",
              "answers": "Checkpoint answers",
              "officialEntries": "Official entries"
            }
          },
          "practice": {
            "heading": "Best practice · ",
            "lead": "After reading you can.",
            "quiz": "Test yourself on this app",
            "answers": "Answers."
          }
        }
        """

    @Test func aDocumentAndAVocabularyFileAddALanguage() throws {
        var files = ContentFixture.files
        files["en.txt"] = Array(Self.englishDocument().utf8)
        files["languages/en.json"] = Array(Self.vocabulary.utf8)
        let library = try CourseLibrary.parse(files: files)
        #expect(library.languages.map(\.code) == ContentFixture.codes + ["en"])
        let english = try #require(library["en"])
        #expect(english.chapter(4)?.heading.hasPrefix("Chapter 4 · ") == true)
        #expect(english.chapter(4)?.answer.label == "Chapter 4.")
        #expect(english.questions.count == 41)
        let bullet = try #require(english.chapter(0)?.blocks.first { $0.kind == .bullet })
        #expect(bullet.whenToUse?.hasPrefix("per descrivere l'hardware") == true)
        #expect(english.practice.answer.label == "Answers.")
    }
}
