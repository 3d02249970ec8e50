/// What a cohort's charts show: mean completion at the end of each day, and each required question's
/// facility among the members who tried it.
///
/// Pure: computed from the members' statuses' inputs (when each required question was passed) and their
/// per-question final scores.
struct CohortTrends: Sendable, Equatable {
    /// Mean completion of the current members at the end of a UTC day.
    struct DayPoint: Sendable, Equatable {
        var day: DueDate
        var completion: Double
    }

    /// One required question's mean final score among the members who tried it.
    struct QuestionFacility: Sendable, Equatable {
        var question: String
        var learners: Int
        /// `nil` when no member tried it.
        var facility: Double?
    }

    /// The most days charted; a longer history is sampled evenly, always keeping the first and last day.
    static let maximumPoints = 60

    var completion: [DayPoint]
    var facility: [QuestionFacility]

    /// - Parameters:
    ///   - passTimes: per member, when each required question they passed was passed (Unix ms).
    ///   - requiredTotal: the number of required questions.
    ///   - scores: per member, the final score of each question they tried.
    ///   - requiredQuestions: the required question ids in course order.
    ///   - from, to: the cohort's creation time and now (Unix ms).
    init(
        passTimes: [[Int64]], requiredTotal: Int, scores: [[String: Double]], requiredQuestions: [String],
        from: Int64, to: Int64
    ) {
        let first = DueDate(containing: from).day
        let last = max(first, DueDate(containing: to).day)
        let span = last - first
        var days: [Int] = []
        if span < Self.maximumPoints {
            days = Array(first...last)
        } else {
            days = (0..<Self.maximumPoints).map { first + $0 * span / (Self.maximumPoints - 1) }
        }
        completion = days.map { day in
            let end = DueDate(daysSinceEpoch: day).deadline
            let shares = passTimes.map { times in
                requiredTotal == 0 ? 0 : Double(times.filter { $0 < end }.count) / Double(requiredTotal)
            }
            let mean = shares.isEmpty ? 0 : shares.reduce(0, +) / Double(shares.count)
            return DayPoint(day: DueDate(daysSinceEpoch: day), completion: mean)
        }
        facility = requiredQuestions.map { question in
            let tried = scores.compactMap { $0[question] }
            return QuestionFacility(
                question: question, learners: tried.count,
                facility: tried.isEmpty ? nil : tried.reduce(0, +) / Double(tried.count))
        }
    }
}
