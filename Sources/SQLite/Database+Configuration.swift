extension Database {
    /// How a database is opened: connection settings, pool size and group-commit limits.
    public struct Configuration: Sendable {
        /// Settings for every connection; readers get `isReadOnly`, the writer never does.
        public var connection: Connection.Configuration
        /// The most reader connections open at once; more concurrent reads wait.
        public var readerCount: Int
        /// The most jobs committed in one group-commit transaction.
        public var maximumBatchSize: Int
        /// The most jobs waiting in the group-commit queue; beyond it `submit` throws kind `.overloaded`,
        /// so memory stays bounded when writes arrive faster than the disk commits them.
        public var maximumPendingWrites: Int

        /// The defaults: `Connection.Configuration()` (WAL, `synchronous = FULL`), 4 readers, batches of
        /// 256, 4,096 queued writes.
        public init(
            connection: Connection.Configuration = Connection.Configuration(),
            readerCount: Int = 4,
            maximumBatchSize: Int = 256,
            maximumPendingWrites: Int = 4096
        ) {
            self.connection = connection
            self.readerCount = readerCount
            self.maximumBatchSize = maximumBatchSize
            self.maximumPendingWrites = maximumPendingWrites
        }
    }
}
