/// A data table for the console: caption, column headers and rows of cells, in a scrollable region.
public struct AdminTable: Sendable {
    public var id: String
    public var caption: String
    public var columns: [String]
    public var rows: [[Node]]

    public init(id: String, caption: String, columns: [String], rows: [[Node]]) {
        self.id = id
        self.caption = caption
        self.columns = columns
        self.rows = rows
    }

    public func node() -> Node {
        .div(
            .class("table-scroll"), Attribute("tabindex", "0"), Attribute("role", "region"),
            .aria("labelledby", id + "-caption")
        ) {
            Node.table(.id(id)) {
                Node.caption(.id(id + "-caption")) { caption }
                Node.thead { Node.tr { for column in columns { Node.th(Attribute("scope", "col")) { column } } } }
                Node.tbody {
                    for row in rows {
                        Node.tr { for cell in row { Node.td { cell } } }
                    }
                }
            }
        }
    }
}
