/// Size limits on the content files Course parses; App's reader reads no file larger than a document may be.
public struct ContentLimits: Sendable, Equatable {
    /// The largest document accepted; the real ones are under 100 KB. Default 4 MiB.
    public var maximumDocumentBytes: Int
    /// The largest vocabulary file accepted. Default 64 KiB.
    public var maximumVocabularyBytes: Int

    public init(maximumDocumentBytes: Int = 4 << 20, maximumVocabularyBytes: Int = 64 << 10) {
        self.maximumDocumentBytes = maximumDocumentBytes
        self.maximumVocabularyBytes = maximumVocabularyBytes
    }
}
