import BenchCLI
import Foundation

// Wiring only: every command lives in BenchCLI, where tests run it in-process.
exit(BenchCommand.run(Array(CommandLine.arguments.dropFirst())).rawValue)
