/// Turns an `Assessment` into a `Grade`: verdict, score, labels and feedback in the page's language.
enum Verdicts {
    /// Below this share of the rubric an answer that misses a required part is incorrect rather than partial.
    static let partialShare = 0.25

    /// The verdict without labels: what grading another question's key against the same answer needs.
    struct Decision: Equatable {
        let verdict: Verdict
        let score: Double
        let feedback: Feedback.Reason
    }

    static func decide(_ assessment: Assessment, key: AnswerKey, hasChoice: Bool) -> Decision {
        var foundWeight = 0.0
        var requiredFound = false
        var requiredMissing = false
        var anyMissing = false
        if key.hasAnswerPart {
            if assessment.answer == .correct {
                foundWeight += key.answerWeight
                requiredFound = true
            } else {
                requiredMissing = true
                anyMissing = true
            }
        }
        var contradictedRequired = false
        var namedWeight = assessment.answer == .guessed ? key.answerWeight : 0
        for (index, concept) in key.concepts.enumerated() {
            if assessment.concepts[index] == .found {
                foundWeight += concept.weight
                requiredFound = requiredFound || concept.required
            } else {
                if assessment.concepts[index] == .named { namedWeight += concept.weight }
                anyMissing = true
                requiredMissing = requiredMissing || concept.required
                contradictedRequired =
                    contradictedRequired || (concept.required && assessment.concepts[index] == .contradicted)
            }
        }
        let share = key.totalWeight > 0 ? foundWeight / key.totalWeight : 0
        func make(_ verdict: Verdict, _ score: Double, _ reason: Feedback.Reason) -> Decision {
            Decision(verdict: verdict, score: (score * 1000).rounded() / 1000, feedback: reason)
        }
        if assessment.isEmpty && !hasChoice { return make(.incorrect, 0, .empty) }
        switch assessment.answer {
        case .wrong:
            let reason: Feedback.Reason =
                key.kind == .boolean ? .wrongPolarity : key.kind == .number ? .wrongNumber : .wrongOption
            return make(.incorrect, 0, reason)
        case .ambiguous:
            return make(.incorrect, 0, key.kind == .number ? .wrongNumber : .bothOptions)
        case .conflicting:
            return make(.incorrect, 0, .contradiction)
        case .correct, .missing, .notApplicable, .guessed:
            break
        }
        if assessment.statesSomethingWrong || contradictedRequired { return make(.incorrect, 0, .contradiction) }
        if !requiredMissing && share + 1e-9 >= key.pass {
            // A yes/no or choice justified only by a reason the key does not know: not yet the whole answer.
            if assessment.unsupportedReason { return make(.partial, share, .partial) }
            return make(.correct, share, anyMissing ? .correctIncomplete : .correct)
        }
        if foundWeight > 0 && (requiredFound || share >= partialShare) {
            let reason: Feedback.Reason = namedWeight > 0 && !assessment.hedged ? .keywords : .partial
            return make(.partial, share + namedWeight * keywordShare / key.totalWeight, reason)
        }
        if namedWeight > 0 {
            // Topic words or a guess for a required part: the idea is named, not yet stated.
            let reason: Feedback.Reason = assessment.hedged ? .partial : .keywords
            return make(.partial, (foundWeight + namedWeight) * keywordShare / key.totalWeight, reason)
        }
        return make(.incorrect, 0, assessment.saysDontKnow && !assessment.hasEvidence ? .dontKnow : .offTopic)
    }

    /// An open question answered with bare keywords scores at most this share.
    static let keywordShare = 0.5

    /// The grade in the page's language. `offTopic`: the answer speaks to other questions, so whatever it got
    /// right here is not credited; `bareKeywords`: a question that asks for an explanation answered with topic
    /// words only, at most partial.
    static func grade(
        _ assessment: Assessment, key: AnswerKey, page: LanguagePack, words: LanguagePack.QuestionWords,
        hasChoice: Bool, reference: String, gradedLanguage: String, offTopic: Bool, bareKeywords: Bool = false
    ) -> Grade {
        var decision = decide(assessment, key: key, hasChoice: hasChoice)
        if offTopic {
            decision = Decision(verdict: .incorrect, score: 0, feedback: .otherQuestion)
        } else if bareKeywords && key.explains && decision.verdict == .correct {
            decision = Decision(verdict: .partial, score: min(decision.score, keywordShare), feedback: .keywords)
        }
        let answerLabel = words.answerLabel
        var found: [String] = []
        var missing: [String] = []
        if key.hasAnswerPart {
            if assessment.answer == .correct { found.append(answerLabel) } else { missing.append(answerLabel) }
        }
        for (index, label) in words.conceptLabels.enumerated() {
            if assessment.concepts[index] == .found { found.append(label) } else { missing.append(label) }
        }
        let allLabels = (key.hasAnswerPart ? [answerLabel] : []) + words.conceptLabels
        if decision.verdict == .incorrect {
            found = []
            missing = allLabels
        }
        missing = distinctIdeas(missing, from: found, normalizer: page.normalizer)
        var feedback = decision.feedback
        if feedback == .correctIncomplete && (missing.isEmpty || page.feedback.templates[.correctIncomplete] == nil) {
            feedback = .correct
        }
        let withheldMissing = key.hasAnswerPart ? missing.filter { $0 != answerLabel } : missing
        return Grade(
            verdict: decision.verdict, score: decision.score, found: found, missing: missing,
            feedback: page.feedback.sentence(
                feedback, answer: answerLabel, missing: missing.joined(separator: page.listSeparator)),
            reference: reference, gradedLanguage: gradedLanguage, reason: reason(for: feedback),
            withheld: WithheldFeedback(
                feedback: page.feedback.sentence(
                    withheld(feedback, missing: withheldMissing), answer: "",
                    missing: withheldMissing.joined(separator: page.listSeparator)),
                missing: withheldMissing))
    }

    /// The sentence to use while the answer is withheld: one that names no answer, and none that sends the
    /// learner to a reference they cannot see yet.
    static func withheld(_ feedback: Feedback.Reason, missing: [String]) -> Feedback.Reason {
        switch feedback {
        case .wrongOption, .wrongPolarity, .wrongNumber: .notYet
        case .dontKnow: .dontKnowHidden
        case .contradiction: .contradictionHidden
        case .offTopic: missing.isEmpty ? .offTopicHidden : .offTopic
        case .otherQuestion: missing.isEmpty ? .otherQuestionHidden : .otherQuestion
        case .partial, .correctIncomplete: missing.isEmpty ? .notYet : feedback
        default: feedback
        }
    }

    /// The labels of `missing` that do not restate a label of `found` ("no: it is still an iPhone app" found
    /// and "it is still an iPhone app" missing are one idea).
    private static func distinctIdeas(_ missing: [String], from found: [String], normalizer: Normalizer) -> [String] {
        guard !found.isEmpty, !missing.isEmpty else { return missing }
        func words(_ label: String) -> String {
            " " + normalizer.tokens(label).map(\.text).joined(separator: " ") + " "
        }
        let foundWords = found.map(words)
        return missing.filter { label in
            let mine = words(label)
            return !foundWords.contains { $0.contains(mine) || mine.contains($0) }
        }
    }

    static func reason(for feedback: Feedback.Reason) -> GradeReason? {
        switch feedback {
        case .offTopic, .otherQuestion: .offTopic
        case .contradiction: .contradiction
        case .bothOptions: .ambiguous
        case .partial, .keywords: .missingParts
        case .contradictionHidden: .contradiction
        case .offTopicHidden, .otherQuestionHidden: .offTopic
        case .correct, .correctIncomplete, .wrongOption, .wrongPolarity, .wrongNumber, .dontKnow, .empty, .notYet,
            .dontKnowHidden:
            nil
        }
    }
}
