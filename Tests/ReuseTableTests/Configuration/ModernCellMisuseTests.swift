import Foundation
import Testing

@testable import ReuseTable

/// Programmer errors of modern cells stop with UIKit's (or a precise) message, checked in child
/// processes, one after the other in one test (exit tests waited for side by side can be interrupted).
@MainActor
@Suite struct ModernCellMisuseTests {
    /// The cell provider makes a registration on every call (UIKit's misuse).
    static func dequeueWithARegistrationMadeInside() {
        final class Misuse: CollectionViewDataSource {
            func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int) -> Int { 1 }
            func collectionView(_ collectionView: CollectionView, cellForItemAt indexPath: IndexPath) -> CollectionViewCell {
                let registration = CollectionView.CellRegistration<CollectionViewListCell, Int> { _, _, _ in }
                return collectionView.dequeueConfiguredReusableCell(using: registration, for: indexPath, item: 1)
            }
        }
        let view = CollectionView(frame: CGRect(x: 0, y: 0, width: 10, height: 10), collectionViewLayout: FlowLayout())
        let source = Misuse()
        view.dataSource = source
        view.layoutIfNeeded()
    }

    /// The supplementary view provider makes a registration on every call.
    static func dequeueASupplementaryWithARegistrationMadeInside() {
        final class Misuse: CollectionViewDataSource {
            let cells = CollectionView.CellRegistration<CollectionViewListCell, Int> { _, _, _ in }
            func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int) -> Int { 1 }
            func collectionView(_ collectionView: CollectionView, cellForItemAt indexPath: IndexPath) -> CollectionViewCell {
                collectionView.dequeueConfiguredReusableCell(using: cells, for: indexPath, item: 1)
            }
            func collectionView(
                _ collectionView: CollectionView, viewForSupplementaryElementOfKind elementKind: String, at indexPath: IndexPath
            ) -> CollectionReusableView {
                let registration = CollectionView.SupplementaryRegistration<CollectionViewListCell>(elementKind: elementKind) { _, _, _ in }
                return collectionView.dequeueConfiguredReusableSupplementary(using: registration, for: indexPath)
            }
        }
        let layout = FlowLayout()
        layout.headerReferenceSize = CGSize(width: 0, height: 1)
        let view = CollectionView(frame: CGRect(x: 0, y: 0, width: 10, height: 10), collectionViewLayout: layout)
        let source = Misuse()
        view.dataSource = source
        view.layoutIfNeeded()
    }

    /// A list cell given two checkmarks.
    static func twoCheckmarks() {
        CollectionViewListCell(reuseIdentifier: nil).accessories = [.checkmark(), .checkmark()]
    }

    /// A list content view given a configuration of another type.
    static func aForeignConfiguration() {
        struct Other: ContentConfiguration {
            func makeContentView() -> View & ContentView { ListContentView(configuration: .cell()) }
            func updated(for state: any ConfigurationState) -> Other { self }
        }
        ListContentView(configuration: .cell()).configuration = Other()
    }

    /// A tap on an accessory the cell does not have.
    static func tapAMissingAccessory() {
        CollectionViewListCell(reuseIdentifier: nil).tapAccessory(at: 2)
    }

    /// What a child process wrote to standard error.
    static func errors(_ result: ExitTest.Result) -> String { String(decoding: result.standardErrorContent, as: UTF8.self) }

    @Test func eachMisuseStopsWithItsMessage() async throws {
        var result = try await #require(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            await ModernCellMisuseTests.dequeueWithARegistrationMadeInside()
        }
        #expect(
            Self.errors(result).contains(
                "ReuseTable: Attempted to dequeue a cell using a registration that was created inside collectionView(_:cellForItemAt:) "
                    + "or inside the CollectionViewDiffableDataSource cell provider."), "\(Self.errors(result).prefix(400))")
        result = try await #require(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            await ModernCellMisuseTests.dequeueASupplementaryWithARegistrationMadeInside()
        }
        #expect(
            Self.errors(result).contains(
                "ReuseTable: Attempted to dequeue a supplementary view using a registration that was created inside "
                    + "collectionView(_:viewForSupplementaryElementOfKind:at:)"), "\(Self.errors(result).prefix(400))")
        result = try await #require(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            await ModernCellMisuseTests.twoCheckmarks()
        }
        #expect(
            Self.errors(result).contains("ReuseTable: CollectionViewListCell.accessories: more than one checkmark accessory (2 accessories given)"))
        result = try await #require(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            await ModernCellMisuseTests.aForeignConfiguration()
        }
        #expect(
            Self.errors(result).contains("ReuseTable: ListContentView.configuration: a ListContentView shows a ListContentConfiguration, not a Other")
        )
        result = try await #require(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            await ModernCellMisuseTests.tapAMissingAccessory()
        }
        #expect(Self.errors(result).contains("ReuseTable: tapAccessory(at:): index 2 is out of range: the cell has 0 accessories."))
    }
}
