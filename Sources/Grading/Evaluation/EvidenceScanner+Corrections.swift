/// Self-corrections: "in alto e in basso, anzi no, di lato" answers "di lato".
extension EvidenceScanner {
    /// Correction markers that open a clause after something was said, and bare "no" clauses followed by more of
    /// their sentence; an answer that starts with one ("Yok, …", "いや、…") has nothing to take back, so the word
    /// keeps its ordinary reading.
    func correctionMarkers(_ tokens: [Token], _ clauses: [Int]) -> [Range<Int>] {
        var found: [Range<Int>] = []
        for pattern in lexicon.corrections {
            for match in matches(of: pattern, in: tokens, clauses) where match.start > 0 {
                guard clauses[match.start - 1] != clauses[match.start] else { continue }
                found.append(match.start..<match.end)
            }
        }
        // A bare "no" opening a clause after something was said, with more of its sentence after it ("In alto e in
        // basso. No, di lato."): the learner answers their own statement, and what follows replaces it.
        for pattern in lexicon.no {
            for match in matches(of: pattern, in: tokens, clauses) where match.start > 0 && match.end < tokens.count {
                guard Self.fillsClause(match.start, match.end, clauses),
                    tokens[match.end].sentence == tokens[match.start].sentence
                else { continue }
                found.append(match.start..<match.end)
            }
        }
        found.sort { $0.lowerBound != $1.lowerBound ? $0.lowerBound < $1.lowerBound : $0.count > $1.count }
        var kept: [Range<Int>] = []
        for range in found where !(kept.last.map { range.lowerBound < $0.upperBound } ?? false) {
            kept.append(range)
        }
        return kept
    }
}

extension Evidence {
    /// The evidence once every correction marker has taken back what it corrects: a position (an option, a
    /// number, a concept that implies an option) stated again after the marker replaces the one before it, a
    /// concept stated again replaces its earlier statement, and anything the key recognises after the marker
    /// withdraws a wrong statement made before it.
    func corrected(for key: AnswerKey) -> Evidence {
        guard !corrections.isEmpty else { return self }
        var kept = occurrences
        for marker in corrections {
            let later = kept.filter { $0.start >= marker.upperBound && $0.canBeNegated }
            if later.isEmpty {
                // Something the key does not read replaces what came before ("…, anzi no, è per la batteria").
                if retractions.contains(marker.upperBound) {
                    kept.removeAll { $0.end <= marker.lowerBound && $0.canBeNegated }
                }
                continue
            }
            let laterPosition = later.contains { $0.isPosition(in: key) }
            let laterConcepts = Set(later.compactMap(\.conceptIndex))
            let laterClaims = later.contains { $0.target != .wrong && !$0.generic }
            kept.removeAll { earlier in
                guard earlier.end <= marker.lowerBound else { return false }
                if laterPosition && earlier.isPosition(in: key) { return true }
                if let concept = earlier.conceptIndex, laterConcepts.contains(concept) { return true }
                return earlier.target == .wrong && laterClaims
            }
        }
        var corrected = self
        corrected.occurrences = kept
        return corrected
    }
}

extension Occurrence {
    var conceptIndex: Int? {
        switch target {
        case .concept(let index), .part(let index, _): index
        default: nil
        }
    }

    /// The occurrence states the answer's position: an option, a number, or a concept implying an option.
    func isPosition(in key: AnswerKey) -> Bool {
        switch target {
        case .option, .answer, .number: return true
        case .concept(let index): return key.concepts[index].implies != nil
        case .part, .wrong, .dontKnow, .ignored: return false
        }
    }
}
