/// The outcome of `folio check-content [DIR]`: the figures of every language that parsed and every error.
public struct ContentCheck: Sendable {
    /// The loaded library when there is no error.
    public let library: CourseLibrary?
    public let summary: ContentSummary

    /// Parses content held in memory as `CourseLibrary.parse(files:oversized:limits:)` does, keeping partial
    /// figures for the report.
    ///
    /// `contentHash` is the caller's digest of the directory, printed with the figures (the server computes
    /// it, so the report and the running server name the same content alike).
    public init(
        files: [String: [UInt8]], oversized: [String: Int] = [:], contentHash: String? = nil,
        limits: ContentLimits = ContentLimits()
    ) {
        let assembly = CourseLibrary.assemble(ContentFiles(files: files, oversized: oversized, limits: limits))
        library = assembly.errors.isEmpty ? CourseLibrary(courses: assembly.courses) : nil
        summary = ContentSummary(courses: assembly.courses, errors: assembly.errors, contentHash: contentHash)
    }

    /// Whether the content loads without error; `folio check-content` exits non-zero otherwise.
    public var passed: Bool { library != nil }

    /// The report to print.
    public func render() -> String { summary.render() }
}
