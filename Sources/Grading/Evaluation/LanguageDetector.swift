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
        let scripts: Set<TextRules.Script>
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
        let scores = score(sample, pool: pool, page: page)
        let ranked = pool.sorted { left, right in
            let (l, r) = (scores[left] ?? 0, scores[right] ?? 0)
            if l != r { return l > r }
            if left == page || right == page { return left == page }
            return false
        }
        guard let best = ranked.first else { return [page] }
        let bestScore = scores[best] ?? 0
        var primary: String
        if pool.contains(page) {
            let pageScore = scores[page] ?? 0
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
    private func score(_ sample: String, pool: [String], page: String) -> [String: Int] {
        let reader =
            pool.first { packs[$0]?.normalizer.rules.script == .han } ?? (pool.contains(page) ? page : pool[0])
        guard let normalizer = packs[reader]?.normalizer else { return [:] }
        let words = normalizer.words(sample)
        var scores: [String: Int] = [:]
        for code in pool {
            guard let pack = packs[code] else { continue }
            let functionWords = words.reduce(0) { $0 + (pack.lexicon.functionWords.contains($1) ? 1 : 0) }
            var letters = 0
            if let lowest = lowestLetter[code] {
                for scalar in sample.unicodeScalars
                where scalar.value >= lowest && pack.lexicon.distinctiveLetters.contains(scalar.value) {
                    letters += 2
                }
            }
            scores[code] = functionWords + letters
        }
        return scores
    }
}
