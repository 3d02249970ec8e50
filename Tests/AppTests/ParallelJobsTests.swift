import Foundation
import Testing

@testable import App

/// Content preparation jobs run together; each result or error comes back through its own handle.
struct ParallelJobsTests {
    struct Broken: Error, Equatable {
        let index: Int
    }

    @Test func everyJobRunsOnceAndKeepsItsOwnValue() throws {
        let jobs = ParallelJobs()
        let squares = (0..<64).map { index in jobs.add { index * index } }
        jobs.run()
        #expect(try squares.map { try $0.get() } == (0..<64).map { $0 * $0 })
    }

    @Test func aFailingJobFailsOnlyItsOwnHandle() throws {
        let jobs = ParallelJobs()
        let handles = (0..<8).map { index in
            jobs.add { () throws -> Int in
                if index % 3 == 1 { throw Broken(index: index) }
                return index
            }
        }
        jobs.run()
        for (index, handle) in handles.enumerated() {
            if index % 3 == 1 {
                #expect(throws: Broken(index: index)) { try handle.get() }
            } else {
                #expect(try handle.get() == index)
            }
        }
    }

    @Test func aJobThatHasNotRunHasNoValue() throws {
        let jobs = ParallelJobs()
        let pending = jobs.add { 1 }
        #expect(throws: ParallelJobs.NotRun.self) { try pending.get() }
        jobs.run()
        #expect(try pending.get() == 1)
    }
}
