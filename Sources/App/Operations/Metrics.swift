import Foundation
import Locking
import SQLite

/// The service's Prometheus metrics, rendered in the text exposition format (version 0.0.4).
///
/// Counters are keyed by their label values. Request counts and latencies, recorded on every response by
/// both event loops, go to one of several shards chosen by the recording thread, so the loops do not
/// contend for one lock and one cache line; rendering merges the shards. Open connections are sampled from
/// the servers when the text is rendered, so the gauge cannot drift.
final class Metrics: Sendable {
    /// Upper bounds of the request latency histogram, in seconds.
    static let latencyBuckets: [Double] = [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5]

    private struct Histogram {
        var counts = [UInt64](repeating: 0, count: Metrics.latencyBuckets.count)
        var sum = 0.0
        var count: UInt64 = 0
    }

    private struct RequestTable {
        var requests: [RequestKey: UInt64] = [:]
        var latency = Histogram()
    }

    private struct State {
        var attempts: [String: UInt64] = [:]
        var reloads: [String: UInt64] = [:]
    }

    private struct RequestKey: Hashable {
        var method: String
        var route: String
        var status: Int
    }

    private let state = Locked(State())
    /// A power of two, more than the event loops and the tasks that finish responses.
    private let requestShards = (0..<16).map { _ in Locked(RequestTable()) }
    private let connectionSources = Locked<[@Sendable () -> Int]>([])

    init() {}

    /// Records one finished request under its route pattern (not its path, which would explode cardinality).
    func recordRequest(method: String, route: String, status: Int, seconds: Double) {
        let bucket = Self.latencyBuckets.firstIndex { seconds <= $0 }
        requestShards[Self.shardIndex(of: requestShards.count)].withLock { table in
            table.requests[RequestKey(method: method, route: route, status: status), default: 0] += 1
            table.latency.sum += seconds
            table.latency.count += 1
            if let bucket { table.latency.counts[bucket] += 1 }
        }
    }

    /// The calling thread's shard: its pthread id (the address of its thread control block) hashed so that
    /// threads land apart.
    private static func shardIndex(of count: Int) -> Int {
        let mixed = (UInt(pthread_self()) >> 12) &* 0x9E37_79B9_7F4A_7C15
        return Int(truncatingIfNeeded: mixed >> 58) & (count - 1)
    }

    /// Every shard's requests and latencies added together.
    private func mergedRequests() -> RequestTable {
        var merged = RequestTable()
        for shard in requestShards {
            let table = shard.withLock { $0 }
            merged.requests.merge(table.requests, uniquingKeysWith: +)
            merged.latency.sum += table.latency.sum
            merged.latency.count += table.latency.count
            for index in merged.latency.counts.indices { merged.latency.counts[index] += table.latency.counts[index] }
        }
        return merged
    }

    /// Records a graded attempt by verdict.
    func recordAttempt(verdict: String) {
        state.withLock { $0.attempts[verdict, default: 0] += 1 }
    }

    /// Records a content reload by outcome (`success` or `failure`).
    func recordReload(outcome: String) {
        state.withLock { $0.reloads[outcome, default: 0] += 1 }
    }

    /// Adds a source of the open-connection gauge (a server's `openConnections`), summed at render time.
    func sampleOpenConnections(_ source: @escaping @Sendable () -> Int) {
        connectionSources.withLock { $0.append(source) }
    }

    /// The exposition text; `contentVersion` and `databaseBytes` are sampled by the caller.
    func render(
        contentVersion: Int64, contentHash: String, databaseBytes: Int64, databaseFull: Bool = false,
        contentDrift: Bool = false
    ) -> String {
        let snapshot = state.withLock { $0 }
        let served = mergedRequests()
        let openConnections = connectionSources.withLock { $0 }.reduce(0) { $0 + $1() }
        var out = ""
        out += "# HELP folio_http_requests_total HTTP requests by route pattern and status.\n"
        out += "# TYPE folio_http_requests_total counter\n"
        for (key, value) in served.requests.sorted(by: {
            ($0.key.route, $0.key.status, $0.key.method) < ($1.key.route, $1.key.status, $1.key.method)
        }) {
            out += "folio_http_requests_total{method=\(Self.label(key.method)),route=\(Self.label(key.route)),"
            out += "status=\"\(key.status)\"} \(value)\n"
        }
        out += "# HELP folio_http_request_duration_seconds Time from parsed request to response queued.\n"
        out += "# TYPE folio_http_request_duration_seconds histogram\n"
        var cumulative: UInt64 = 0
        for (bound, count) in zip(Self.latencyBuckets, served.latency.counts) {
            cumulative += count
            out += "folio_http_request_duration_seconds_bucket{le=\"\(bound)\"} \(cumulative)\n"
        }
        out += "folio_http_request_duration_seconds_bucket{le=\"+Inf\"} \(served.latency.count)\n"
        out += "folio_http_request_duration_seconds_sum \(served.latency.sum)\n"
        out += "folio_http_request_duration_seconds_count \(served.latency.count)\n"
        out += "# HELP folio_open_connections Client connections currently open.\n"
        out += "# TYPE folio_open_connections gauge\n"
        out += "folio_open_connections \(openConnections)\n"
        out += "# HELP folio_attempts_graded_total Checkpoint attempts graded, by verdict.\n"
        out += "# TYPE folio_attempts_graded_total counter\n"
        for verdict in ["correct", "partial", "incorrect"] {
            out += "folio_attempts_graded_total{verdict=\"\(verdict)\"} \(snapshot.attempts[verdict, default: 0])\n"
        }
        out += "# HELP folio_content_reloads_total Content reloads, by outcome.\n"
        out += "# TYPE folio_content_reloads_total counter\n"
        for outcome in ["success", "failure"] {
            out += "folio_content_reloads_total{outcome=\"\(outcome)\"} \(snapshot.reloads[outcome, default: 0])\n"
        }
        out += "# HELP folio_content_version Id of the content version being served.\n"
        out += "# TYPE folio_content_version gauge\n"
        out += "folio_content_version{hash=\(Self.label(contentHash))} \(contentVersion)\n"
        out += "# HELP folio_content_drift 1 while this node serves content other than the cluster's last accepted.\n"
        out += "# TYPE folio_content_drift gauge\n"
        out += "folio_content_drift \(contentDrift ? 1 : 0)\n"
        out += "# HELP folio_database_size_bytes Size of the SQLite database file and its WAL.\n"
        out += "# TYPE folio_database_size_bytes gauge\n"
        out += "folio_database_size_bytes \(databaseBytes)\n"
        out += "# HELP folio_database_full 1 while writes fail because the database's disk is full.\n"
        out += "# TYPE folio_database_full gauge\n"
        out += "folio_database_full \(databaseFull ? 1 : 0)\n"
        return out
    }

    /// A label value in quotes, escaping backslash, quote and newline as the format requires.
    private static func label(_ value: String) -> String {
        var out = "\""
        for character in value {
            switch character {
            case "\\": out += "\\\\"
            case "\"": out += "\\\""
            case "\n": out += "\\n"
            default: out.append(character)
            }
        }
        return out + "\""
    }
}
