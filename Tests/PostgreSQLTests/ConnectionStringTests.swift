import Testing

@testable import PostgreSQL

/// Connection strings are validated by libpq's parser and never shown with their password.
struct ConnectionStringTests {
    @Test func urlsAndKeyValueFormsAreAccepted() throws {
        let url = try ConnectionString("postgres://folio:s3cret@db.example:5433/folio?sslmode=require")
        #expect(url.options["sslmode"] == "require")
        #expect(url.options["port"] == "5433")
        #expect(try ConnectionString("postgresql://folio@127.0.0.1/folio").options["host"] == "127.0.0.1")
        let socket = try ConnectionString("host=/run/postgresql dbname=folio user=folio sslmode=disable")
        #expect(socket.options["host"] == "/run/postgresql")
        #expect(socket.description == "postgresql folio@/run/postgresql/folio")
    }

    @Test func theDescriptionNeverShowsThePassword() throws {
        let url = try ConnectionString("postgres://folio:s3cret@db.example:5433/folio")
        #expect(!url.description.contains("s3cret"))
        #expect(url.description == "postgresql folio@db.example:5433/folio")
    }

    @Test func malformedStringsAreRefusedWithoutEchoingThem() {
        for bad in [
            "mysql://x", "", "host=db password='s3cret", "postgres://folio:s3cret@db/folio?nonsense=1",
            "host=db sslmode=sometimes",
        ] {
            do {
                _ = try ConnectionString(bad)
                Issue.record("accepted \(bad)")
            } catch {
                #expect(error.kind == .configuration)
                #expect(!error.message.contains("s3cret"), "\(error.message)")
            }
        }
    }

    @Test func bytesRoundTripThroughTheHexFormat() throws {
        let bytes: [UInt8] = [0, 1, 0xAB, 0xFF]
        #expect(bytes.postgreSQLText == "\\x0001abff")
        #expect(try [UInt8](postgreSQLText: "\\x0001ABff") == bytes)
        #expect(throws: PostgreSQLError.self) { try [UInt8](postgreSQLText: "\\x0") }
        #expect(try Int64?(postgreSQLText: nil) == nil)
        #expect(throws: PostgreSQLError.self) { try Int64(postgreSQLText: nil) }
    }
}
