import Stemming
import Transliteration

/// Compiling one `{lang}.json` against the neutral keys.
extension KeyCompiler {
    static func compileLanguage(code: String, file: LanguageKeyFile, keys: [String: AnswerKey], han: HanConverter?)
        throws(GradingError) -> LanguagePack
    {
        let fileName = "\(code).json"
        func fail(_ question: String?, _ message: String) -> GradingError {
            GradingError(.invalidKey, file: fileName, question: question, message)
        }
        guard file.language == code else {
            throw fail(nil, "\"language\" is \"\(file.language)\" but the file is named \(fileName)")
        }
        var rules = try textRules(file.text, fail: { fail(nil, $0) })
        if let id = file.text.romaji {
            do {
                rules.romaji = RomajiReader(transliterator: try Transliterator(id: id), keyWords: latinWords(of: file))
            } catch {
                throw fail(nil, "romaji: \(error)")
            }
        }
        let normalizer = Normalizer(rules: rules, han: rules.simplifiedToTraditional ? han : nil)
        let lexicon = try LexiconCompiler(normalizer: normalizer, file: fileName).compile(file.lexicon)
        var templates: [Feedback.Reason: String] = [:]
        for (name, sentence) in file.feedback.sorted(by: { $0.key < $1.key }) {
            guard let reason = Feedback.Reason(rawValue: name) else { throw fail(nil, "unknown feedback \"\(name)\"") }
            templates[reason] = sentence
        }
        for reason in Feedback.Reason.allCases where reason != .correctIncomplete && templates[reason] == nil {
            throw fail(nil, "feedback \"\(reason.rawValue)\" is missing")
        }
        for id in file.questions.keys.sorted(by: QuestionOrder.precedes) where keys[id] == nil {
            throw fail(id, "unknown question id (not in keys.json)")
        }
        var questions: [String: LanguagePack.QuestionWords] = [:]
        let ids = keys.keys.sorted(by: QuestionOrder.precedes)
        for id in ids {
            guard let key = keys[id] else { continue }
            guard let entry = file.questions[id] else { throw fail(id, "no entry for this question") }
            let compiler = QuestionCompiler(
                key: key, entry: entry, normalizer: normalizer, lexicon: lexicon, fail: { fail(id, $0) })
            questions[id] = try compiler.compile()
        }
        let matcher = LanguageMatcher(
            questions: ids.compactMap { id in questions[id].map { (id, $0.matcher, $0.anchors) } })
        return LanguagePack(
            code: code, normalizer: normalizer, lexicon: lexicon,
            feedback: Feedback(templates: templates), listSeparator: file.text.listSeparator, questions: questions,
            matcher: matcher)
    }

    /// The lower-cased Latin words of a language file's phrases and lexicon (`overlay`, `status`, `no`): written
    /// in Latin by the key, so never read as romaji.
    private static func latinWords(of file: LanguageKeyFile) -> Set<String> {
        var texts: [String] = []
        for entry in file.questions.values {
            let sets =
                Array((entry.options ?? [:]).values) + Array((entry.concepts ?? [:]).values)
                + [entry.answer, entry.wrong, entry.ignore].compactMap { $0 }
            texts += sets.flatMap { $0.allPhrases + ($0.anchors ?? []) }
        }
        let lexicon = file.lexicon
        texts += lexicon.yes + lexicon.no + lexicon.dontKnow + lexicon.bothOptions + lexicon.functionWords
        var words: Set<String> = []
        for text in texts {
            var word = ""
            for character in text.lowercased() + " " {
                if RomajiSyllables.isLatinLetter(character) {
                    word.append(character)
                } else if !word.isEmpty {
                    words.insert(word)
                    word = ""
                }
            }
        }
        return words
    }

    private static func textRules(_ text: TextRulesFile, fail: (String) -> GradingError) throws(GradingError)
        -> TextRules
    {
        guard let script = TextRules.Script(rawValue: text.script) else {
            throw fail("script must be latin, han or japanese")
        }
        guard let segmentation = TextRules.Segmentation(rawValue: text.segmentation) else {
            throw fail("segmentation must be words or characters")
        }
        guard let caseFolding = TextRules.CaseFolding(rawValue: text.caseFolding) else {
            throw fail("caseFolding must be standard or turkish")
        }
        var variants: [UInt32: UInt32] = [:]
        for variant in text.variants ?? [] {
            let from = variant.from.unicodeScalars
            let to = variant.to.unicodeScalars
            guard from.count == 1, to.count == 1, let source = from.first, let target = to.first else {
                throw fail("a variant maps one character to one character (\(variant.from) → \(variant.to))")
            }
            guard !variant.reason.isEmpty else { throw fail("variant \(variant.from) needs a reason") }
            variants[source.value] = target.value
        }
        var vocabulary: [(from: String, to: String)] = []
        for word in (text.vocabulary ?? []) + (text.readings ?? []) {
            guard !word.from.isEmpty, !word.reason.isEmpty else {
                throw fail("vocabulary entries need a word and a reason (\(word.from) → \(word.to))")
            }
            vocabulary.append((word.from, word.to))
        }
        var rules = TextRules(
            caseFolding: caseFolding, foldDiacritics: text.foldDiacritics,
            simplifiedToTraditional: text.simplifiedToTraditional ?? false, segmentation: segmentation,
            script: script, verbStems: text.verbStems ?? false, variants: variants, vocabulary: vocabulary)
        rules.foldKana = text.foldKana ?? false
        rules.stemAccented = text.stemAccented ?? false
        rules.stemBareKeyWordsOnly = text.stemBareKeyWordsOnly ?? false
        if let algorithm = text.stemmer {
            guard segmentation == .words else { throw fail("a stemmer is for languages segmented in words") }
            do {
                rules.stemmer = try Stemmer(algorithm: algorithm)
            } catch {
                throw fail("unknown stemmer \"\(algorithm)\" (libstemmer has \(Stemmer.algorithms))")
            }
        }
        var denied: Set<String> = []
        for entry in text.stemDeny ?? [] {
            guard !entry.reason.isEmpty else { throw fail("stemDeny \"\(entry.word)\" needs a reason") }
            let plain = Normalizer(rules: rules, han: nil).tokens(entry.word).map(\.text)
            guard plain.count == 1, let word = plain.first else { throw fail("stemDeny \"\(entry.word)\" is one word") }
            denied.insert(word)
        }
        rules.deniedStems = denied
        return rules
    }
}

/// Compiles the lexicon of one language.
private struct LexiconCompiler {
    let normalizer: Normalizer
    let file: String

    func patterns(_ phrases: [String], _ field: String) throws(GradingError) -> [PhrasePattern] {
        var result: [PhrasePattern] = []
        for phrase in phrases {
            guard let pattern = PhrasePattern(phrase, normalizer: normalizer, verbStems: false) else {
                throw GradingError(.invalidKey, file: file, "lexicon.\(field): \"\(phrase)\" has nothing to match")
            }
            result.append(pattern)
        }
        return result
    }

    func compile(_ lexicon: LexiconFile) throws(GradingError) -> Lexicon {
        guard !lexicon.yes.isEmpty, !lexicon.no.isEmpty else {
            throw GradingError(.invalidKey, file: file, "lexicon needs yes and no words")
        }
        var cues: [String: Lexicon.Cue] = [:]
        var order: [String] = []
        func add(_ words: [String], _ field: String, _ update: (inout Lexicon.Cue) -> Void) throws(GradingError) {
            for (word, pattern) in zip(words, try patterns(words, field)) {
                if cues[word] == nil {
                    cues[word] = Lexicon.Cue(pattern: pattern, before: false, after: false, atClauseEnd: false)
                    order.append(word)
                }
                if var cue = cues[word] {
                    update(&cue)
                    cues[word] = cue
                }
            }
        }
        try add(lexicon.negationBefore, "negationBefore") { $0.before = true }
        try add(lexicon.negationAfter, "negationAfter") { $0.after = true }
        try add(lexicon.negationAtClauseEnd ?? [], "negationAtClauseEnd") { $0.atClauseEnd = true }
        let weak = Set(lexicon.weakNumbers ?? [])
        var numbers: [Lexicon.NumberWord] = []
        for (word, value) in lexicon.numbers.sorted(by: { $0.key < $1.key }) {
            guard let pattern = try patterns([word], "numbers").first, value.isFinite else { continue }
            numbers.append(Lexicon.NumberWord(pattern: pattern, value: value, weak: weak.contains(word)))
        }
        let functionWords = Set(lexicon.functionWords.flatMap { normalizer.tokens($0).map(\.text) })
        let distinctive = lexicon.distinctiveLetters ?? ""
        // ASCII letters are shared by every Latin-script language: Turkish `ı` upper-cases to a plain `I`.
        let letters = Set(
            (distinctive.lowercased() + distinctive.uppercased()).unicodeScalars.map(\.value).filter { $0 >= 0x80 })
        var compiled = Lexicon(
            yes: try patterns(lexicon.yes, "yes"), no: try patterns(lexicon.no, "no"), yesLabel: lexicon.yesLabel,
            noLabel: lexicon.noLabel, cues: order.compactMap { cues[$0] },
            suffixes: (lexicon.negationSuffixes ?? []).map { Array(normalizer.tokens($0).map(\.text).joined().utf8) },
            notNegation: try patterns(lexicon.notNegation ?? [], "notNegation"),
            clauseBreaks: try patterns(lexicon.clauseBreaks, "clauseBreaks"),
            clauseBreaksAfter: try patterns(lexicon.clauseBreaksAfter ?? [], "clauseBreaksAfter"),
            disjunctions: try patterns(lexicon.disjunctions, "disjunctions"),
            bothOptions: try patterns(lexicon.bothOptions, "bothOptions"),
            sequence: try patterns(lexicon.sequence, "sequence"), dontKnow: try patterns(lexicon.dontKnow, "dontKnow"),
            functionWords: functionWords, distinctiveLetters: letters, numbers: numbers,
            corrections: try patterns(lexicon.corrections ?? [], "corrections"),
            conditions: try patterns(lexicon.conditions ?? [], "conditions"),
            conditionsAfter: try patterns(lexicon.conditionsAfter ?? [], "conditionsAfter"))
        compiled.predicates = try patterns(lexicon.predicates ?? [], "predicates")
        compiled.hedges = try patterns(lexicon.hedges ?? [], "hedges")
        compiled.vague = try patterns(lexicon.vague ?? [], "vague")
        compiled.reasons = try patterns(lexicon.reasons ?? [], "reasons")
        compiled.reasonsAfter = try patterns(lexicon.reasonsAfter ?? [], "reasonsAfter")
        for group in lexicon.subjects ?? [] {
            var sides: [[PhrasePattern]] = []
            for side in group { sides.append(try patterns(side, "subjects")) }
            guard sides.count >= 2 else {
                throw GradingError(.invalidKey, file: file, "lexicon.subjects: a group needs at least two sides")
            }
            compiled.subjects.append(sides)
        }
        for ending in lexicon.predicateEndings ?? [] {
            let text = normalizer.tokens(ending).map(\.text).joined()
            guard !text.isEmpty else {
                throw GradingError(
                    .invalidKey, file: file, "lexicon.predicateEndings: \"\(ending)\" has nothing to match")
            }
            compiled.predicateEndings.append(text)
        }
        return compiled
    }
}
