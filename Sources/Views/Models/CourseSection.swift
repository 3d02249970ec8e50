/// A readable part of the course: a chapter, the appendix or the best-practice case study.
///
/// Language-neutral, like progress: the same section exists in every language.
public enum CourseSection: Hashable, Sendable {
    case chapter(Int)
    case appendix
    case practice

    /// The page path of this section in `language` (a BCP 47 tag), e.g. `/it/chapters/3`.
    public func path(in language: String) -> String {
        let base = "/" + URLPath.segment(language)
        switch self {
        case .chapter(let number): return base + "/chapters/\(number)"
        case .appendix: return base + "/appendix"
        case .practice: return base + "/practice"
        }
    }
}
