import Foundation
import Locking
import SQLite

/// Holds the content snapshot being served and replaces it on reload, atomically and never half-way.
///
/// Reloads are serialised and run on the caller's thread (never an event loop): parse, validate and
/// prepare beside the current snapshot, record the version, then swap one reference. A failed reload
/// changes nothing and is recorded too.
///
/// Across nodes: a version this node accepts on its own (start-up, or a reload asked of it) is announced
/// through the database; every node then reloads its own files and compares their hash with the
/// announced one, the cluster's last accepted version. A node whose files differ reports drift
/// (`isDrifting`) and keeps serving what it has (`ContentHost+Cluster.swift`).
public final class ContentHost: Sendable {
    /// `loaded_by` of a reload made because another node announced a version.
    static let announcementActor = "announcement"

    public let directory: String
    private let current: Locked<ContentSnapshot>
    private let reloads = Locked<Void>(())
    let versions: any ContentVersionStoring
    let announcements: any ContentAnnouncing
    /// The hash of the cluster's last accepted version, as far as this node heard.
    let accepted: Locked<String?>
    let metrics: Metrics
    let logger: Logger

    /// Loads the initial content; Folio refuses to start on content that does not validate.
    ///
    /// - Parameter preloaded: the content of `directory` already loaded (the tests load it once per process
    ///   and share it between servers); `nil` loads it here.
    /// - Throws: `StartupError` with the validation report.
    init(
        directory: String, versions: any ContentVersionStoring,
        announcements: any ContentAnnouncing = SingleNodeAnnouncements(), metrics: Metrics, logger: Logger,
        preloaded: ContentSnapshot? = nil
    ) throws(StartupError) {
        self.directory = directory
        self.logger = logger
        self.versions = versions
        self.announcements = announcements
        self.metrics = metrics
        let snapshot: ContentSnapshot
        if let preloaded {
            snapshot = preloaded
        } else {
            do {
                snapshot = try ContentLoader.load(directory: directory)
            } catch {
                throw StartupError("content in \(directory) does not load:\n\(error.report)")
            }
        }
        do {
            let report = try ReloadReport.loaded(snapshot, replacing: nil)
            let version = try versions.record(
                contentHash: snapshot.contentHash, loadedBy: "startup", outcome: .loaded, report: Self.json(report))
            current = Locked(snapshot.recorded(as: version.id))
            accepted = Locked(snapshot.contentHash)
            announce(version, reason: .startup)
        } catch {
            throw StartupError("cannot record the content version: \(error)")
        }
    }

    /// The snapshot to serve this request from.
    public var snapshot: ContentSnapshot {
        current.withLock { $0 }
    }

    /// Reloads the content directory; blocks the calling thread for the duration (call off the event loop).
    ///
    /// - Parameter actor: who asked (`admin`, `sighup`, `console`), recorded with the version.
    public func reload(by actor: String) -> ReloadReport {
        reloads.withLock { _ in
            let previous = snapshot
            let loaded: ContentSnapshot
            var report: ReloadReport
            var hash = ""
            do throws(ContentLoader.Failure) {
                let content = try ContentDirectory(path: directory)
                hash = content.contentHash
                loaded = try ContentLoader.load(content, reusing: previous)
                do {
                    // The new snapshot's fingerprint is made here, for the comparison: checked in full before the swap.
                    report = try ReloadReport.loaded(loaded, replacing: previous)
                } catch {
                    throw ContentLoader.Failure(report: "preparing content: \(error)")
                }
            } catch let failure {
                let report = ReloadReport.rejected(failure.report, contentHash: hash)
                do {
                    _ = try versions.record(
                        contentHash: hash, loadedBy: actor, outcome: .rejected, report: Self.json(report))
                } catch {
                    logger.log(.error, "cannot record a rejected content version", ["error": "\(error)"])
                }
                metrics.recordReload(outcome: "failure")
                logger.log(.warning, "content reload rejected", ["by": actor, "errors": String(report.errors.count)])
                return report
            }
            do {
                let version = try versions.record(
                    contentHash: loaded.contentHash, loadedBy: actor, outcome: .loaded, report: Self.json(report))
                report.version = version.id
                let recorded = loaded.recorded(as: version.id)
                current.withLock { $0 = recorded }
                prepareInBackground()
                if actor != Self.announcementActor {
                    accepted.withLock { $0 = loaded.contentHash }
                    announce(version, reason: .reload)
                }
            } catch {
                metrics.recordReload(outcome: "failure")
                return ReloadReport.rejected(
                    "cannot record the content version: \(error)", contentHash: loaded.contentHash)
            }
            metrics.recordReload(outcome: "success")
            logger.log(.info, "content reloaded", ["by": actor, "version": String(report.version ?? 0)])
            return report
        }
    }

    /// Runs `reload` on a fresh thread and resumes the caller when it is done, keeping the concurrency pool free.
    public func reloadInBackground(by actor: String) async -> ReloadReport {
        await withCheckedContinuation { continuation in
            let thread = Thread { continuation.resume(returning: self.reload(by: actor)) }
            thread.name = "content-reload"
            thread.start()
        }
    }

    /// Makes what the snapshot being served left for later (its fingerprint, its search indexes) on a thread of
    /// their own, so that a reader seldom waits: start-up and reloads serve the snapshot first.
    public func prepareInBackground() {
        let snapshot = snapshot
        let logger = logger
        let thread = Thread {
            for (part, error) in snapshot.prepareDeferred() {
                logger.log(.error, "content not fully prepared", ["part": part, "error": "\(error)"])
            }
        }
        thread.name = "content-prepare"
        thread.start()
    }

    static func json(_ report: ReloadReport) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        do {
            return String(decoding: try encoder.encode(report), as: UTF8.self)
        } catch {
            return "{\"outcome\":\"\(report.outcome.rawValue)\"}"
        }
    }
}
