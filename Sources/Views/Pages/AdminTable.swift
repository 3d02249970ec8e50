/// A data table for the console: caption, column headers and rows of cells, in a scrollable region.
public struct AdminTable: Sendable {
    /// The table's element id, for links and tests.
    public var id: String
    /// The table's `<caption>`, which also names it for screen readers.
    public var caption: String
    /// The column headings.
    public var columns: [String]
    /// The cells, row by row, as nodes (text is escaped by the nodes).
    public var rows: [[Node]]

    /// A table from its parts.
    public init(id: String, caption: String, columns: [String], rows: [[Node]]) {
        self.id = id
        self.caption = caption
        self.columns = columns
        self.rows = rows
    }

    /// The table's markup.
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
