import WhatsNewModel

#if FUZZING
    /// libFuzzer's entry point: one input through the pipeline.
    @_cdecl("LLVMFuzzerTestOneInput")
    public func fuzzOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
        guard let data else { return 0 }
        PipelineExercise.run(Array(UnsafeBufferPointer(start: data, count: size)))
        return 0
    }

    @_silgen_name("LLVMFuzzerRunDriver")
    func runFuzzerDriver(
        _ argc: UnsafeMutablePointer<CInt>,
        _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>,
        _ callback: @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt
    ) -> CInt

    /// SwiftPM links an executable's `main` to `<module>_main`; hand control to libFuzzer's driver.
    @_cdecl("WhatsNewFuzz_main")
    public func fuzzMain(
        _ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?
    ) -> CInt {
        var count = argc
        var arguments = argv
        return runFuzzerDriver(&count, &arguments, fuzzOneInput)
    }
#else
    #if canImport(Glibc)
        import Glibc
    #elseif canImport(Darwin)
        import Darwin
    #endif

    /// Without libFuzzer: replays the files named on the command line (a corpus, or the crash
    /// files a fuzzing run left), so regressions can be run with a plain build.
    @main
    struct ReplayCorpus {
        static func main() {
            for path in CommandLine.arguments.dropFirst() {
                guard let file = fopen(path, "rb") else { continue }
                var bytes: [UInt8] = []
                var buffer = [UInt8](repeating: 0, count: 65536)
                while true {
                    let count = fread(&buffer, 1, buffer.count, file)
                    if count <= 0 { break }
                    bytes += buffer[..<count]
                }
                fclose(file)
                PipelineExercise.run(bytes)
            }
        }
    }
#endif
