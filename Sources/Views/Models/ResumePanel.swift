/// What the progress page's "Continue on another device" and "I have a code" sections show.
public struct ResumePanel: Sendable {
    /// A resume code just issued, with its QR symbol (the absolute resume URL, or the code itself).
    public struct IssuedCode: Sendable {
        /// The code to type on the other device, grouped for reading.
        public var code: String
        /// The QR symbol to scan; `nil` when it could not be made (the code still works).
        public var symbol: QRSymbol?

        /// An issued code with its symbol.
        public init(code: String, symbol: QRSymbol?) {
            self.code = code
            self.symbol = symbol
        }
    }

    /// Whether this browser belongs to a learner, whose progress a code would carry elsewhere.
    public var hasLearner: Bool
    /// How long a code stays valid, in minutes.
    public var lifetimeMinutes: Int
    /// The code just issued, shown once.
    public var issued: IssuedCode?
    /// What was typed into "I have a code" (kept when it failed, prefilled from a scanned link).
    public var typedCode: String
    /// Why the typed code was refused, in the page's language.
    public var error: String?

    /// The panel's state; the defaults show an empty form for a reader without a learner.
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
