/// The markers of one language's document, read from `Content/languages/<code>.json`.
///
/// The parser is one algorithm driven by this data, so a new language is a document plus one such file.
package struct Vocabulary: Sendable, Equatable, Decodable {
    package struct Introduction: Sendable, Equatable, Decodable {
        /// Opens the "how to read this course" paragraph, e.g. `Come leggerlo.`.
        package let readingGuide: String
    }

    package struct ChapterMarkers: Sendable, Equatable, Decodable {
        /// The chapter heading up to its title, e.g. `Capitolo {n} · `.
        package let heading: MarkerPattern
        /// Opens the "after this chapter you can" paragraph.
        package let lead: String
        /// The checkpoint sub-heading line, exactly.
        package let checkpoint: String
        /// Opens the "don't do this yet" paragraph.
        package let notYet: String
        /// Opens the source line, e.g. `Fonte:`.
        package let source: String
    }

    package struct ItemMarkers: Sendable, Equatable, Decodable {
        /// Starts a bullet line, e.g. `• `.
        package let bullet: String
        /// Starts a numbered item or a question, e.g. `{n}. `; the text after `{n}` must not be empty.
        package let numbered: MarkerPattern
        /// Ends a bullet's term, e.g. `. ` or `。 `.
        package let termSeparator: String
        /// The labels that introduce a bullet's "when to use" part (all grammatical variants).
        package let whenToUse: [String]
        /// The labels that introduce a bullet's "when not to use" part.
        package let whenNotToUse: [String]
    }

    package struct AppendixMarkers: Sendable, Equatable, Decodable {
        /// The appendix heading up to its title, e.g. `Appendice · `.
        package let heading: String
        /// Opens a chapter's reference answer paragraph, e.g. `Capitolo {n}.`.
        package let answerLabel: MarkerPattern
        /// The sub-section heading lines keyed by role (`threeLayers`, `availability`, …).
        package let sections: [String: String]
    }

    package struct PracticeMarkers: Sendable, Equatable, Decodable {
        /// The case-study heading up to its title, e.g. `Buone pratiche · `.
        package let heading: String
        /// Opens the case study's "after reading you can" paragraph.
        package let lead: String
        /// The quiz sub-heading line, exactly.
        package let quiz: String
        /// Opens the answers paragraph, the last line of the document.
        package let answers: String
    }

    package let code: String
    package let name: String
    package let tag: String
    package let document: String
    package let order: Int
    package let introduction: Introduction
    package let chapter: ChapterMarkers
    package let items: ItemMarkers
    package let appendix: AppendixMarkers
    package let practice: PracticeMarkers

    /// The language facts the model exposes.
    package var language: Language {
        Language(code: code, name: name, tag: tag, order: order, document: document)
    }

    /// The heading line of an appendix sub-section; present for every role once `problems()` is empty.
    package func sectionHeading(_ role: AppendixSection.Role) -> String {
        appendix.sections[role.rawValue] ?? ""
    }

    /// What is wrong with this vocabulary beyond its JSON shape; empty when it can drive the parser.
    package func problems() -> [String] {
        var problems: [String] = []
        let required: [(String, String)] = [
            ("code", code), ("name", name), ("tag", tag), ("document", document),
            ("introduction.readingGuide", introduction.readingGuide),
            ("chapter.lead", chapter.lead), ("chapter.checkpoint", chapter.checkpoint),
            ("chapter.notYet", chapter.notYet), ("chapter.source", chapter.source),
            ("items.bullet", items.bullet), ("items.termSeparator", items.termSeparator),
            ("appendix.heading", appendix.heading), ("practice.heading", practice.heading),
            ("practice.lead", practice.lead), ("practice.quiz", practice.quiz), ("practice.answers", practice.answers),
        ]
        for (key, value) in required where value.isEmpty || value.contains("\n") {
            problems.append("\"\(key)\" must be a non-empty single line")
        }
        if chapter.heading.prefix.isEmpty || appendix.answerLabel.prefix.isEmpty {
            problems.append("\"chapter.heading\" and \"appendix.answerLabel\" need text before {n}")
        }
        if items.numbered.suffix.isEmpty {
            problems.append("\"items.numbered\" needs a separator after {n}, e.g. \"{n}. \"")
        }
        for (key, labels) in [("items.whenToUse", items.whenToUse), ("items.whenNotToUse", items.whenNotToUse)]
        where labels.isEmpty || labels.contains(where: \.isEmpty) {
            problems.append("\"\(key)\" must list at least one non-empty label")
        }
        if document.contains("/") || document.contains("\\") || document.hasPrefix(".") {
            problems.append("\"document\" must be a file name inside the content directory, found \"\(document)\"")
        }
        for role in AppendixSection.Role.allCases where (appendix.sections[role.rawValue] ?? "").isEmpty {
            problems.append("\"appendix.sections\" lacks the heading of \"\(role.rawValue)\"")
        }
        let known = Set(AppendixSection.Role.allCases.map(\.rawValue))
        for key in appendix.sections.keys.sorted() where !known.contains(key) {
            problems.append("\"appendix.sections\" has an unknown role \"\(key)\"")
        }
        return problems
    }
}
