import Testing
@testable import TournamentCoreJSON

@Suite("JSONPath")
struct JSONPathTests {
    @Test("identifiers use dot notation, other keys brackets with escaped quotes")
    func formatting() {
        var path = JSONPath()
        path.append(key: "tournaments")
        path.append(index: 3)
        path.append(key: "odd key")
        path.append(key: "it's\\")
        path.append(key: "3d")
        path.append(key: "")
        path.append(key: "_ok9")
        #expect(path.description == #"$.tournaments[3]['odd key']['it\'s\\']['3d']['']._ok9"#)
    }

    @Test("the path of a node is found from the tape, through repeated keys")
    func pathOfNode() throws {
        let text = Array(#"{"a":[0,{"b c":[true,false]}],"a":1}"#.utf8)
        try text.withUnsafeBufferPointer { bytes in
            try withDocument(bytes) { document in
                let falseNode = try #require(document.nodes.firstIndex { $0.kind == .false })
                #expect(document.path(to: falseNode).description == "$.a[1]['b c'][1]")
                #expect(document.path(to: document.root).description == "$")
                #expect(document.path(to: document.nodes.count - 2).description == "$.a")
            }
        }
    }
}
