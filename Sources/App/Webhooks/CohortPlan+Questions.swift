import Course

extension CohortPlan {
    /// The ids of the questions the plan requires in `course`: its required chapters' and, when required,
    /// the case study's.
    func requiredQuestions(in course: LanguageCourse) -> Set<String> {
        var ids: Set<String> = []
        for section in requiredSections(chapters: course.chapters.map(\.number)) {
            switch section {
            case .chapter(let number):
                ids.formUnion(course.chapters.first { $0.number == number }?.questions.map(\.id) ?? [])
            case .practice: ids.formUnion(course.practice.questions.map(\.id))
            case .appendix: break
            }
        }
        return ids
    }
}
