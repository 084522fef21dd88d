import Testing
import TournamentCore

@Suite("DeltaDisplay")
struct DeltaDisplayTests {
    @Test("two decimals, sign decided on the value as displayed", arguments: [
        (0.25, "+0.25", DeltaDisplay.Trend.up, DeltaDisplay.Color.green),
        (-3.5, "-3.50", .down, .red),
        (0.0, "0.00", .flat, .gray),
        (-0.0, "0.00", .flat, .gray),
        (0.004, "0.00", .flat, .gray),
        (-0.004, "0.00", .flat, .gray),
        (-0.0049999, "0.00", .flat, .gray),
        (0.005, "+0.01", .up, .green),  // 0.005 is stored as 0.005000000000000000104...
        (-0.005, "-0.01", .down, .red),
        (0.015, "+0.01", .up, .green),  // stored as 0.01499999999999999944...
        (0.125, "+0.12", .up, .green),  // an exact tie: to even, as printf
        (0.375, "+0.38", .up, .green),  // an exact tie: to even
        (1.005, "+1.00", .up, .green),  // stored as 1.00499999999999989...
        (99.999, "+100.00", .up, .green),
        (-100.0, "-100.00", .down, .red),
        (12.3456, "+12.35", .up, .green),
        (1e-300, "0.00", .flat, .gray),
        (Double.leastNonzeroMagnitude, "0.00", .flat, .gray),
        (1e20, "+90000000000000.00", .up, .green),  // saturated: the core's deltas are within ±100
        (-1e20, "-90000000000000.00", .down, .red),
    ])
    func doubles(value: Double, text: String, trend: DeltaDisplay.Trend, color: DeltaDisplay.Color) {
        #expect(DeltaDisplay(value) == DeltaDisplay(text: text, trend: trend, color: color))
    }

    @Test("counts: an integer with its sign", arguments: [
        (12, "+12", DeltaDisplay.Trend.up, DeltaDisplay.Color.green), (-3, "-3", .down, .red), (0, "0", .flat, .gray),
        (Int64.min, "-9223372036854775808", .down, .red), (Int64.max, "+9223372036854775807", .up, .green),
    ] as [(Int64, String, DeltaDisplay.Trend, DeltaDisplay.Color)])
    func counts(value: Int64, text: String, trend: DeltaDisplay.Trend, color: DeltaDisplay.Color) {
        #expect(DeltaDisplay(value) == DeltaDisplay(text: text, trend: trend, color: color))
        // The `Int` convenience shows the same, wherever `Int` holds the value.
        if let int = Int(exactly: value) { #expect(DeltaDisplay(int) == DeltaDisplay(value)) }
    }

    @Test("a non-finite value shows as 0.00 rather than trapping")
    func nonFinite() {
        #expect(DeltaDisplay(Double.nan).text == "0.00")
        #expect(DeltaDisplay(Double.infinity).text == "0.00")
    }

    @Test("the text lent without a String is the text, formatted or given", arguments: [
        DeltaDisplay(3.466), DeltaDisplay(-0.004), DeltaDisplay(-1e20), DeltaDisplay(12), DeltaDisplay(0), DeltaDisplay(Int.min), DeltaDisplay(Int64.min),
        DeltaDisplay(text: "+3.47", trend: .up, color: .green), DeltaDisplay(text: "", trend: .flat, color: .gray),
        DeltaDisplay(text: "≈ +3 🏹", trend: .up, color: .green), DeltaDisplay(text: String(repeating: "long text ", count: 10), trend: .up, color: .green),
    ])
    func lentText(display: DeltaDisplay) {
        var lent: [UInt8] = []
        display.withUTF8Text { lent = Array($0) }
        #expect(lent == Array(display.text.utf8))
    }

    @Test("a formatted display equals, and hashes as, the same display given as text; setting the text keeps it")
    func formattedAndGivenAgree() {
        let formatted = DeltaDisplay(3.466)
        let given = DeltaDisplay(text: "+3.47", trend: .up, color: .green)
        #expect(formatted == given)
        #expect(Set([formatted, given]).count == 1)
        #expect(formatted != DeltaDisplay(text: "+3.47", trend: .up, color: .red))
        #expect(formatted != DeltaDisplay(text: "+3.46", trend: .up, color: .green))
        var edited = formatted
        edited.text = "three"
        #expect(edited.text == "three")
        #expect(edited != formatted)
        #expect(DeltaDisplay(-7).text == "-7")
    }
}
