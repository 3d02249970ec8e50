/// Negation cues and their scope.
extension EvidenceScanner {
    /// Marks the occurrences a negation cue reaches. One cue is enough: double negatives in these languages
    /// are mostly negative concord ("non … mai", "no … nada"); the real double negatives ("なければならない",
    /// "不得不") are listed in `notNegation`.
    func applyNegation(to occurrences: inout [Occurrence], reading: AnswerReading, blocked: [Bool]) {
        let (tokens, clauses) = (reading.tokens, reading.clauses)
        var kept: [AnswerReading.Cue] = []
        for cue in reading.cues where (cue.start..<cue.end).allSatisfy({ !blocked[$0] }) {
            if let last = kept.last, cue.start < last.end { continue }
            kept.append(cue)
        }
        for cue in kept {
            if let inside = occurrences.firstIndex(where: { occurrence in
                occurrence.gaps.contains { $0.lowerBound <= cue.start && cue.end <= $0.upperBound }
            }) {
                negate(inside, in: &occurrences)
                continue
            }
            // A cue may straddle a clause break ("而不是"): it reaches forward from its last token and
            // backward from its first.
            let forwardClause = clauses[cue.end - 1]
            let backwardClause = clauses[cue.start]
            let next = occurrences.firstIndex {
                $0.start >= cue.end && clauses[$0.start] == forwardClause && $0.canBeNegated
            }.flatMap { reaches(tokens, from: cue.end, to: occurrences[$0].start) ? $0 : nil }
            let previous = occurrences.lastIndex {
                $0.end <= cue.start && clauses[$0.end - 1] == backwardClause && $0.canBeNegated
            }
            let previousInReach = previous.flatMap {
                reaches(tokens, from: occurrences[$0].end, to: cue.start) ? $0 : nil
            }
            let endsClause = cue.end == tokens.count || clauses[cue.end] != forwardClause
            var target: Int?
            if cue.before {
                // Back only to the phrase the cue directly follows ("l'angolo non mi serve", "付款按鈕不行"),
                // never over words of its own ("compilato con l'SDK 27.1 non si installa").
                let adjacent = previous.flatMap {
                    reaches(tokens, from: occurrences[$0].end, to: cue.start, reach: 0) ? $0 : nil
                }
                target = next ?? (clauses[cue.start] == forwardClause ? adjacent : nil)
            } else if cue.after || (cue.atClauseEnd && endsClause) {
                target = previousInReach
            }
            guard let target else { continue }
            negate(target, in: &occurrences)
            extendNegation(from: target, forward: target == next, in: &occurrences, clauses: clauses)
        }
    }

    /// Content words between a cue and a phrase stop the cue: at most `negationReach` tokens that are not function
    /// words may stand between them (Chinese and Japanese count characters).
    private func reaches(_ tokens: [Token], from start: Int, to end: Int, reach maximum: Int? = nil) -> Bool {
        guard start < end else { return true }
        let reach = maximum ?? (normalizer.rules.segmentation == .words ? 2 : 4)
        var content = 0
        for index in start..<end where !lexicon.functionWords.contains(tokens[index].text) {
            content += 1
            if content > reach { return false }
        }
        return true
    }

    /// "non rilevare il modello per stirare il frame", "no se aparta párrafo a párrafo": the phrases right after
    /// (or, for cues written after, right before) the negated one are negated too while they speak for the same
    /// thing or follow it directly, within the clause.
    private func extendNegation(from target: Int, forward: Bool, in occurrences: inout [Occurrence], clauses: [Int]) {
        let clause = clauses[occurrences[target].start]
        var last = occurrences[target]
        var index = forward ? target + 1 : target - 1
        while occurrences.indices.contains(index), clauses[occurrences[index].start] == clause {
            let other = occurrences[index]
            let distance = forward ? other.start - last.end : last.start - other.end
            let sameSpan = other.start == last.start && other.end == last.end
            guard sameSpan || other.target == last.target || distance == 0 else { break }
            guard other.canBeNegated else { break }
            negate(index, in: &occurrences)
            last = other
            index += forward ? 1 : -1
        }
    }

    /// Negates one occurrence and every other occurrence of exactly the same words (a phrase that is in two
    /// parts of the key, such as `attiva` and `!attiva`).
    private func negate(_ target: Int, in occurrences: inout [Occurrence]) {
        let (start, end) = (occurrences[target].start, occurrences[target].end)
        for index in occurrences.indices where occurrences[index].start == start && occurrences[index].end == end {
            occurrences[index].negated = true
        }
    }

    /// Every negation cue of the answer, by start, the longer first where two start together.
    func cueMatches(_ tokens: [Token], _ clauses: [Int]) -> [AnswerReading.Cue] {
        var found: [AnswerReading.Cue] = []
        for cue in lexicon.cues {
            for match in matches(of: cue.pattern, in: tokens, clauses) {
                found.append(
                    AnswerReading.Cue(
                        start: match.start, end: match.end, before: cue.before, after: cue.after,
                        atClauseEnd: cue.atClauseEnd))
            }
        }
        if !lexicon.suffixes.isEmpty {
            for (index, token) in tokens.enumerated() where token.kind == .word {
                if lexicon.hasNegativeSuffix(token.text, from: 2) {
                    found.append(
                        AnswerReading.Cue(start: index, end: index + 1, before: false, after: true, atClauseEnd: false))
                }
            }
        }
        found.sort { $0.start != $1.start ? $0.start < $1.start : $0.end > $1.end }
        return found
    }
}

extension Occurrence {
    /// "I don't know" and echoes of the question are never the object of a negation.
    var canBeNegated: Bool { target != .dontKnow && target != .ignored }
}
