import CICU
import Locking

/// An ICU transform (`Latin-Hiragana`, `Katakana-Hiragana`, …) safe to share between threads.
///
/// An ICU `UTransliterator` must not be used by two threads at once, and opening one costs milliseconds (it
/// compiles its rules), so this type opens the first handle on first use and keeps a small pool, lending one
/// handle per call and opening another only when all are in use.
public final class Transliterator: Sendable {
    /// The ICU transform id, such as `Latin-Hiragana`.
    public let id: String
    private let idle: Locked<[Handle]>

    /// Makes a transliterator for an ICU transform id; the id is checked by opening one handle.
    ///
    /// - Throws: `TransliterationError.unknownTransform` when ICU has no such transform.
    public init(id: String) throws(TransliterationError) {
        guard let first = Handle(id: id) else { throw .unknownTransform(id) }
        self.id = id
        self.idle = Locked([first])
    }

    /// `text` transformed; returned unchanged when ICU reports an error.
    public func transliterate(_ text: String) -> String {
        guard !text.isEmpty else { return text }
        let handle = idle.withLock { $0.popLast() } ?? Handle(id: id)
        guard let handle else { return text }
        defer { idle.withLock { $0.append(handle) } }
        return handle.transliterate(text) ?? text
    }
}

/// One ICU handle, used by one thread at a time (the pool in `Transliterator` guarantees it).
private final class Handle: @unchecked Sendable {  // lent to one thread at a time by Transliterator's pool
    private let pointer: UnsafeMutableRawPointer

    init?(id: String) {
        let units = Array(id.utf16)
        guard let pointer = folio_transliterator_open(units, Int32(units.count)) else { return nil }
        self.pointer = pointer
    }

    deinit { folio_transliterator_close(pointer) }

    func transliterate(_ text: String) -> String? {
        let source = Array(text.utf16)
        // Latin-Hiragana rarely more than doubles a text ("x" → "くす"); retry once with the room ICU asks for.
        var capacity = source.count * 2 + 16
        for _ in 0..<3 {
            var buffer = source + [UInt16](repeating: 0, count: capacity - source.count)
            var length = Int32(source.count)
            switch folio_transliterator_apply(pointer, &buffer, &length, Int32(capacity)) {
            case 0: return String(decoding: buffer[0..<Int(length)], as: UTF16.self)
            case 1: capacity = max(Int(length), capacity * 2) + 16
            default: return nil
            }
        }
        return nil
    }
}
