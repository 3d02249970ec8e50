/// What one answer gets right and wrong against one question's key, before it is put into words.
struct Assessment: Sendable {
    enum AnswerPart: Equatable, Sendable {
        case notApplicable
        case correct
        case wrong
        /// Several options or numbers named without choosing.
        case ambiguous
        /// The chosen option and the text disagree.
        case conflicting
        case missing
        /// The right option, number or polarity, but only as a guess ("forse in alto e in basso"): every phrase
        /// that states it stands in a hedged sentence. Worth a partial, never a correct.
        case guessed
    }

    enum ConceptState: Equatable, Sendable {
        case found
        /// A required part of an open question only named: by topic words in an explanation ("metà", "UIKit:
        /// gerarchia"), in a hedged sentence ("forse a destra") or by vague words ("va in crash"). Worth a
        /// partial, never a correct.
        case named
        case contradicted
        case missing
    }

    let answer: AnswerPart
    let concepts: [ConceptState]
    /// A required part was named only as a guess ("forse a destra"), vaguely ("va in crash") or by only some of a
    /// concept's parts, not by bare topic words: the feedback asks for the missing part, not for a sentence.
    let hedged: Bool
    let statesSomethingWrong: Bool
    /// A yes/no or choice answer justified only by reasons the key does not read, while it states none of the key's
    /// reasons ("no, perché la barra verticale non esiste"): the answer may be right, the explanation is not.
    let unsupportedReason: Bool
    let saysDontKnow: Bool
    let isEmpty: Bool
    /// The answer contains anything the key recognises besides "I don't know".
    let hasEvidence: Bool
    /// The key recognised something, even if only "I don't know": the answer is in this key's language.
    let isRecognised: Bool

    init(key: AnswerKey, evidence uncorrected: Evidence, choice: Int?) {
        let evidence = uncorrected.corrected(for: key)
        let numbers = NumberReading(key: key, evidence: evidence)
        var concepts: [ConceptState] = []
        var onlyHedged = false
        for (index, concept) in key.concepts.enumerated() {
            let mine = evidence.occurrences.filter { $0.target == .concept(index) }
            let numberFound = concept.number.map { numbers.states($0) } ?? false
            let numberWrong = concept.number.map { !numbers.states($0) && numbers.hasWrongNumber } ?? false
            let claims = mine.filter(\.asserts)
            // A required part of an open question needs a plain statement; of an explanation, one with a predicate.
            let needsClaim = key.kind == .open && concept.required
            let states = { (claim: Occurrence) in
                !claim.hedged && !claim.vague && !(key.explains && claim.topicOnly)
            }
            let parts = Self.partClaims(of: index, concept, evidence)
            // Every part claimed, and at least one of them stated plainly ("satırlar çok uzun, anahtar kopuyor").
            let partsStated =
                !parts.isEmpty && !parts.contains(where: \.isEmpty)
                && parts.contains { $0.contains(where: { !needsClaim || states($0) }) }
            if numberFound || partsStated || claims.contains(where: { !needsClaim || states($0) }) {
                concepts.append(.found)
            } else if !claims.isEmpty {
                concepts.append(.named)
                onlyHedged = onlyHedged || claims.contains { !(key.explains && $0.topicOnly) }
            } else if parts.contains(where: { !$0.isEmpty }) {
                // Some of its parts: the concept is begun, not stated; the feedback asks for what is missing.
                concepts.append(.named)
                onlyHedged = true
            } else if evidence.occurrences.contains(where: { $0.conceptIndex == index && $0.denies }) || numberWrong {
                concepts.append(.contradicted)
            } else {
                concepts.append(.missing)
            }
        }
        self.concepts = concepts
        self.statesSomethingWrong = evidence.occurrences.contains { $0.target == .wrong && $0.asserts }
        self.saysDontKnow = evidence.occurrences.contains { $0.target == .dontKnow }
        self.isEmpty = evidence.tokenCount == 0
        self.hasEvidence = evidence.occurrences.contains { $0.target != .dontKnow && $0.target != .ignored }
        self.isRecognised = !evidence.occurrences.isEmpty
        let answer = Self.answerPart(key: key, evidence: evidence, choice: choice, numbers: numbers)
        let positions = evidence.occurrences.filter { $0.isPosition(in: key) && ($0.asserts || $0.denies) }
        if answer == .correct, choice == nil, !positions.isEmpty, positions.allSatisfy(\.hedged) {
            self.answer = .guessed
            onlyHedged = true
        } else {
            self.answer = answer
        }
        self.hedged = onlyHedged
        self.unsupportedReason =
            (key.kind == .boolean || key.kind == .choice) && !key.concepts.isEmpty && evidence.hasUnsupportedReason
            && !concepts.contains(.found)
    }

    /// Per part of a concept that has parts, the occurrences that assert it; empty for a concept without parts.
    private static func partClaims(of index: Int, _ concept: AnswerKey.Concept, _ evidence: Evidence)
        -> [[Occurrence]]
    {
        concept.parts.indices.map { part in
            evidence.occurrences.filter { $0.target == .part(concept: index, part: part) && $0.asserts }
        }
    }

    private static func answerPart(key: AnswerKey, evidence: Evidence, choice: Int?, numbers: NumberReading)
        -> AnswerPart
    {
        switch key.kind {
        case .open:
            return .notApplicable
        case .number:
            guard let expected = key.expectedNumber else { return .missing }
            let phrases = evidence.occurrences.filter { $0.target == .answer }
            let stated = numbers.states(expected) || phrases.contains(where: \.asserts)
            let denied = phrases.contains(where: \.denies)
            switch (stated, numbers.hasWrongNumber || denied) {
            case (true, false): return .correct
            case (true, true): return .ambiguous
            case (false, true): return .wrong
            case (false, false): return .missing
            }
        case .choice, .boolean:
            let decision = OptionDecision.decide(key, evidence)
            if let choice {
                if case .option(let stated) = decision, stated != choice { return .conflicting }
                return choice == key.correctOption ? .correct : .wrong
            }
            switch decision {
            case .option(let stated): return stated == key.correctOption ? .correct : .wrong
            case .ambiguous: return .ambiguous
            case .none: return .missing
            }
        }
    }
}

/// The numbers an answer states, apart from those it negates and those the question itself names.
struct NumberReading: Sendable {
    private var stated: [(value: Double, weak: Bool)] = []
    let hasWrongNumber: Bool

    init(key: AnswerKey, evidence: Evidence) {
        let expected = key.expectedNumbers
        for occurrence in evidence.occurrences where !occurrence.negated {
            guard case .number(let value, let weak) = occurrence.target else { continue }
            if key.echoNumbers.contains(where: { Self.same($0, value) }) { continue }
            stated.append((value, weak))
        }
        hasWrongNumber = stated.contains { number in
            !number.weak && !expected.contains(where: { Self.same($0, number.value) })
        }
    }

    func states(_ value: Double) -> Bool {
        stated.contains { Self.same($0.value, value) }
    }

    private static func same(_ left: Double, _ right: Double) -> Bool {
        abs(left - right) < 1e-9
    }
}
