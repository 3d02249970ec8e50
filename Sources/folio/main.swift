import App
import Foundation
import HTTP

/// `folio`: parse the command line, run the command, exit with its status.
@main
struct Folio {
    static func main() async {
        let parser = CommandLineParser()
        let command: Command
        do {
            command = try parser.parse(Array(CommandLine.arguments.dropFirst()))
        } catch {
            Logger.writeLine("folio: \(error.message)\n\n\(CommandLineParser.usage)")
            exit(2)
        }
        exit(await run(command))
    }

    static func run(_ command: Command) async -> Int32 {
        do {
            switch command {
            case .help:
                print(
                    "folio \(FolioVersion.current) — a self-hosted tutorial and quiz server\n\n\(CommandLineParser.usage)"
                )
                return 0
            case .serve(let configuration):
                return try await serve(configuration)
            case .migrate(let configuration):
                let applied = try Application.migrate(configuration)
                print(
                    applied.isEmpty
                        ? "migrations: up to date" : "migrations applied: \(applied.joined(separator: ", "))")
                return 0
            case .checkContent(let directory):
                let check = CheckContentCommand.run(directory: directory)
                print(check.text)
                return check.passed ? 0 : 1
            case .backup(let configuration, let destination):
                try Application.backup(configuration, to: destination)
                print("backup written to \(destination)")
                return 0
            case .healthcheck(let url):
                return await HealthProbe.run(url: url) ? 0 : 1
            case .gradeEval(let options):
                let run = GradeEvalCommand.run(options)
                for line in run.diagnostics { Logger.writeLine(line) }
                print(run.report, terminator: "")
                return run.status
            }
        } catch {
            Logger.writeLine("folio: \(error)")
            return 1
        }
    }

    static func serve(_ configuration: Configuration) async throws -> Int32 {
        let application = try Application.start(configuration)
        Logger.writeLine("listening on http://\(configuration.host):\(application.port)")
        if let token = application.services.admin.generatedToken {
            Logger.writeLine("admin token, shown once (set FOLIO_ADMIN_TOKEN to choose your own): \(token)")
        }
        application.services.logger.log(
            .info, "answers and scores", ["policy": configuration.scoring.summary])
        let connections = application.server.maxConnections
        if connections < configuration.maxConnections {
            application.services.logger.log(
                .warning,
                "the open-file limit allows \(connections) connections, not \(configuration.maxConnections); "
                    + "raise the hard limit (ulimit -Hn) for more")
        }
        let signals = try ProcessSignals.install(onReload: {
            _ = application.services.content.reload(by: "sighup")
        })
        let signal = await signals.waitForTermination()
        application.services.logger.log(.info, "shutting down", ["signal": "\(signal)"])
        await application.shutdown(gracePeriod: .seconds(10))
        return 0
    }
}
