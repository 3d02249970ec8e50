/// Counters of the group-commit write queue since the database opened, for benchmarks and diagnostics.
public struct WriteQueueStatistics: Sendable, Equatable {
    /// Batches taken from the queue.
    public var batches = 0
    /// `BEGIN IMMEDIATE` transactions started (more than batches only after a failure that ended one).
    public var transactions = 0
    /// Jobs whose batch committed.
    public var committedJobs = 0
    /// Jobs that threw, or whose batch failed to commit.
    public var failedJobs = 0
    /// Jobs refused because the queue was full.
    public var refusedJobs = 0
    /// The largest batch taken.
    public var largestBatch = 0

    /// Average jobs per batch.
    public var averageBatchSize: Double {
        batches == 0 ? 0 : Double(committedJobs + failedJobs) / Double(batches)
    }

    mutating func record(_ outcome: GroupCommitter.BatchOutcome) {
        batches += 1
        transactions += outcome.transactions
        committedJobs += outcome.committedJobs
        failedJobs += outcome.failedJobs
        largestBatch = max(largestBatch, outcome.batchSize)
    }
}
