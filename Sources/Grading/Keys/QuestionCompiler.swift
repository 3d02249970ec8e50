import Foundation

/// Checks one question's entry in a language file against its neutral key and compiles its matcher.
struct QuestionCompiler {
    let key: AnswerKey
    let entry: LanguageQuestionFile
    let normalizer: Normalizer
    let lexicon: Lexicon
    let fail: (String) -> GradingError

    func compile() throws(GradingError) -> LanguagePack.QuestionWords {
        var entries: [QuestionMatcher.Entry] = []
        var compiled = CompiledPhrases()
        let (optionLabels, correctLabel) = try compileOptions(into: &entries, compiled: &compiled)
        let numberLabel = try compileAnswer(into: &entries, compiled: &compiled)
        var conceptLabels: [String] = []
        let conceptEntries = entry.concepts ?? [:]
        for id in conceptEntries.keys.sorted() where !key.concepts.contains(where: { $0.id == id }) {
            throw fail("unknown concept \"\(id)\" (not in keys.json)")
        }
        for (index, concept) in key.concepts.enumerated() {
            guard let words = conceptEntries[concept.id], let label = words.label, !label.isEmpty else {
                throw fail("concept \"\(concept.id)\" needs a label")
            }
            guard concept.number != nil || !concept.parts.isEmpty || !words.allPhrases.isEmpty else {
                throw fail("concept \"\(concept.id)\" needs phrases")
            }
            try add(words, .concept(index), "concept \(concept.id)", into: &entries, compiled: &compiled)
            try addParts(of: concept, index, words, into: &entries, compiled: &compiled)
            conceptLabels.append(label)
        }
        if let wrong = entry.wrong {
            try add(wrong, .wrong, nil, into: &entries, compiled: &compiled)
        }
        if let ignore = entry.ignore {
            try add(ignore, .ignored, nil, into: &entries, compiled: &compiled)
        }
        for pattern in lexicon.dontKnow {
            entries.append(QuestionMatcher.Entry(pattern: pattern, target: .dontKnow, wholeClause: false))
        }
        let readsNumbers = !key.expectedNumbers.isEmpty
        if readsNumbers {
            for word in lexicon.numbers {
                entries.append(
                    QuestionMatcher.Entry(
                        pattern: word.pattern, target: .number(word.value, weak: word.weak), wholeClause: false))
            }
        }
        let reference = entry.reference ?? []
        if reference.contains(where: { $0.allSatisfy(\.isWhitespace) }) {
            throw fail("\"reference\" holds a blank sentence")
        }
        var anchors: [[PhrasePattern]] = []
        for concept in key.concepts {
            var patterns: [PhrasePattern] = []
            for anchor in conceptEntries[concept.id]?.anchors ?? [] { patterns.append(try compile(anchor)) }
            anchors.append(patterns)
        }
        return LanguagePack.QuestionWords(
            optionLabels: optionLabels, answerLabel: correctLabel ?? numberLabel ?? "", conceptLabels: conceptLabels,
            matcher: QuestionMatcher(entries: entries, readsNumbers: readsNumbers), grounded: compiled.grounded,
            phrases: compiled.phrases, anchors: anchors, reference: reference)
    }

    /// The phrases of each part of a concept that has parts; each part needs phrases, and only the parts
    /// `keys.json` names are allowed.
    private func addParts(
        of concept: AnswerKey.Concept, _ index: Int, _ words: PhraseSetFile,
        into entries: inout [QuestionMatcher.Entry], compiled: inout CompiledPhrases
    ) throws(GradingError) {
        let given = words.parts ?? [:]
        for id in given.keys.sorted() where !concept.parts.contains(id) {
            throw fail("concept \"\(concept.id)\": unknown part \"\(id)\" (keys.json names \(concept.parts))")
        }
        for (part, id) in concept.parts.enumerated() {
            guard let partWords = given[id], !partWords.allPhrases.isEmpty else {
                throw fail("concept \"\(concept.id)\": part \"\(id)\" needs phrases")
            }
            try add(
                partWords, .part(concept: index, part: part), "concept \(concept.id)", into: &entries,
                compiled: &compiled)
        }
    }

    /// The options' labels for the chapter JSON, and the label of the correct one for the rubric (a boolean
    /// option's own `label`, such as "no: it is still an iPhone app", or the plain yes/no word).
    private func compileOptions(
        into entries: inout [QuestionMatcher.Entry], compiled: inout CompiledPhrases
    ) throws(GradingError) -> (labels: [String], correct: String?) {
        let words = entry.options ?? [:]
        guard key.kind == .choice || key.kind == .boolean else {
            guard words.isEmpty else { throw fail("only choice and boolean questions have options") }
            return ([], nil)
        }
        var correctLabel: String?
        for id in words.keys.sorted() where !key.options.contains(id) {
            throw fail("unknown option \"\(id)\"; the options are \(key.options)")
        }
        var labels: [String] = []
        for (index, id) in key.options.enumerated() {
            let optionWords =
                words[id] ?? PhraseSetFile(label: nil, phrases: nil, synonyms: nil, anchors: nil, parts: nil)
            let isCorrect = index == key.correctOption
            if key.kind == .choice {
                guard let label = optionWords.label, !label.isEmpty else {
                    throw fail("option \"\(id)\" needs a label")
                }
                guard !optionWords.allPhrases.isEmpty else { throw fail("option \"\(id)\" needs phrases") }
                labels.append(label)
                if isCorrect { correctLabel = label }
            } else {
                let plain = id == "yes" ? lexicon.yesLabel : lexicon.noLabel
                labels.append(plain)
                if isCorrect { correctLabel = optionWords.label ?? plain }
                for pattern in id == "yes" ? lexicon.yes : lexicon.no {
                    entries.append(QuestionMatcher.Entry(pattern: pattern, target: .option(index), wholeClause: true))
                }
            }
            try add(
                optionWords, .option(index), isCorrect ? "option \(id)" : nil, into: &entries, compiled: &compiled)
        }
        if key.kind == .boolean, words.values.allSatisfy({ $0.allPhrases.isEmpty }) {
            throw fail("a boolean question needs phrases stating yes or no in its own words")
        }
        return (labels, correctLabel)
    }

    private func compileAnswer(
        into entries: inout [QuestionMatcher.Entry], compiled: inout CompiledPhrases
    ) throws(GradingError) -> String? {
        guard key.kind == .number else {
            guard entry.answer == nil else { throw fail("only number questions have an \"answer\" entry") }
            return nil
        }
        guard let answer = entry.answer, let label = answer.label, !label.isEmpty else {
            throw fail("a number question needs \"answer\" with a label")
        }
        try add(answer, .answer, "answer", into: &entries, compiled: &compiled)
        return label
    }

    /// Compiles the phrases and synonyms of one part; phrases (not synonyms) of correct parts are grounded.
    private func add(
        _ words: PhraseSetFile, _ target: QuestionMatcher.Target, _ groundedPart: String?,
        into entries: inout [QuestionMatcher.Entry], compiled: inout CompiledPhrases
    ) throws(GradingError) {
        for synonym in words.synonyms ?? [] where synonym.reason.trimmingCharacters(in: .whitespaces).isEmpty {
            throw fail("synonyms \(synonym.phrases) need a reason")
        }
        let part = partName(target)
        for phrase in words.phrases ?? [] {
            let pattern = try compile(phrase)
            entries.append(QuestionMatcher.Entry(pattern: pattern, target: target, wholeClause: false))
            if let groundedPart {
                compiled.grounded.append(LanguagePack.GroundedPhrase(part: groundedPart, pattern: pattern))
            }
            if let part { compiled.phrases.append(LanguagePack.KeyPhrase(part: part, pattern: pattern, reason: nil)) }
        }
        for synonym in words.synonyms ?? [] {
            for phrase in synonym.phrases {
                let pattern = try compile(phrase)
                entries.append(QuestionMatcher.Entry(pattern: pattern, target: target, wholeClause: false))
                if let part {
                    compiled.phrases.append(
                        LanguagePack.KeyPhrase(
                            part: part, pattern: pattern, reason: synonym.reason, ownReason: synonym.phrases.count == 1,
                            examples: synonym.examples ?? []))
                }
            }
        }
    }

    /// The part a target's phrases earn credit for, as the grounding report names it; `nil` for wrong options,
    /// wrong statements and echoes of the question, which earn none.
    private func partName(_ target: QuestionMatcher.Target) -> String? {
        switch target {
        case .option(let index): index == key.correctOption ? "option \(key.options[index])" : nil
        case .concept(let index), .part(let index, _): "concept \(key.concepts[index].id)"
        case .answer: "answer"
        case .wrong, .ignored, .dontKnow, .number: nil
        }
    }

    private func compile(_ phrase: String) throws(GradingError) -> PhrasePattern {
        guard let pattern = PhrasePattern(phrase, normalizer: normalizer) else {
            throw fail("phrase \"\(phrase)\" has nothing to match after normalisation")
        }
        return pattern
    }
}

/// The phrases one question's compilation gathers besides its matcher.
struct CompiledPhrases {
    /// Phrases (not synonyms) of correct parts, for the grounding test.
    var grounded: [LanguagePack.GroundedPhrase] = []
    /// Every phrase and synonym that earns credit (correct option, answer, concepts), for the grounding report.
    var phrases: [LanguagePack.KeyPhrase] = []
}
