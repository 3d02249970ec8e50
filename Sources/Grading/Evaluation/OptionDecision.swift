/// Which option an answer chooses, from the options' phrases, their negations and the concepts that imply
/// an option.
///
/// An answer that names several options chooses the first only when it says so: the other is negated
/// ("la lista, non la barra"), comes later as a consequence ("prima la toolbar, poi la tab bar") or in a later
/// sentence, or the other is named only inside a condition. Naming them side by side, with "or" between them or with "both"/"it depends", chooses none.
enum OptionDecision: Equatable {
    case option(Int)
    case ambiguous
    case none

    static func decide(_ key: AnswerKey, _ evidence: Evidence) -> OptionDecision {
        let count = key.options.count
        guard count > 0 else { return .none }
        var direct = [[Occurrence]](repeating: [], count: count)
        var indirect = [[Occurrence]](repeating: [], count: count)
        for occurrence in evidence.occurrences {
            guard let option = impliedOption(occurrence.target, key) else { continue }
            if occurrence.asserts {
                direct[option].append(occurrence)
            } else if occurrence.denies, count == 2 {
                indirect[1 - option].append(occurrence)
            }
        }
        let named = (0..<count).filter { !direct[$0].isEmpty }.sorted {
            (direct[$0].first?.start ?? 0) < (direct[$1].first?.start ?? 0)
        }
        switch named.count {
        case 0:
            if evidence.namesBoth { return .ambiguous }
            let supported = (0..<count).filter { !indirect[$0].isEmpty }
            return supported.count == 1 ? .option(supported[0]) : (supported.isEmpty ? .none : .ambiguous)
        case 1:
            return .option(named[0])
        default:
            // An option named only inside a condition ("se fosse di lato …") is not chosen.
            let asserted = named.filter { option in direct[option].contains { !$0.conditional } }
            if asserted.count == 1 { return .option(asserted[0]) }
            return choose(first: named[0], second: named[1], direct: direct, indirect: indirect, evidence: evidence)
        }
    }

    private static func choose(
        first: Int, second: Int, direct: [[Occurrence]], indirect: [[Occurrence]], evidence: Evidence
    ) -> OptionDecision {
        guard !evidence.namesBoth, let a = direct[first].first, let b = direct[second].first else { return .ambiguous }
        if b.sentence > a.sentence { return .option(first) }
        if evidence.disjunctions.contains(where: { a.start < $0 && $0 < b.start }) { return .ambiguous }
        if evidence.sequences.contains(where: { a.start < $0 && $0 < b.start }) { return .option(first) }
        switch (indirect[first].isEmpty, indirect[second].isEmpty) {
        case (false, true): return .option(first)
        case (true, false): return .option(second)
        default: return .ambiguous
        }
    }

    private static func impliedOption(_ target: QuestionMatcher.Target, _ key: AnswerKey) -> Int? {
        switch target {
        case .option(let index): index
        case .concept(let index): key.concepts[index].implies
        default: nil
        }
    }
}
