import Course

// CourseOutline made from the course model's values, so App passes them as they are.

extension CourseOutline {
    /// The titles and question counts of `course`, for navigation and the home page.
    public init(_ course: LanguageCourse) {
        self.init(
            title: course.title,
            chapters: course.chapters.map {
                ChapterSummary(number: $0.number, title: $0.title, questionCount: $0.questions.count)
            },
            appendixTitle: course.appendix.heading,
            practiceTitle: course.practice.heading,
            practiceQuestionCount: course.practice.questions.count
        )
    }
}
