import Foundation
import Locking
import PostgreSQL
import Testing

@testable import App

/// Announcements through PostgreSQL: one node's `NOTIFY` reaches another node's listening connection.
/// (On SQLite there is a single node and nothing to hear: `SingleNodeAnnouncements`.)
struct ContentAnnouncementTests {
    @Test(.enabled(if: TestPostgres.isAvailable)) func anAnnouncementOnOneNodeReachesTheOthers() async throws {
        try await StoreContractTests.withStores(.postgreSQL) { stores in
            let heard = Locked<[ContentAnnouncement]>([])
            let connected = Locked(0)
            let node = "test-\(UUID().uuidString)"
            stores.announcements.listen(
                caughtUp: { connected.withLock { $0 += 1 } }, trouble: { _ in },
                { announcement in
                    guard announcement.node == node else { return }
                    heard.withLock { $0.append(announcement) }
                })
            var waited = 0
            while connected.withLock({ $0 }) == 0, waited < 200 {
                try await Task.sleep(for: .milliseconds(50))
                waited += 1
            }
            #expect(connected.withLock { $0 } == 1, "the listener connected and caught up once")
            let sent = ContentAnnouncement(node: node, version: 3, contentHash: "abc", reason: .reload)
            try stores.announcements.announce(sent)
            waited = 0
            while heard.withLock({ $0 }).isEmpty, waited < 200 {
                try await Task.sleep(for: .milliseconds(50))
                waited += 1
            }
            #expect(heard.withLock { $0 } == [sent])
        }
    }
}
