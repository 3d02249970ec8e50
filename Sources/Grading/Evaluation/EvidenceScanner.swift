/// Finds a question's phrases in an answer and decides which of them are negated.
///
/// Negation scope: a cue negates the nearest phrase of its clause, the next one for cues written before what
/// they negate ("non entra", "不會進"), falling back to the previous one ("il pulsante non può"), and the previous
/// one for cues written after (`değil`, `ない`, Turkish `-mez` inside the word). Clauses end at punctuation and
/// at the language's clause-break words ("ma", "sino", "而是", "ではなく").
struct EvidenceScanner {
    let normalizer: Normalizer
    let lexicon: Lexicon

    func scan(_ text: String, with matcher: QuestionMatcher) -> Evidence {
        let tokens = normalizer.tokens(text)
        let clauses = clauseIndices(tokens)
        var occurrences = resolveOverlaps(candidates(tokens, clauses, matcher), tokenCount: tokens.count)
        var covered = [Bool](repeating: false, count: tokens.count)
        for occurrence in occurrences {
            for index in occurrence.start..<occurrence.end
            where !occurrence.gaps.contains(where: { $0.contains(index) }) {
                covered[index] = true
            }
        }
        var blocked = covered
        for pattern in lexicon.notNegation {
            for match in matches(of: pattern, in: tokens, clauses) {
                for index in match.start..<match.end { blocked[index] = true }
            }
        }
        applyNegation(to: &occurrences, tokens: tokens, clauses: clauses, blocked: blocked)
        rejectAnsweredQuestions(in: &occurrences, tokens: tokens, clauses: clauses)
        let free = { (match: PhrasePattern.Match) in (match.start..<match.end).allSatisfy { !covered[$0] } }
        return Evidence(
            tokenCount: tokens.count, occurrences: occurrences,
            disjunctions: lexicon.disjunctions.flatMap { matches(of: $0, in: tokens, clauses).filter(free) }.map(
                \.start),
            sequences: lexicon.sequence.flatMap { matches(of: $0, in: tokens, clauses).filter(free) }.map(\.start),
            namesBoth: lexicon.bothOptions.contains { !matches(of: $0, in: tokens, clauses).filter(free).isEmpty })
    }

    /// "Di lato? No, in alto e in basso": what the learner asks and then answers with a bare "no" is rejected.
    private func rejectAnsweredQuestions(in occurrences: inout [Occurrence], tokens: [Token], clauses: [Int]) {
        for index in occurrences.indices where tokens[occurrences[index].start].inQuestion {
            let sentence = occurrences[index].sentence
            guard let next = tokens.firstIndex(where: { $0.sentence > sentence }) else { continue }
            let answeredNo = lexicon.no.contains { pattern in
                guard tokens[next].head == pattern.head,
                    let match = pattern.match(in: tokens, clauses: clauses, at: next)
                else { return false }
                return Self.fillsClause(match.start, match.end, clauses)
            }
            if answeredNo && occurrences[index].canBeNegated { occurrences[index].negated = true }
        }
    }

    /// Clause index per token: punctuation clauses, split again before each clause-opening word and after each
    /// clause-closing one.
    private func clauseIndices(_ tokens: [Token]) -> [Int] {
        let punctuation = tokens.map(\.punctuationClause)
        var breakBefore = [Bool](repeating: false, count: tokens.count + 1)
        for pattern in lexicon.clauseBreaks {
            for match in matches(of: pattern, in: tokens, punctuation) { breakBefore[match.start] = true }
        }
        for pattern in lexicon.clauseBreaksAfter {
            for match in matches(of: pattern, in: tokens, punctuation) { breakBefore[match.end] = true }
        }
        var clauses = [Int](repeating: 0, count: tokens.count)
        for index in tokens.indices.dropFirst() {
            let changed = punctuation[index] != punctuation[index - 1] || breakBefore[index]
            clauses[index] = clauses[index - 1] + (changed ? 1 : 0)
        }
        return clauses
    }

    func matches(of pattern: PhrasePattern, in tokens: [Token], _ clauses: [Int]) -> [PhrasePattern.Match] {
        var result: [PhrasePattern.Match] = []
        for index in tokens.indices where tokens[index].head == pattern.head {
            guard let match = pattern.match(in: tokens, clauses: clauses, at: index) else { continue }
            if pattern.isWholeClause && !Self.fillsClause(match.start, match.end, clauses) { continue }
            result.append(match)
        }
        return result
    }

    /// The tokens `start..<end` are a clause on their own.
    static func fillsClause(_ start: Int, _ end: Int, _ clauses: [Int]) -> Bool {
        let startsClause = start == 0 || clauses[start - 1] != clauses[start]
        let endsClause = end == clauses.count || clauses[end] != clauses[end - 1]
        return startsClause && endsClause
    }

    private func candidates(_ tokens: [Token], _ clauses: [Int], _ matcher: QuestionMatcher) -> [Occurrence] {
        var found: [Occurrence] = []
        for (index, token) in tokens.enumerated() {
            if matcher.readsNumbers, case .number(let value) = token.kind {
                found.append(
                    Occurrence(
                        target: .number(value, weak: false), polarity: .positive, start: index, end: index + 1,
                        gaps: [], sentence: token.sentence, units: 1, negated: false))
            }
            for entryIndex in matcher.byHead[token.head] ?? [] {
                let entry = matcher.entries[entryIndex]
                guard let match = entry.pattern.match(in: tokens, clauses: clauses, at: index) else { continue }
                if entry.wholeClause || entry.pattern.isWholeClause {
                    guard Self.fillsClause(match.start, match.end, clauses) else { continue }
                }
                let selfNegated = endsInNegativeSuffix(match, tokens)
                found.append(
                    Occurrence(
                        target: entry.target, polarity: entry.pattern.polarity, start: match.start, end: match.end,
                        gaps: match.gaps, sentence: token.sentence, units: entry.pattern.unitCount,
                        negated: selfNegated))
            }
        }
        return found
    }

    /// Turkish `girmez` matched by the stem `gir*`: the rest of the word carries the negation.
    private func endsInNegativeSuffix(_ match: PhrasePattern.Match, _ tokens: [Token]) -> Bool {
        guard let stemLength = match.lastUnitStemLength else { return false }
        return lexicon.hasNegativeSuffix(tokens[match.end - 1].text, from: stemLength)
    }

    /// The phrase covering more of the answer wins over those it overlaps ("se protege la barra de pestañas"
    /// over "barra de pestañas"); identical spans are all kept.
    private func resolveOverlaps(_ candidates: [Occurrence], tokenCount: Int) -> [Occurrence] {
        let ordered = candidates.sorted { left, right in
            let (leftSpan, rightSpan) = (left.end - left.start, right.end - right.start)
            if leftSpan != rightSpan { return leftSpan > rightSpan }
            if left.units != right.units { return left.units > right.units }
            return left.start < right.start
        }
        var owner = [Int](repeating: -1, count: tokenCount)
        var accepted: [Occurrence] = []
        for candidate in ordered {
            let span = candidate.start..<candidate.end
            if span.allSatisfy({ owner[$0] == -1 }) {
                for index in span { owner[index] = accepted.count }
                accepted.append(candidate)
            } else if owner[candidate.start] >= 0 {
                let holder = accepted[owner[candidate.start]]
                if holder.start == candidate.start, holder.end == candidate.end, holder.target != candidate.target {
                    accepted.append(candidate)
                }
            }
        }
        return accepted.sorted { $0.start < $1.start }
    }
}
