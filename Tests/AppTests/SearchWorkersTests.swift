import Foundation
import Testing

@testable import App

/// Searches run on their own threads, neither on an event loop nor in Swift's task pool.
@Suite struct SearchWorkersTests {
    struct Refused: Error {}

    @Test func runsOnASearchThreadAndReturnsItsValue() async throws {
        #expect(!SearchWorkers.shared.isCurrentThread)
        #expect(try await SearchWorkers.shared.run { SearchWorkers.shared.isCurrentThread })
        let values = try await withThrowingTaskGroup(of: Int.self) { group in
            for value in 0..<50 { group.addTask { try await SearchWorkers.shared.run { value * 2 } } }
            return try await group.reduce(into: [Int]()) { $0.append($1) }
        }
        #expect(values.sorted() == (0..<50).map { $0 * 2 })
    }

    @Test func passesTheErrorBack() async {
        await #expect(throws: Refused.self) {
            try await SearchWorkers.shared.run { () throws -> Int in throw Refused() }
        }
    }
}
