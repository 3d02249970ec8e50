/// The course in every language, loaded and validated as one immutable value.
///
/// Built only by `parse(files:)`, which either return a complete library or throw a
/// `ContentReport` listing every problem: a half-loaded course never exists.
public struct CourseLibrary: Sendable, Equatable {
    /// The languages in their vocabulary `order`, then by code.
    public let courses: [LanguageCourse]

    init(courses: [LanguageCourse]) {
        self.courses = courses
    }

    /// The languages in order.
    public var languages: [Language] { courses.map(\.language) }

    /// The course in the language with `code` (`it`, `zh-Hant`…).
    public func course(_ code: String) -> LanguageCourse? {
        courses.first { $0.language.code == code }
    }

    /// The same, as a subscript: `library["ja"]`.
    public subscript(code: String) -> LanguageCourse? { course(code) }
}
