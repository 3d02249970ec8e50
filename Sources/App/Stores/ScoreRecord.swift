/// One learner's facts on one question, with who they are: a row of the scores API (its `score` and `passed`
/// are computed with the scoring policy in force).
public struct ScoreRecord: Sendable, Equatable {
    public var learnerID: Int64
    public var displayName: String
    public var cohortID: Int64?
    public var questionID: String
    /// `ch0`…`ch11` or `practice`.
    public var section: String
    public var tries: QuestionTries
    /// The last attempt or reveal (Unix ms).
    public var lastAttemptAt: Int64

    /// The chapter number of the question, `nil` for the case study.
    public var chapter: Int? {
        guard section.hasPrefix("ch") else { return nil }
        return Int(section.dropFirst(2))
    }

    /// The keyset position just after this record.
    public var cursor: ScoreCursor { ScoreCursor(learnerID: learnerID, questionID: questionID) }
}

/// A position in the scores listing, ordered by (learner id, question id): new attempts only update or add
/// rows, so paging by this key never repeats a row and never skips one that existed when paging began.
public struct ScoreCursor: Sendable, Equatable {
    /// The longest cursor accepted, in characters.
    static let maximumEncodedLength = 400

    public var learnerID: Int64
    public var questionID: String

    public init(learnerID: Int64, questionID: String) {
        self.learnerID = learnerID
        self.questionID = questionID
    }

    /// The opaque form given to clients: base64url of the learner id (8 bytes, big-endian) and the question
    /// id's UTF-8. Every well-formed cursor is a position, so a client cannot make one that fails later.
    public var encoded: String {
        Base64URL.encode(PageCursor.bytes(learnerID) + Array(questionID.utf8))
    }

    /// Decodes a cursor; `nil` when it is not base64url of at least 8 bytes.
    public init?(encoded: String) {
        guard encoded.utf8.count <= Self.maximumEncodedLength, let bytes = Base64URL.decode(encoded), bytes.count >= 8
        else { return nil }
        self.init(
            learnerID: PageCursor.integer(bytes[0..<8]), questionID: String(decoding: bytes[8...], as: UTF8.self))
    }
}
