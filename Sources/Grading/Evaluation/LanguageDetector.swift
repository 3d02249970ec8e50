/// Guesses which of the loaded languages an answer is written in, from its script and its function words.
///
/// The page's language wins unless another has clearly more evidence: kana means Japanese; Han without kana
/// means a Han-script language, chosen by function characters (`的` `是` `不`); Latin letters are told apart by
/// function words ("il", "el", "ve") and letters only one language uses (`ñ`, `ğ`). Code words shared by all
/// documents (`overlay`, `status`) are no evidence, so "overlay" on the Chinese page stays Chinese.
struct LanguageDetector {
    let packs: [String: LanguagePack]
    let order: [String]
    /// The languages of `order` written in each script, in that order: the pools answers are told apart in.
    private let pools: [TextRules.Script: [String]]
    /// Per language, its smallest distinctive letter: scalars below it (most of an answer) need no look-up.
    private let lowestLetter: [String: UInt32]

    init(packs: [String: LanguagePack], order: [String]) {
        self.packs = packs
        self.order = order
        var pools: [TextRules.Script: [String]] = [:]
        for script in [TextRules.Script.latin, .han, .japanese] {
            pools[script] = order.filter { packs[$0]?.normalizer.rules.script == script }
        }
        self.pools = pools
        self.lowestLetter = packs.compactMapValues { $0.lexicon.distinctiveLetters.min() }
    }

    /// Evidence saturates quickly; long answers are sampled from their start.
    static let sampleLength = 600

    /// Languages to grade with, most likely first; the grader falls back along the list when a key
    /// recognises nothing.
    func candidates(for text: String, page: String) -> [String] {
        let scalars = text.unicodeScalars
        let sampleEnd = scalars.index(scalars.startIndex, offsetBy: Self.sampleLength, limitedBy: scalars.endIndex)
        let sample = String(scalars[..<(sampleEnd ?? scalars.endIndex)])
        var kana = 0
        var han = 0
        var latin = 0
        for scalar in sample.unicodeScalars {
            if CharacterClass.isKana(scalar.value) {
                kana += 1
            } else if CharacterClass.isHan(scalar.value) {
                han += 1
            } else if CharacterClass.isLetter(scalar) {
                latin += 1
            }
        }
        // Which of the three script groups (kana, Han without kana, Latin) the answer is in.
        let scripts: [TextRules.Script]
        if kana > 0 {
            scripts = [.japanese]
        } else if han > 0 {
            scripts = [.han, .japanese]
        } else if latin > 0 {
            scripts = [.latin]
        } else {
            return [page]
        }
        if scripts == [.latin], let romaji = packs[page]?.normalizer.rules.romaji, romaji.isRomaji(text) {
            return [page] + (pools[.latin] ?? []).filter { $0 != page }
        }
        // The languages of `order` in any of `scripts`, in that order.
        let pool =
            scripts.count == 1
            ? scripts.first.flatMap { pools[$0] } ?? []
            : order.filter { code in packs[code].map { scripts.contains($0.normalizer.rules.script) } ?? false }
        guard !pool.isEmpty else { return [page] }
        // Scores by position in `pool`; positions are sorted as the codes would be, so the order is the same.
        let scores = score(sample, pool: pool, page: page)
        let rankedPositions = pool.indices.sorted { left, right in
            let (l, r) = (scores[left], scores[right])
            if l != r { return l > r }
            if pool[left] == page || pool[right] == page { return pool[left] == page }
            return false
        }
        let ranked = rankedPositions.map { pool[$0] }
        guard let bestPosition = rankedPositions.first else { return [page] }
        let best = pool[bestPosition]
        let bestScore = scores[bestPosition]
        var primary: String
        if let pagePosition = pool.firstIndex(of: page) {
            let pageScore = scores[pagePosition]
            primary = bestScore > pageScore && (bestScore >= 2 || pageScore == 0 && bestScore >= 1) ? best : page
        } else {
            primary = bestScore >= 1 ? best : page
        }
        if scripts == [.han, .japanese], bestScore == 0, pool.contains(page) { primary = page }
        var result = [primary]
        for code in ranked + [page] where !result.contains(code) { result.append(code) }
        return result
    }

    /// Function words found plus twice the letters only that language uses, per language of `pool`. The sample
    /// is tokenized once, by a Han-script normaliser when there is one (it reads Simplified characters), else
    /// by the page's or the first: within a script the normalisers agree on function words.
    ///
    /// Per position of `pool`; 0 for a language without a pack.
    private func score(_ sample: String, pool: [String], page: String) -> [Int] {
        var scores = [Int](repeating: 0, count: pool.count)
        let reader =
            pool.first { packs[$0]?.normalizer.rules.script == .han } ?? (pool.contains(page) ? page : pool[0])
        guard let readerPack = packs[reader] else { return scores }
        let words = readerPack.normalizer.words(sample)
        for (position, code) in pool.enumerated() {
            guard let pack = packs[code] else { continue }
            let functionWords = words.reduce(0) { $0 + (pack.lexicon.functionWords.contains($1) ? 1 : 0) }
            var letters = 0
            if let lowest = lowestLetter[code] {
                for scalar in sample.unicodeScalars
                where scalar.value >= lowest && pack.lexicon.distinctiveLetters.contains(scalar.value) {
                    letters += 2
                }
            }
            scores[position] = functionWords + letters
        }
        return scores
    }
}
