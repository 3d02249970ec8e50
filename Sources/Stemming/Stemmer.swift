import CStemmer
import Locking

/// A Snowball stemmer for one language (Debian's libstemmer), safe to share between threads.
///
/// A libstemmer handle keeps its working buffer inside, so one handle serves one thread at a time:
/// this type keeps a small pool of handles and lends one per call, creating another only when all
/// are in use (at most one per concurrently stemming thread).
public final class Stemmer: Sendable {
    /// The Snowball algorithm name, such as `italian`.
    public let algorithm: String
    private let idle: Locked<[Handle]>

    /// Makes a stemmer for a Snowball algorithm (`italian`, `spanish`, `turkish`, …).
    ///
    /// - Throws: `StemmingError.unknownAlgorithm` when libstemmer has no such algorithm.
    public init(algorithm: String) throws(StemmingError) {
        guard let first = Handle(algorithm: algorithm) else { throw .unknownAlgorithm(algorithm) }
        self.algorithm = algorithm
        self.idle = Locked([first])
    }

    /// The algorithms this libstemmer build knows, such as `italian` and `turkish`.
    public static var algorithms: [String] {
        var names: [String] = []
        guard var cursor = sb_stemmer_list() else { return names }
        while let name = cursor.pointee {
            names.append(String(cString: name))
            cursor += 1
        }
        return names
    }

    /// The stem of one word; the input should already be lower-cased with the language's rules.
    ///
    /// Words are stemmed as UTF-8; an empty word is returned as it is.
    public func stem(_ word: String) -> String {
        guard !word.isEmpty else { return word }
        let handle = idle.withLock { $0.popLast() } ?? Handle(algorithm: algorithm)
        guard let handle else { return word }
        defer { idle.withLock { $0.append(handle) } }
        return handle.stem(word)
    }

    /// Stems every word of `words`, borrowing one handle for all of them.
    public func stem(_ words: [String]) -> [String] {
        let handle = idle.withLock { $0.popLast() } ?? Handle(algorithm: algorithm)
        guard let handle else { return words }
        defer { idle.withLock { $0.append(handle) } }
        return words.map { $0.isEmpty ? $0 : handle.stem($0) }
    }
}

/// One libstemmer handle, used by one thread at a time (the pool in `Stemmer` guarantees it).
private final class Handle: @unchecked Sendable {  // lent to one thread at a time by Stemmer's pool
    private let pointer: OpaquePointer

    init?(algorithm: String) {
        guard let pointer = sb_stemmer_new(algorithm, "UTF_8") else { return nil }
        self.pointer = pointer
    }

    deinit { sb_stemmer_delete(pointer) }

    func stem(_ word: String) -> String {
        var word = word
        return word.withUTF8 { bytes in
            guard let base = bytes.baseAddress,
                let result = sb_stemmer_stem(pointer, base, Int32(bytes.count))
            else { return String(decoding: bytes, as: UTF8.self) }
            let length = Int(sb_stemmer_length(pointer))
            return String(decoding: UnsafeBufferPointer(start: result, count: length), as: UTF8.self)
        }
    }
}
