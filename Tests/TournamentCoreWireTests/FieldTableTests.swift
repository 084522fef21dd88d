import Testing
@testable import TournamentCoreWire

/// More than sixteen fields (so slots spill past the inline ones), keys shorter and longer than
/// a word, keys alike but for one byte, and a raw value that is not the case name.
private enum ManyFields: String, RequestFields {
    case a, ab, abc, id, name, startDate, startTime, endDate, endTime
    case homeTeamName, awayTeamName, fullTimeScoreHome, fullTimeScoreAway
    case competitionCode, competitionName, winner, matchday, isPublic = "public"
    case aVeryLongKeyThatSpansSeveralWords, aVeryLongKeyThatSpansSeveralWordz
    static let table = FieldTable<Self>()
}

/// Keys no request key can be matched with by its word alone: empty, and with a quote.
private enum OddFields: String, RequestFields {
    case empty = "", quoted = "a\"b", plain
    static let table = FieldTable<Self>()
}

private func slot(_ table: FieldTable<ManyFields>, _ key: String) -> Int? {
    Array(key.utf8).withUnsafeBufferPointer { table.slot(ofBytes: $0) }
}

@Suite("FieldTable")
struct FieldTableTests {
    @Test("every key finds its own field's slot, with and without the perfect hash")
    func everyKeyFindsItsField() {
        let tables = [ManyFields.table, FieldTable<ManyFields>(searchingPerfectHash: false)]
        #expect(tables[0].isPerfect)
        #expect(!tables[1].isPerfect)
        for table in tables {
            #expect(table.slotCount == ManyFields.allCases.count)
            for field in ManyFields.allCases {
                #expect(slot(table, field.rawValue) == field.slot)
            }
        }
    }

    @Test("slots are distinct and match declaration order")
    func slotsAreDistinct() {
        #expect(ManyFields.allCases.map(\.slot) == Array(0..<ManyFields.allCases.count))
    }

    @Test("near misses, prefixes, case changes and case names that are not keys are unknown")
    func nearMissesAreUnknown() {
        for table in [ManyFields.table, FieldTable<ManyFields>(searchingPerfectHash: false)] {
            for key in ["", "b", "abcd", "Id", "ID", "nam", "names", "startdate", "startTim", "isPublic", "publi",
                        "aVeryLongKeyThatSpansSeveralWord", "aVeryLongKeyThatSpansSeveralWordsX", "winner\u{0}"] {
                #expect(slot(table, key) == nil, "\(key)")
            }
        }
    }

    @Test("keys read from a document match as their bytes do: every length, at the end of the text and away from it")
    func documentKeysMatchAsBytes() throws {
        let keys = ManyFields.allCases.map(\.rawValue) + [
            "", "b", "x", "abcd", "Id", "nam", "names", "ab~", "startTim", "startTimf", "publi", "public!",
            "aVeryLongKeyThatSpansSeveralWord", "a\u{7F}", "é", "idé",
        ]
        for table in [ManyFields.table, FieldTable<ManyFields>(searchingPerfectHash: false)] {
            for key in keys {
                let expected = slot(table, key)
                // Last in the text (fewer than eight bytes follow a short key), then with a long
                // member after it whose bytes differ from anything a key holds.
                for text in [#"{"\#(key)":1}"#, #"{"\#(key)":1,"pad":"~~~~~~~~~~~~~~~~"}"#, #"{"pad":0,"\#(key)":[]}"#] {
                    let bytes = Array(text.utf8), keyBytes = Array(key.utf8)
                    try bytes.withUnsafeBufferPointer { buffer in
                        try keyBytes.withUnsafeBufferPointer { keyBuffer in
                            try withDocument(buffer) { document in
                                let node = try #require(document.keys(document.root).first { document.stringEquals($0, keyBuffer) })
                                #expect(table.slot(ofKey: node, in: document) == expected, "\(text)")
                            }
                        }
                    }
                }
            }
        }
    }

    @Test("an empty key or one with a quote makes the table scan, and it still finds every field")
    func oddKeysAreScanned() throws {
        #expect(!OddFields.table.isPerfect)
        let text = Array(#"{"plain":1,"":2,"a\"b":3,"other":4}"#.utf8)
        try text.withUnsafeBufferPointer { bytes in
            try withDocument(bytes) { document in
                let slots = document.keys(document.root).map { OddFields.table.slot(ofKey: $0, in: document) }
                #expect(slots == [OddFields.plain.slot, OddFields.empty.slot, OddFields.quoted.slot, nil])
            }
        }
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

    @Test("a field set larger than the inline slots is read by scanning, the last repeat winning")
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

    @Test("key hints answer as the table does: keys in changing orders, unknown, escaped, long, empty, repeated, past the hinted positions")
    func keyHintsAnswerAsTheTable() throws {
        let keys = ["a", "ab", "id", "name", "public", "x", "", "n\\u0061me", "aVeryLongKeyThatSpansSeveralWords", "startTim"]
        var generator = SystemRandomNumberGenerator()
        // Objects of one array, each a random run of keys (repeats and all), some objects
        // repeating the one before: the hints are met, missed and replaced.
        var objects: [[String]] = []
        for _ in 0..<400 {
            if let last = objects.last, Bool.random(using: &generator) {
                objects.append(last)
                continue
            }
            let count = Int.random(in: 0...7, using: &generator)
            objects.append((0..<count).map { _ in keys[Int.random(in: 0..<keys.count, using: &generator)] })
        }
        let text = "[" + objects.map { object in
            "{" + object.enumerated().map { #""\#($0.element)":\#($0.offset)"# }.joined(separator: ",") + "}"
        }.joined(separator: ",") + "]"
        for table in [ManyFields.table, FieldTable<ManyFields>(searchingPerfectHash: false)] {
            let bytes = Array(text.utf8)
            try bytes.withUnsafeBufferPointer { buffer in
                try withDocument(buffer) { document in
                    var hints = KeyHints()
                    var hits = 0, members = 0
                    for element in document.elements(document.root) {
                        for (position, key) in document.keys(element).enumerated() {
                            #expect(hints.slot(ofKey: key, at: position, in: document, table: table) == table.slot(ofKey: key, in: document), "\(document.quote(key)) at \(position)")
                            members += 1
                        }
                        // The fields sorted with hints are those sorted without.
                        let hinted = try ObjectFields<ManyFields>(document, element, table: table, hints: &hints)
                        let plain = try ObjectFields<ManyFields>(document, element, table: table)
                        for field in ManyFields.allCases { #expect(hinted.raw(field) == plain.raw(field)) }
                        #expect(hinted.unknownCount == plain.unknownCount)
                        hits += 1
                    }
                    #expect(hits == objects.count && members > 500)
                }
            }
        }
    }

    @Test("the key set of every object of the request schemas and shared definitions gets a one-probe table")
    func schemaKeySetsArePerfect() throws {
        var checked = 0
        for name in listFolder(repositoryRoot + "/schemas") where name.hasSuffix(".request.schema.json") || name == "defs.schema.json" {
            let text = try #require(readFile(repositoryRoot + "/schemas/" + name))
            try text.withUnsafeBufferPointer { bytes in
                try withDocument(bytes) { document in
                    for node in 0..<document.nodes.count where document.kind(node) == .string && document.string(node) == "properties" {
                        // A key "properties" whose value is an object: that object's keys are one key set.
                        guard node + 1 < document.nodes.count, document.kind(node + 1) == .object else { continue }
                        let keys = document.keys(node + 1).map { Array(document.string($0).utf8) }
                        guard !keys.isEmpty else { continue }
                        #expect(FieldTable<ManyFields>.perfectHash(keys) != nil, "\(name): \(keys.map { String(decoding: $0, as: UTF8.self) })")
                        checked += 1
                    }
                }
            }
        }
        #expect(checked > 20)
    }

    @Test("the search is deterministic")
    func searchIsDeterministic() {
        let keys = ManyFields.allCases.map { Array($0.rawValue.utf8) }
        let first = FieldTable<ManyFields>.perfectHash(keys), second = FieldTable<ManyFields>.perfectHash(keys)
        #expect(first?.buckets == second?.buckets && first?.multiplier == second?.multiplier)
    }

    @Test("keys that cannot be told apart get no perfect hash")
    func duplicateKeysHaveNoPerfectHash() {
        #expect(FieldTable<ManyFields>.perfectHash([Array("id".utf8), Array("id".utf8)]) == nil)
        #expect(FieldTable<ManyFields>.perfectHash([]) == nil)
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

    /// Every `enum X: String, RequestFields` of the wire sources, with its case count and the
    /// lanes it declares (`typealias Slots = SIMDn<Int32>`, 8 when it declares none).
    private func fieldEnums() throws -> [(name: String, cases: Int, lanes: Int)] {
        var enums: [(String, Int, Int)] = []
        var files: [String] = []
        func walk(_ folder: String) {
            for entry in listFolder(folder) {
                let path = folder + "/" + entry
                if entry.hasSuffix(".swift") { files.append(path) } else if !entry.contains(".") { walk(path) }
            }
        }
        walk(repositoryRoot + "/Sources/TournamentCoreWire/Methods")
        for file in files {
            let lines = String(decoding: try #require(readFile(file)), as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
            var index = 0
            while index < lines.count {
                let line = lines[index]
                guard let range = line.firstRange(of: ": String, RequestFields {"), let enumRange = line.firstRange(of: "enum ") else {
                    index += 1
                    continue
                }
                let name = String(line[enumRange.upperBound..<range.lowerBound])
                let indent = line.prefix(while: { $0 == " " })
                var cases = 0, lanes = 8
                index += 1
                while index < lines.count, lines[index] != indent + "}" {
                    let body = lines[index].trimmingPrefix(while: { $0 == " " })
                    if body.hasPrefix("case ") { cases += body.dropFirst(5).split(separator: ",").count }
                    if body.hasPrefix("typealias Slots = SIMD"), let count = Int(body.dropFirst(22).prefix(while: \.isNumber)) { lanes = count }
                    index += 1
                }
                enums.append((name, cases, lanes))
            }
        }
        return enums
    }

    @Test("every field enum keeps its slots in the fewest lanes that fit (4, 8 or 16)")
    func everyFieldSetHasTheFewestLanesThatFit() throws {
        let enums = try fieldEnums()
        #expect(enums.count >= 30, "the enums were not found: \(enums.count)")
        for (name, cases, lanes) in enums {
            let fewest = cases <= 4 ? 4 : cases <= 8 ? 8 : 16
            #expect(cases > 0 && lanes == fewest, "\(name): \(cases) fields in \(lanes) lanes, expected \(fewest)")
        }
    }
}
