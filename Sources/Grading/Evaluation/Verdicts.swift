/// Turns an `Assessment` into a `Grade`: verdict, score, labels and feedback in the page's language.
enum Verdicts {
    /// Below this share of the rubric an answer that misses a required part is incorrect rather than partial.
    static let partialShare = 0.25

    static func grade(
        _ assessment: Assessment, key: AnswerKey, page: LanguagePack, words: LanguagePack.QuestionWords,
        hasChoice: Bool, reference: String, gradedLanguage: String
    ) -> Grade {
        let answerLabel = words.answerLabel
        var found: [String] = []
        var missing: [String] = []
        var foundWeight = 0.0
        var requiredFound = false
        var requiredMissing = false
        if key.hasAnswerPart {
            if assessment.answer == .correct {
                found.append(answerLabel)
                foundWeight += key.answerWeight
                requiredFound = true
            } else {
                missing.append(answerLabel)
                requiredMissing = true
            }
        }
        var contradictedRequired = false
        for (index, concept) in key.concepts.enumerated() {
            let label = words.conceptLabels[index]
            if assessment.concepts[index] == .found {
                found.append(label)
                foundWeight += concept.weight
                requiredFound = requiredFound || concept.required
            } else {
                missing.append(label)
                requiredMissing = requiredMissing || concept.required
                contradictedRequired =
                    contradictedRequired || (concept.required && assessment.concepts[index] == .contradicted)
            }
        }
        let share = key.totalWeight > 0 ? foundWeight / key.totalWeight : 0
        let missingText = missing.joined(separator: page.listSeparator)
        let allLabels = (key.hasAnswerPart ? [answerLabel] : []) + words.conceptLabels
        func make(_ verdict: Verdict, _ score: Double, _ reason: Feedback.Reason) -> Grade {
            Grade(
                verdict: verdict, score: (score * 1000).rounded() / 1000, found: verdict == .incorrect ? [] : found,
                missing: verdict == .incorrect ? allLabels : missing,
                feedback: page.feedback.sentence(reason, answer: answerLabel, missing: missingText),
                reference: reference, gradedLanguage: gradedLanguage)
        }
        if assessment.isEmpty && !hasChoice { return make(.incorrect, 0, .empty) }
        switch assessment.answer {
        case .wrong:
            return make(
                .incorrect, 0, key.kind == .boolean ? .wrongPolarity : key.kind == .number ? .wrongNumber : .wrongOption
            )
        case .ambiguous:
            return make(.incorrect, 0, key.kind == .number ? .wrongNumber : .bothOptions)
        case .conflicting:
            return make(.incorrect, 0, .contradiction)
        case .correct, .missing, .notApplicable:
            break
        }
        if assessment.statesSomethingWrong || contradictedRequired { return make(.incorrect, 0, .contradiction) }
        if !requiredMissing && share + 1e-9 >= key.pass {
            return make(
                .correct, share,
                missing.isEmpty || page.feedback.templates[.correctIncomplete] == nil ? .correct : .correctIncomplete)
        }
        if foundWeight > 0 && (requiredFound || share >= partialShare) {
            return make(.partial, share, .partial)
        }
        return make(.incorrect, 0, assessment.saysDontKnow && !assessment.hasEvidence ? .dontKnow : .offTopic)
    }
}
