/// What the progress page's "Continue on another device" and "I have a code" sections show.
public struct ResumePanel: Sendable {
    /// A resume code just issued, with its QR symbol (the absolute resume URL, or the code itself).
    public struct IssuedCode: Sendable {
        public var code: String
        public var symbol: QRSymbol?

        public init(code: String, symbol: QRSymbol?) {
            self.code = code
            self.symbol = symbol
        }
    }

    /// Whether this browser belongs to a learner, whose progress a code would carry elsewhere.
    public var hasLearner: Bool
    /// How long a code stays valid, in minutes.
    public var lifetimeMinutes: Int
    public var issued: IssuedCode?
    /// What was typed into "I have a code" (kept when it failed, prefilled from a scanned link).
    public var typedCode: String
    /// Why the typed code was refused, in the page's language.
    public var error: String?

    public init(
        hasLearner: Bool = false, lifetimeMinutes: Int = 15, issued: IssuedCode? = nil, typedCode: String = "",
        error: String? = nil
    ) {
        self.hasLearner = hasLearner
        self.lifetimeMinutes = lifetimeMinutes
        self.issued = issued
        self.typedCode = typedCode
        self.error = error
    }
}
