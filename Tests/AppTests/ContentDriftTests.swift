import Foundation
import Testing

@testable import App

/// Content across nodes: announcements from other nodes set the cluster's accepted version; a node whose
/// files differ reports drift in `/healthz`, `/metrics` and the console, and keeps serving.
@Suite(.serialized) struct ContentDriftTests {
    static func announcement(_ hash: String, _ reason: ContentAnnouncement.Reason, version: Int64 = 99)
        -> ContentAnnouncement
    {
        ContentAnnouncement(node: "other-node:1", version: version, contentHash: hash, reason: reason)
    }

    @Test func anAnnouncementRoundTripsThroughItsPayload() throws {
        let sent = Self.announcement("abc", .reload, version: 7)
        #expect(ContentAnnouncement(payload: sent.payload()) == sent)
        #expect(ContentAnnouncement(payload: "not json") == nil)
    }

    @Test func aNodeWhoseFilesDifferFromTheAnnouncedVersionReportsDriftAndKeepsServing() async throws {
        let server = try TestServer(copyContent: true)
        let client = server.client()
        let host = server.services.content
        let served = host.snapshot.contentHash
        var health = try await client.perform("GET", "/healthz").json()
        #expect(health["content"] as? String == served)
        #expect(health["cluster_content"] as? String == served, "a node's own start-up is the accepted version")
        #expect(health["content_state"] as? String == "current")

        host.follow(Self.announcement("f00d", .startup))
        let response = try await client.perform("GET", "/healthz")
        #expect(response.status == 200, "drift does not take the node out of the load balancer")
        health = try response.json()
        #expect(health["content"] as? String == served)
        #expect(health["cluster_content"] as? String == "f00d")
        #expect(health["content_state"] as? String == "drift")
        let metrics = try PrometheusText(
            try await client.perform("GET", "/metrics", headers: AdminTestSupport.bearer).text)
        #expect(metrics.sum("folio_content_drift") == 1)
        #expect(try await client.perform("GET", "/it/").status == 200)
        _ = try await AdminTestSupport.signIn(client)
        #expect(try await client.perform("GET", "/admin").text.contains("Drift: this node"))

        host.follow(
            ContentAnnouncement(node: ContentAnnouncement.thisNode, version: 1, contentHash: "x", reason: .reload))
        #expect(host.clusterContentHash == "f00d", "a node's own announcements are ignored")
        host.follow(Self.announcement(served, .startup))
        #expect(!host.isDrifting)
        let after = try PrometheusText(
            try await client.perform("GET", "/metrics", headers: AdminTestSupport.bearer).text)
        #expect(after.sum("folio_content_drift") == 0)
        await server.stop()
    }

    @Test func aReloadAnnouncementReloadsThisNodesOwnFilesAndRecordsItAsFollowed() async throws {
        let server = try TestServer(copyContent: true)
        let host = server.services.content
        let before = host.snapshot.contentHash
        try AdminTestSupport.edit(server, file: "it.txt") {
            try AdminTestSupport.replaceLine(startingWith: "Capitolo 3 · ", with: "Capitolo 3 · Seguito", in: $0)
        }
        host.follow(Self.announcement("elsewhere", .reload))
        var waited = 0
        while host.snapshot.contentHash == before, waited < 600 {
            try await Task.sleep(for: .milliseconds(100))
            waited += 1
        }
        #expect(host.snapshot.contentHash != before, "the node reloaded its own files")
        #expect(host.isDrifting, "its files still differ from the announced version")
        let loads = try await server.services.adminConsole.contentVersions(limit: 5)
        #expect(loads.first?.loadedBy == ContentHost.announcementActor)
        let accepted = try server.services.contentVersions.lastAccepted()
        #expect(accepted?.loadedBy == "startup", "a followed reload does not become the cluster's version")
        await server.stop()
    }

    @Test func anAskedReloadBecomesTheAcceptedVersion() async throws {
        let server = try TestServer(copyContent: true)
        let host = server.services.content
        host.follow(Self.announcement("f00d", .startup))
        #expect(host.isDrifting)
        _ = host.reload(by: "sighup")
        #expect(!host.isDrifting)
        #expect(host.clusterContentHash == host.snapshot.contentHash)
        #expect(try server.services.contentVersions.lastAccepted()?.loadedBy == "sighup")
        await server.stop()
    }
}
