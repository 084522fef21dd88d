import Testing
import TournamentCoreJSON
@testable import TournamentCoreWire

/// More than sixteen fields (so slots spill past the lanes), and a raw value that is not the case
/// name.
private enum ManyFields: String, RequestFields {
    case a, ab, abc, id, name, startDate, startTime, endDate, endTime
    case homeTeamName, awayTeamName, fullTimeScoreHome, fullTimeScoreAway
    case competitionCode, competitionName, winner, matchday, isPublic = "public"
    case aVeryLongKeyThatSpansSeveralWords, aVeryLongKeyThatSpansSeveralWordz
    typealias Slots = SIMD16<Int32>
    static let table = JSONKeyTable(keys: allCases.map(\.rawValue))
}

@Suite("ObjectFields")
struct ObjectFieldsTests {
    @Test("slots are distinct and match declaration order, the order of the table's keys")
    func slotsAreTableIndices() {
        #expect(ManyFields.allCases.map(\.slot) == Array(0..<ManyFields.allCases.count))
    }

    @Test("an escaped key is matched by its decoded text")
    func escapedKeyIsDecoded() throws {
        let text = Array(#"{"n\u0061me":1,"public":2,"x":3}"#.utf8)
        try text.withUnsafeBufferPointer { bytes in
            try withDocument(bytes) { document in
                let fields = try ObjectFields<ManyFields>(document, document.root)
                #expect(fields.raw(.name).map { document.int64($0) } == 1)
                #expect(fields.raw(.isPublic).map { document.int64($0) } == 2)
                #expect(fields.raw(.id) == nil)
                #expect(fields.unknownCount == 1)
            }
        }
    }

    @Test("a field set larger than the lanes is read by scanning, the last repeat winning")
    func largeFieldSetIsScanned() throws {
        let text = Array(#"{"aVeryLongKeyThatSpansSeveralWordz":7,"a":0,"x":null,"a":1}"#.utf8)
        try text.withUnsafeBufferPointer { bytes in
            try withDocument(bytes) { document in
                let fields = try ObjectFields<ManyFields>(document, document.root)
                #expect(fields.raw(.aVeryLongKeyThatSpansSeveralWordz).map { document.int64($0) } == 7)
                #expect(fields.raw(.aVeryLongKeyThatSpansSeveralWords) == nil)
                #expect(fields.raw(.a).map { document.int64($0) } == 1)
                #expect(fields.unknownCount == 1)
            }
        }
    }

    @Test("every object of the requests gets a one-probe key table and the fewest lanes that hold its fields")
    func generatedFieldSets() {
        #expect(Members.all.count > 30)
        for fields in Members.all {
            check(fields)
        }
    }

    private func check<Fields: RequestFields>(_: Fields.Type) {
        let count = Fields.allCases.count
        let fewest = count <= 4 ? 4 : count <= 8 ? 8 : 16
        #expect(Fields.table.isPerfect, "\(Fields.self)")
        #expect(Fields.Slots.scalarCount == fewest, "\(Fields.self): \(count) fields in \(Fields.Slots.scalarCount) lanes")
        #expect(Fields.allCases.map(\.slot) == Array(0..<count), "\(Fields.self)")
        #expect((0..<count).map(Fields.init(slot:)) == Fields.allCases, "\(Fields.self)")
        // A key's index in the table is its field's slot, and the slot gives the field back.
        for field in Fields.allCases {
            let index = Array(field.rawValue.utf8).withUnsafeBufferPointer { Fields.table.index(of: $0) }
            #expect(index == field.slot, "\(Fields.self).\(field)")
        }
    }
}

@Suite("FieldSlots")
struct FieldSlotsTests {
    private func check<Lanes: FieldLanes>(_: Lanes.Type) {
        var slots = FieldSlots<Lanes>()
        #expect(FieldSlots<Lanes>.capacity == Lanes.scalarCount)
        for slot in -2..<(Lanes.scalarCount + 2) { #expect(slots[slot] == -1) }
        for slot in 0..<Lanes.scalarCount { slots[slot] = Int32(100 + slot) }
        slots[-1] = 7
        slots[Lanes.scalarCount] = 7
        slots[256] = 7
        for slot in 0..<Lanes.scalarCount { #expect(slots[slot] == Int32(100 + slot)) }
        #expect(slots[-1] == -1)
        #expect(slots[Lanes.scalarCount] == -1)
        slots[1] = 5
        let read: [Int32] = (0..<Lanes.scalarCount).map { slots[$0] }
        let expected: [Int32] = (0..<Lanes.scalarCount).map { $0 == 1 ? 5 : Int32(100 + $0) }
        #expect(read == expected)
    }

    @Test("each lane keeps its own slot; slots out of range are ignored when set and absent when read")
    func lanesKeepTheirSlots() {
        check(SIMD4<Int32>.self)
        check(SIMD8<Int32>.self)
        check(SIMD16<Int32>.self)
    }
}
