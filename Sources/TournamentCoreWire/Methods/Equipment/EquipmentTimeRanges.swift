import TournamentCore
import TournamentCoreJSON

/// `equipment.timeRanges`: the time-range filter's cases, labels and start timestamps
/// (``AnalyticsTimeRange``).
enum EquipmentTimeRangesMethod: WireMethod {
    static func respond(to request: Int, in document: JSONDocument, into writer: inout JSONWriter) throws(WireError) {
        var reader = DocumentReader(document, at: request)
        let now = try Requests.EquipmentTimeRangesRequest<Int>.read(&reader).now ?? Timestamps.now()
        writer.beginObject()
        writer.field("default", AnalyticsTimeRange.default.name)
        writer.key("ranges")
        writer.beginArray()
        for range in AnalyticsTimeRange.allCases {
            writer.beginObject()
            writer.field("id", range.name)
            writer.field("label", range.labelText)
            if let days = range.days {
                writer.field("days", days)
            }
            writer.field("startTimestamp", range.startTimestamp(now: now))
            writer.endObject()
        }
        writer.endArray()
        writer.endObject()
    }
}
