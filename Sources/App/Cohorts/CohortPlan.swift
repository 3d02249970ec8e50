import Views

/// What a cohort's learners must finish and by when: the required sections and an optional due date.
///
/// `required` names sections as the APIs do (`ch0`…`ch11`, `practice`); the appendix has no questions and is
/// never required. A plan that names no sections (`required == nil`) requires every chapter and the case
/// study of the content in force, so cohorts created before plans existed, and plans left at the default,
/// follow the course as it grows.
struct CohortPlan: Sendable, Equatable {
    var dueDate: DueDate?
    /// The sections to finish, in course order; `nil` for every chapter and the practice.
    var required: [CourseSection]?

    init(dueDate: DueDate? = nil, required: [CourseSection]? = nil) {
        self.dueDate = dueDate
        self.required = required
    }

    /// The sections that may be required: every chapter of the course and the practice.
    static func requirableSections(chapters: [Int]) -> [CourseSection] {
        chapters.map { CourseSection.chapter($0) } + [.practice]
    }

    /// The required sections against the course's chapters (the default resolved; unknown ones dropped).
    func requiredSections(chapters: [Int]) -> [CourseSection] {
        let available = Self.requirableSections(chapters: chapters)
        guard let required else { return available }
        return available.filter(required.contains)
    }

    /// Parses the `required` field: section names, none repeated, each a chapter of the course or `practice`.
    /// - Returns: the sections in course order, or the first name that is not a requirable section.
    static func parseRequired(_ names: [String], chapters: [Int]) -> Result<[CourseSection], RequiredSectionError> {
        let available = requirableSections(chapters: chapters)
        var chosen: Set<CourseSection> = []
        for name in names {
            guard let section = CourseSection(name: name), available.contains(section) else {
                return .failure(.unknown(name))
            }
            chosen.insert(section)
        }
        guard !chosen.isEmpty else { return .failure(.empty) }
        return .success(available.filter(chosen.contains))
    }

    /// Whether the plan's due date has passed at `now` (Unix ms): from midnight UTC after the due day.
    func isPastDue(now: Int64) -> Bool {
        guard let dueDate else { return false }
        return now >= dueDate.deadline
    }
}

/// Why a `required` list was refused.
enum RequiredSectionError: Error, Equatable {
    /// A name that is not a chapter of the course nor `practice`.
    case unknown(String)
    /// No section at all.
    case empty
}
