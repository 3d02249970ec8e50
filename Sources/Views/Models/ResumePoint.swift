/// A place to resume reading: a section and, when known, the anchor of the block last read.
public struct ResumePoint: Sendable, Equatable {
    /// The section to resume.
    public var section: CourseSection
    /// The block to land on, when known.
    public var anchor: String?

    /// A resume point; without an anchor the link opens the section's top.
    public init(section: CourseSection, anchor: String? = nil) {
        self.section = section
        self.anchor = anchor
    }
}
