/// Finds a question's phrases in an answer and decides which of them are negated.
///
/// Negation scope: a cue negates the nearest phrase of its clause, the next one for cues written before what
/// they negate ("non entra", "不會進"), falling back to the previous one ("il pulsante non può"), and the previous
/// one for cues written after (`değil`, `ない`, Turkish `-mez` inside the word). Clauses end at punctuation and
/// at the language's clause-break words ("ma", "sino", "而是", "ではなく").
///
/// Reading happens in two steps so that one answer is tokenized once for all the keys of its language:
/// `read(_:)` finds what does not depend on a key, `evidence(_:_:)` what one key's phrases say.
///
/// A class: each language pack keeps one (`LanguagePack.scanner`), shared by every answer without copying the
/// normaliser and lexicon it holds.
final class EvidenceScanner: Sendable {
    let normalizer: Normalizer
    let lexicon: Lexicon

    init(normalizer: Normalizer, lexicon: Lexicon) {
        self.normalizer = normalizer
        self.lexicon = lexicon
    }

    /// One question's phrases in `text`; `read` and `evidence` for a single key.
    func scan(_ text: String, with matcher: QuestionMatcher) -> Evidence {
        let reading = read(text)
        return evidence(reading, candidates(reading, matcher))
    }

    /// Tokens, clauses, negation cues and the other function words of one answer.
    func read(_ text: String) -> AnswerReading {
        let tokens = normalizer.tokens(text)
        var clauses = clauseIndices(tokens, extraBreaks: [])
        let corrections = correctionMarkers(tokens, clauses)
        let punctuation = tokens.map(\.punctuationClause)
        let opening = lexicon.conditions.flatMap { matches(of: $0, in: tokens, punctuation) }
        let closing = lexicon.conditionsAfter.flatMap { matches(of: $0, in: tokens, punctuation) }
        if !corrections.isEmpty {
            clauses = clauseIndices(tokens, extraBreaks: corrections.flatMap { [$0.lowerBound, $0.upperBound] })
        }
        var conditional = [Bool](repeating: false, count: tokens.count)
        for match in opening {
            for index in (match.start..<tokens.count).prefix(while: { clauses[$0] == clauses[match.start] }) {
                conditional[index] = true
            }
        }
        for match in closing {
            for index in (0..<match.end).reversed().prefix(while: { clauses[$0] == clauses[match.end - 1] }) {
                conditional[index] = true
            }
        }
        var notNegation = [Bool](repeating: false, count: tokens.count)
        for pattern in lexicon.notNegation {
            for match in matches(of: pattern, in: tokens, clauses) {
                for index in match.start..<match.end { notNegation[index] = true }
            }
        }
        for range in corrections {
            for index in range { notNegation[index] = true }
        }
        let cues = cueMatches(tokens, clauses)
        var reading = AnswerReading(
            tokens: tokens, clauses: clauses, notNegation: notNegation, cues: cues,
            disjunctions: lexicon.disjunctions.flatMap { matches(of: $0, in: tokens, clauses) },
            sequences: lexicon.sequence.flatMap { matches(of: $0, in: tokens, clauses) },
            bothOptions: lexicon.bothOptions.flatMap { matches(of: $0, in: tokens, clauses) },
            conditional: conditional, corrections: corrections)
        reading.isContent = tokens.map(isContent)
        reading.topicClauses = topicClauses(tokens, clauses, cues: cues, isContent: reading.isContent)
        reading.vague = [Bool](repeating: false, count: tokens.count)
        for pattern in lexicon.vague {
            for match in matches(of: pattern, in: tokens, clauses) {
                for index in match.start..<match.end { reading.vague[index] = true }
            }
        }
        reading.reasons = reasonSpans(tokens, clauses, isContent: reading.isContent)
        for pattern in lexicon.hedges {
            for match in matches(of: pattern, in: tokens, clauses) {
                reading.hedgedSentences.insert(tokens[match.start].sentence)
            }
        }
        return reading
    }

    /// What one key's phrases (`candidates`, as found in `reading`) say: overlaps resolved, negation applied,
    /// corrections honoured.
    func evidence(_ reading: AnswerReading, _ candidates: [Occurrence], anchors: [[PhrasePattern]] = []) -> Evidence {
        let (tokens, clauses) = (reading.tokens, reading.clauses)
        var occurrences = resolveOverlaps(candidates, tokenCount: tokens.count)
        if !reading.corrections.isEmpty {
            occurrences.removeAll { occurrence in
                reading.corrections.contains { $0.overlaps(occurrence.start..<occurrence.end) }
            }
        }
        var covered = [Bool](repeating: false, count: tokens.count)
        for occurrence in occurrences {
            for index in occurrence.start..<occurrence.end
            where !occurrence.gaps.contains(where: { $0.contains(index) }) {
                covered[index] = true
            }
        }
        let blocked = zip(covered, reading.notNegation).map { $0 || $1 }
        applyNegation(to: &occurrences, reading: reading, blocked: blocked)
        rejectAnsweredQuestions(in: &occurrences, tokens: tokens, clauses: clauses)
        for index in occurrences.indices {
            let (start, end) = (occurrences[index].start, occurrences[index].end)
            if reading.conditional[start] { occurrences[index].conditional = true }
            occurrences[index].topicOnly = (clauses[start]...clauses[end - 1]).allSatisfy { reading.topicClauses[$0] }
            occurrences[index].hedged = reading.hedgedSentences.contains(occurrences[index].sentence)
            let gaps = occurrences[index].gaps
            occurrences[index].vague = (start..<end).allSatisfy { position in
                reading.vague[position] || gaps.contains { $0.contains(position) }
            }
        }
        if anchors.contains(where: { !$0.isEmpty }) { bind(&occurrences, to: anchors, reading) }
        let free = { (match: PhrasePattern.Match) in (match.start..<match.end).allSatisfy { !covered[$0] } }
        return Evidence(
            tokenCount: tokens.count, occurrences: occurrences,
            disjunctions: reading.disjunctions.filter(free).map(\.start),
            sequences: reading.sequences.filter(free).map(\.start),
            namesBoth: reading.bothOptions.contains(where: free), corrections: reading.corrections,
            retractions: Set(
                reading.corrections.map(\.upperBound).filter { end in reading.isContent[end...].contains(true) }),
            reasons: reading.reasons)
    }

    /// A concept's phrase in a clause that names another concept's subject and not its own ("il nil di SwiftUI
    /// significa che l'interazione ha lasciato la gerarchia") speaks of the wrong subject: it contradicts. When its
    /// clause names no subject, its sentence decides ("Il nil di SwiftUI: l'interazione …").
    private func bind(_ occurrences: inout [Occurrence], to anchors: [[PhrasePattern]], _ reading: AnswerReading) {
        let found = anchors.map { patterns in patterns.flatMap { matches(of: $0, in: reading.tokens, reading.clauses) }
        }
        let clauses = found.map { Set($0.map { reading.clauses[$0.start] }) }
        let sentences = found.map { Set($0.map { reading.tokens[$0.start].sentence }) }
        func elsewhere(_ concept: Int, _ named: [Set<Int>], _ place: Int) -> Bool? {
            if named[concept].contains(place) { return false }
            return named.indices.contains { $0 != concept && named[$0].contains(place) } ? true : nil
        }
        for index in occurrences.indices {
            guard let concept = occurrences[index].conceptIndex, concept < found.count else { continue }
            let start = occurrences[index].start
            if let nearest = nearestAnchor(found, before: start, after: occurrences[index].end, reading) {
                if nearest != concept { occurrences[index].boundElsewhere = true }
                continue
            }
            let verdict =
                elsewhere(concept, clauses, reading.clauses[start])
                ?? elsewhere(concept, sentences, reading.tokens[start].sentence)
            if verdict == true { occurrences[index].boundElsewhere = true }
        }
    }

    /// In a clause naming several concepts' subjects, the concept whose subject leads the phrase (the nearest one
    /// before it, else the first after): "el nil de UIKit significa que no tiene bisagra y el de SwiftUI que …"
    /// binds "no tiene bisagra" to UIKit. Nil when the clause names one concept's subject or none.
    private func nearestAnchor(
        _ found: [[PhrasePattern.Match]], before start: Int, after end: Int, _ reading: AnswerReading
    )
        -> Int?
    {
        let clause = reading.clauses[start]
        let named = found.enumerated().flatMap { concept, matches in
            matches.filter { reading.clauses[$0.start] == clause }.map { (concept: concept, match: $0) }
        }
        guard Set(named.map(\.concept)).count > 1 else { return nil }
        let leading = named.filter { $0.match.end <= start }.max { $0.match.start < $1.match.start }
        return (leading ?? named.filter { $0.match.start >= end }.min { $0.match.start < $1.match.start })?.concept
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

    /// Clause index per token: punctuation clauses, split again before each clause-opening word, after each
    /// clause-closing one and at `extraBreaks`.
    private func clauseIndices(_ tokens: [Token], extraBreaks: [Int]) -> [Int] {
        let punctuation = tokens.map(\.punctuationClause)
        var breakBefore = [Bool](repeating: false, count: tokens.count + 1)
        for pattern in lexicon.clauseBreaks {
            for match in matches(of: pattern, in: tokens, punctuation) { breakBefore[match.start] = true }
        }
        for pattern in lexicon.clauseBreaksAfter {
            for match in matches(of: pattern, in: tokens, punctuation) { breakBefore[match.end] = true }
        }
        for position in extraBreaks { breakBefore[position] = true }
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

    /// One question's phrases found in the answer, before overlaps are resolved.
    func candidates(_ reading: AnswerReading, _ matcher: QuestionMatcher) -> [Occurrence] {
        var found: [Occurrence] = []
        for (index, token) in reading.tokens.enumerated() {
            if matcher.readsNumbers, let number = numberOccurrence(token, at: index) { found.append(number) }
            for entryIndex in matcher.byHead[token.head] ?? [] {
                let entry = matcher.entries[entryIndex]
                guard let match = phraseMatch(entry.pattern, wholeClause: entry.wholeClause, reading, at: index)
                else { continue }
                var phrase = occurrence(match, entry.pattern, entry.target, generic: entry.isGeneric, reading)
                phrase.rank = entryIndex
                found.append(phrase)
            }
        }
        return found
    }

    /// Every question's phrases found in the answer, per question index of `matcher`, in one pass.
    func candidates(_ reading: AnswerReading, _ matcher: LanguageMatcher) -> [[Occurrence]] {
        var found = [[Occurrence]](repeating: [], count: matcher.questionIDs.count)
        func visit(_ slot: Int, at index: Int) {
            let pattern = matcher.patterns[slot]
            guard let match = phraseMatch(pattern, wholeClause: matcher.wholeClause[slot], reading, at: index)
            else { return }
            for use in matcher.uses[slot] {
                var phrase = occurrence(match, pattern, use.target, generic: use.generic, reading)
                phrase.rank = use.rank
                found[use.question].append(phrase)
            }
        }
        for index in reading.tokens.indices {
            if !matcher.numberReaders.isEmpty, let number = numberOccurrence(reading.tokens[index], at: index) {
                for question in matcher.numberReaders { found[question].append(number) }
            }
            // The patterns starting with the word, then those starting with a stem of its first letter, then those
            // of its Snowball stem not already found by the word itself (same stem, other ending).
            let text = reading.tokens[index].text
            if let slots = matcher.byFirstWord[text] {
                for slot in slots { visit(slot, at: index) }
            }
            if let slots = matcher.stemsByHead[reading.tokens[index].head] {
                for slot in slots { visit(slot, at: index) }
            }
            let stem = reading.tokens[index].stem
            if !stem.isEmpty, let inflected = matcher.bySnowball[stem] {
                for slot in inflected where matcher.patterns[slot].segments[0][0].text != text {
                    visit(slot, at: index)
                }
            }
        }
        return found
    }

    private func numberOccurrence(_ token: Token, at index: Int) -> Occurrence? {
        guard case .number(let value) = token.kind else { return nil }
        return Occurrence(
            target: .number(value, weak: false), polarity: .positive, start: index, end: index + 1, gaps: [],
            sentence: token.sentence, units: 1, negated: false, generic: true, rank: -1)
    }

    private func phraseMatch(_ pattern: PhrasePattern, wholeClause: Bool, _ reading: AnswerReading, at index: Int)
        -> PhrasePattern.Match?
    {
        guard let match = pattern.match(in: reading.tokens, clauses: reading.clauses, at: index) else { return nil }
        if wholeClause || pattern.isWholeClause {
            guard Self.fillsClause(match.start, match.end, reading.clauses) else { return nil }
        }
        return match
    }

    private func occurrence(
        _ match: PhrasePattern.Match, _ pattern: PhrasePattern, _ target: QuestionMatcher.Target, generic: Bool,
        _ reading: AnswerReading
    ) -> Occurrence {
        Occurrence(
            target: target, polarity: pattern.polarity, start: match.start, end: match.end, gaps: match.gaps,
            sentence: reading.tokens[match.start].sentence, units: pattern.unitCount,
            negated: endsInNegativeSuffix(match, reading.tokens), generic: generic)
    }

    /// Turkish `girmez` matched by the stem `gir*`: the rest of the word carries the negation.
    private func endsInNegativeSuffix(_ match: PhrasePattern.Match, _ tokens: [Token]) -> Bool {
        guard let stemLength = match.lastUnitStemLength else { return false }
        return lexicon.hasNegativeSuffix(tokens[match.end - 1].text, from: stemLength)
    }

    /// The phrase covering more of the answer wins over those it overlaps ("se protege la barra de pestañas"
    /// over "barra de pestañas"); identical spans are all kept.
    ///
    /// A phrase with gaps does not bind across another claim: "önce … sekme*" does not match "önce araç
    /// öğelerini taşmaya alır ve sekme" when a phrase of another option or concept lies whole inside its gap.
    private func resolveOverlaps(_ candidates: [Occurrence], tokenCount: Int) -> [Occurrence] {
        let bound = candidates.filter { gapped in
            guard !gapped.gaps.isEmpty, gapped.target != .ignored else { return true }
            return !candidates.contains { inner in
                inner.target != gapped.target && inner.gaps.isEmpty && !inner.generic && inner.isClaim
                    && gapped.gaps.contains { $0.lowerBound <= inner.start && inner.end <= $0.upperBound }
            }
        }
        let ordered = bound.sorted { left, right in
            let (leftSpan, rightSpan) = (left.end - left.start, right.end - right.start)
            if leftSpan != rightSpan { return leftSpan > rightSpan }
            if left.units != right.units { return left.units > right.units }
            if left.start != right.start { return left.start < right.start }
            return left.rank < right.rank
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
