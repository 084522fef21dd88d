// tournament-core's entry point: the tool (Tool.swift) with the command line's arguments.
// (No main.swift: builds compile this module with -parse-as-library.)
#if hasFeature(Embedded)
/// Embedded Swift has no `CommandLine`: the C `main` of the Embedded build
/// (embedded/cli_main.c) passes its arguments here.
@_cdecl("tc_cli_main")
func cliMain(_ count: Int32, _ values: UnsafePointer<UnsafePointer<CChar>?>) -> Int32 {
    run(arguments: (1..<max(Int(count), 1)).compactMap { values[$0].map { String(cString: $0) } })
}
#else
@main
enum ToolEntry {
    static func main() {
        run(arguments: Array(CommandLine.arguments.dropFirst()))
    }
}
#endif
