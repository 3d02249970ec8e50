/// Claims about the wrong subject: an answer right about the subject matter but about the other screen.
///
/// The lexicon's `subjects` groups name things a learner can confuse (the inner and the outer screen). When the
/// question's reference names exactly one side of a group, a claim whose clause names another side and not the
/// question's one is true of something else and states nothing here ("sullo schermo esterno è verticale" asked
/// about the inner screen). A clause that names no side takes the side leading its sentence ("sullo schermo
/// esterno, verticale"); a bare yes or no takes any side its sentence names. A clause that names the question's
/// side beside another one, neither negated nor in a condition ("quella di dettaglio e quella laterale"), names
/// two choices where the question asks for one, and states nothing here either.
extension EvidenceScanner {
    /// Per subject group, the one side `text` names; nil when it names none or several.
    func subjectSides(of text: String) -> [Int?] {
        guard !lexicon.subjects.isEmpty else { return [] }
        let tokens = normalizer.tokens(text)
        let clauses = tokens.map(\.punctuationClause)
        return lexicon.subjects.map { sides in
            let named = sides.indices.filter { side in
                sides[side].contains { !matches(of: $0, in: tokens, clauses).isEmpty }
            }
            return named.count == 1 ? named[0] : nil
        }
    }

    /// `evidence` with the claims made of another subject than the question's (`questionSides`) marked.
    func markingOtherSubjects(_ evidence: Evidence, _ reading: AnswerReading, questionSides: [Int?]) -> Evidence {
        var named: [(group: Int, side: Int, start: Int)] = []
        for (group, side) in questionSides.enumerated() where side != nil {
            for (other, patterns) in lexicon.subjects[group].enumerated() {
                for pattern in patterns {
                    for match in matches(of: pattern, in: reading.tokens, reading.clauses) {
                        named.append((group, other, match.start))
                    }
                }
            }
        }
        guard !named.isEmpty else { return evidence }
        var occurrences = evidence.occurrences
        for index in occurrences.indices where occurrences[index].isClaim {
            let claim = occurrences[index]
            let clause = reading.clauses[claim.start]
            for (group, side) in questionSides.enumerated() {
                guard let side else { continue }
                let mine = named.filter { $0.group == group }
                if namesAnotherChoice(mine, side: side, clause: clause, reading) {
                    occurrences[index].otherSubject = true
                    continue
                }
                var scope = mine.filter { reading.clauses[$0.start] == clause }
                if scope.isEmpty {
                    scope = mine.filter {
                        reading.tokens[$0.start].sentence == claim.sentence && ($0.start < claim.start || claim.generic)
                    }
                }
                if !scope.isEmpty && !scope.contains(where: { $0.side == side }) {
                    occurrences[index].otherSubject = true
                }
            }
        }
        var marked = evidence
        marked.occurrences = occurrences
        return marked
    }

    /// Whether `clause` names the question's `side` and another side of the same group, outside a condition and
    /// with no negation cue in the clause ("non quella laterale" picks one).
    private func namesAnotherChoice(
        _ named: [(group: Int, side: Int, start: Int)], side: Int, clause: Int, _ reading: AnswerReading
    ) -> Bool {
        let here = named.filter { reading.clauses[$0.start] == clause && !reading.conditional[$0.start] }
        guard here.contains(where: { $0.side == side }), here.contains(where: { $0.side != side }) else { return false }
        return !reading.cues.contains { reading.clauses[$0.start] == clause }
    }
}
