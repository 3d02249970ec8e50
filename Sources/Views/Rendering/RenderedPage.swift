/// A page rendered once (per language, at content load) with holes for the per-learner parts.
///
/// Slots design: the page is kept as `[static bytes, slot, static bytes, …]`. `staticBytes` is the page every
/// anonymous reader gets (each slot showing its fallback) — cache it, give it an ETag, gzip it once.
/// `bytes(for:)` concatenates the same static runs around small fragments rendered from `LearnerState`
/// (progress marks, earlier attempts, a result after a no-JavaScript POST), so a personalised page costs a
/// few copies, not a re-render; it never needs JavaScript, and `folio.js` updates the page after fetch answers.
public struct RenderedPage: Sendable {
    let segments: [PageSegment]
    let context: PageContext
    /// Progress marks rendered once, so a personalised page only copies them.
    private let marks: [ProgressMark: [UInt8]]
    /// The page with every slot showing its fallback: what a reader without progress sees.
    public let staticBytes: [UInt8]

    init(nodes: [Node], context: PageContext) {
        self.segments = HTMLRenderer.segments(nodes)
        self.context = context
        var bytes: [UInt8] = []
        bytes.reserveCapacity(segments.reduce(0) { $0 + $1.size })
        for segment in segments {
            switch segment {
            case .bytes(let run): bytes.append(contentsOf: run)
            case .slot(_, let fallback): bytes.append(contentsOf: fallback)
            }
        }
        self.staticBytes = bytes
        let fragments = ResultFragments(context: context)
        var marks: [ProgressMark: [UInt8]] = [:]
        if segments.contains(where: { if case .slot(.mark, _) = $0 { return true } else { return false } }) {
            for mark in ProgressMark.common {
                marks[mark] = HTMLRenderer.bytes([fragments.mark(mark)], capacity: 256)
            }
        }
        self.marks = marks
    }

    /// Whether any part of the page depends on the learner; if not, `staticBytes` is always the answer.
    public var hasSlots: Bool {
        segments.contains { if case .slot = $0 { return true } else { return false } }
    }

    /// The page for one learner: static runs copied, slots filled from `learner` (fallback where it has nothing).
    public func bytes(for learner: LearnerState) -> [UInt8] {
        let fragments = ResultFragments(context: context)
        var out: [UInt8] = []
        out.reserveCapacity(staticBytes.count + 4_096)
        for segment in segments {
            switch segment {
            case .bytes(let run):
                out.append(contentsOf: run)
            case .slot(.mark(let section), let fallback):
                if let mark = ProgressMark(learner.sections[section]) {
                    out.append(contentsOf: marks[mark] ?? HTMLRenderer.bytes([fragments.mark(mark)], capacity: 256))
                } else {
                    out.append(contentsOf: fallback)
                }
            case .slot(let slot, let fallback):
                if let nodes = fill(slot, from: learner, fragments) {
                    out.append(contentsOf: HTMLRenderer.bytes(nodes, capacity: 2_048))
                } else {
                    out.append(contentsOf: fallback)
                }
            }
        }
        return out
    }

    /// The page for one learner as a string (tests, debugging).
    public func string(for learner: LearnerState = .anonymous) -> String {
        String(decoding: bytes(for: learner), as: UTF8.self)
    }

    private func fill(_ slot: Slot, from learner: LearnerState, _ fragments: ResultFragments) -> [Node]? {
        switch slot {
        case .mark(let section):
            return ProgressMark(learner.sections[section]).map { [fragments.mark($0)] }
        case .continueReading:
            return learner.resume.map { [fragments.continueLink($0)] }
        case .result(let questionID):
            if let draft = learner.drafts[questionID] { return [fragments.draftError(questionID: questionID, draft)] }
            return learner.results[questionID].map { fragments.result($0) }
        case .answerInput(let questionID, let required):
            return learner.drafts[questionID].map {
                [fragments.answerInput(questionID: questionID, required: required, draft: $0)]
            }
        case .attempts(let questionID):
            guard let attempts = learner.attempts[questionID], !attempts.isEmpty else { return nil }
            return [fragments.attempts(questionID: questionID, attempts)]
        case .reveal(let questionID):
            if let reference = learner.references[questionID] { return [fragments.reference(reference)] }
            return learner.revealDisabled ? [] : nil
        case .chapterAnswer(let chapter, let anchor, let text):
            if learner.shownAnswers.contains(chapter) { return [fragments.chapterAnswer(anchor: anchor, text: text)] }
            guard learner.revealDisabled else { return nil }
            return [fragments.hiddenChapterAnswer(chapter: chapter, anchor: anchor, revealDisabled: true)]
        case .readState(let section):
            return learner.sections[section]?.read == true ? [fragments.chapterRead()] : nil
        }
    }
}

extension PageSegment {
    var size: Int {
        switch self {
        case .bytes(let run): return run.count
        case .slot(_, let fallback): return fallback.count
        }
    }
}
