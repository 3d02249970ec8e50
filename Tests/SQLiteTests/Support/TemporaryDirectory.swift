import Foundation
import SQLite

/// A fresh directory under the system temporary folder, removed when the value is released.
final class TemporaryDirectory {
    let url: URL

    init() throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent(
            "folio-sqlite-tests-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    deinit {
        do {
            try FileManager.default.removeItem(at: url)
        } catch {
            FileHandle.standardError.write(Data("could not remove \(url.path): \(error)\n".utf8))
        }
    }

    func path(_ name: String) -> String {
        url.appendingPathComponent(name).path
    }

    /// Writes `files` (name → SQL) into a new subfolder and returns it.
    func migrations(_ files: [String: String], folder: String = "Migrations") throws -> URL {
        let directory = url.appendingPathComponent(folder, isDirectory: true)
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        for (name, sql) in files {
            try Data(sql.utf8).write(to: directory.appendingPathComponent(name))
        }
        return directory
    }

    func openDatabase(_ configuration: Database.Configuration = Database.Configuration()) throws -> Database {
        try Database(path: path("test.sqlite"), configuration: configuration)
    }
}
