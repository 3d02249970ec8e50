import HTTP
import Synchronization
import Views

/// One language's parallel-reading pages (`/{lang}/chapters/{n}?with={other}`), prepared once per snapshot
/// and then served as a lookup, like a chapter page.
///
/// Prepared on first request rather than at load: 20 language pairs × 12 chapters rendered and gzipped
/// would add a third to every start-up and reload, for pages few readers open. The route finds a prepared
/// page on the event loop without locking; a missing one is rendered in a task, off the loop, and kept
/// (the first of two concurrent preparations wins, both are the same bytes).
final class ParallelPages: Sendable {
    private final class Slot: Sendable {
        let other: String
        let body = AtomicLazyReference<PreparedBody>()

        init(other: String) { self.other = other }
    }

    /// Per chapter, one slot per other language, in the library's order.
    private let slots: [Int: [Slot]]
    private let headers: Headers

    /// Empty slots for every chapter in `chapters` read beside every language in `others`; `headers` go on
    /// every page (the language cookie and the page security headers, as on the chapter pages).
    init(chapters: [Int], others: [String], headers: Headers) {
        var slots: [Int: [Slot]] = [:]
        for chapter in chapters { slots[chapter] = others.map(Slot.init(other:)) }
        self.slots = slots
        self.headers = headers
    }

    /// The page for `chapter` beside `other`, when it has been prepared.
    func prepared(chapter: Int, with other: String) -> PreparedBody? {
        slot(chapter, other)?.body.load()
    }

    /// Renders and prepares the page for `chapter` with `pages` beside `otherPages` (language `other`), keeps it
    /// and returns the kept one; `nil` when either language lacks the chapter. Slow (render and gzip): never on
    /// an event loop.
    /// - Throws: `HTTPError` if compression fails.
    func prepare(
        chapter: Int, with other: String, pages: CoursePages, otherPages: CoursePages
    ) throws(HTTPError) -> PreparedBody? {
        guard let slot = slot(chapter, other) else { return nil }
        if let body = slot.body.load() { return body }
        guard let bytes = pages.parallel(chapter: chapter, with: otherPages) else { return nil }
        let body = try PreparedBody(bytes, contentType: "text/html; charset=utf-8", extraHeaders: headers)
        return slot.body.storeIfNil(body)
    }

    private func slot(_ chapter: Int, _ other: String) -> Slot? {
        guard let slots = slots[chapter] else { return nil }
        for slot in slots where slot.other == other { return slot }
        return nil
    }
}
