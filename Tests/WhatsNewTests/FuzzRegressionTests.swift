import Testing

@testable import WhatsNewFuzz

/// Every input the fuzzer found a crash with, kept under Fixtures/fuzz and run through the
/// same whole-pipeline exercise the fuzzer uses. Each was fixed; none may trap again.
struct FuzzRegressionTests {
    @Test(arguments: Fixtures.names(in: "fuzz"))
    func crashFoundByTheFuzzerStaysFixed(_ name: String) throws {
        let source = try Fixtures.source("fuzz", name)
        PipelineExercise.run(source.bytes)
    }

    @Test func thereAreRegressionInputs() {
        #expect(!Fixtures.names(in: "fuzz").isEmpty)
    }
}
