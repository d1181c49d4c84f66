import Foundation

// Read-only views of the table's internals for teaching tools (the demo's
// status line and `Demo xray`). SPI, not API: an app never needs them.

@_spi(Internals) extension TableView {
    /// The geometry store as it is now (a copy-on-write value for the tree; a snapshot to read, not to change).
    public var inspectedGeometry: any RowGeometry { geometry }

    /// The cells waiting in the reuse pool, per identifier, in the order they would be reused last to first.
    public var pooledCells: [String: [TableViewCell]] { engine.pool.idle }
}
