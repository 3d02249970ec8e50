/// A place to resume reading: a section and, when known, the anchor of the block last read.
public struct ResumePoint: Sendable, Equatable {
    public var section: CourseSection
    public var anchor: String?

    public init(section: CourseSection, anchor: String? = nil) {
        self.section = section
        self.anchor = anchor
    }
}
