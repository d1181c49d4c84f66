import Foundation
import Testing
@testable @_spi(Internals) import ReuseTable
import TestSupport

/// Section headers and footers in both built-in layouts, checked against the
/// brute-force placement of `SupplementaryModel`: the attributes a rect query
/// returns, the views on screen, their reuse, incremental header changes and
/// batch updates that move sections.
@MainActor
@Suite struct CollectionViewSupplementaryTests {
    static let header = CollectionView.elementKindSectionHeader
    static let footer = CollectionView.elementKindSectionFooter

    func make(_ model: SupplementaryModel, layout: CollectionViewLayout, width: CGFloat = 300, height: CGFloat = 400) -> CollectionView {
        let cv = CollectionView(frame: CGRect(x: 0, y: 0, width: width, height: height), collectionViewLayout: layout)
        cv.register(ItemCell.self, forCellWithReuseIdentifier: "item")
        cv.register(SectionLabelView.self, forSupplementaryViewOfKind: Self.header, withReuseIdentifier: "header")
        cv.register(SectionLabelView.self, forSupplementaryViewOfKind: Self.footer, withReuseIdentifier: "footer")
        cv.dataSource = model
        if let w = layout as? WaterfallLayout { w.delegate = model }
        if let f = layout as? FlowLayout { f.delegate = model }
        cv.reloadData()
        return cv
    }

    /// A random layout of either kind with random settings.
    func randomLayout(_ rng: inout SplitMix64, waterfall: Bool) -> CollectionViewLayout {
        if waterfall {
            return WaterfallLayout(numberOfColumns: Int.random(in: 1...4, using: &rng), margin: [0, 4, 6.5].randomElement(using: &rng)!)
        }
        let flow = FlowLayout()
        flow.numberOfColumns = Int.random(in: 1...4, using: &rng)
        flow.minimumInteritemSpacing = [0, 3, 5.5].randomElement(using: &rng)!
        flow.minimumLineSpacing = [0, 2, 7].randomElement(using: &rng)!
        if Bool.random(using: &rng) {
            flow.sectionInset = EdgeInsets(
                top: CGFloat(Int.random(in: 0...10, using: &rng)), left: CGFloat(Int.random(in: 0...12, using: &rng)),
                bottom: CGFloat(Int.random(in: 0...10, using: &rng)), right: CGFloat(Int.random(in: 0...12, using: &rng)))
        }
        return flow
    }

    /// Every attribute of `layoutAttributesForElements(in:)` against the brute force, one rect.
    func expectQueryMatches(_ cv: CollectionView, _ model: SupplementaryModel, rect: CGRect, _ context: String) {
        let placed = model.place(for: cv.collectionViewLayout, width: cv.bounds.width)
        let expected = placed.frames.filter { $0.value.intersectsOpen(rect) }
        let got = cv.collectionViewLayout.layoutAttributesForElements(in: rect)
        let gotElements = got.map(SupplementaryModel.element)
        #expect(gotElements.sorted() == expected.keys.sorted(), "\(context) rect \(rect)")
        #expect(Set(gotElements).count == gotElements.count, "no element twice")
        for attributes in got {
            let element = SupplementaryModel.element(attributes)
            guard let frame = expected[element] else { continue }
            #expect(nearlyEqual(attributes.frame, frame), "\(context) \(element)")
            switch element {
            case .item: #expect(attributes.representedElementCategory == .cell && attributes.representedElementKind == nil)
            case .header, .footer:
                #expect(attributes.representedElementCategory == .supplementaryView)
                #expect(attributes.indexPath.item == 0)
            }
        }
    }

    @Test(arguments: [false, true])
    func supplementaryAttributesMatchBruteForceAtRandomRects(waterfall: Bool) {
        var rng = SplitMix64(seed: waterfall ? 0x5EC7 : 0xF10A)
        for round in 0..<12 {
            let model = SupplementaryModel()
            model.sections = (0..<Int.random(in: 0...9, using: &rng)).map { _ in model.randomSection(&rng) }
            let layout = randomLayout(&rng, waterfall: waterfall)
            let cv = make(model, layout: layout, width: CGFloat(Int.random(in: 120...400, using: &rng)))
            let placed = model.place(for: layout, width: cv.bounds.width)
            #expect(cv.contentSize.height == placed.height, "round \(round)")
            // The point queries: every section's header and footer, nil for height 0.
            for s in model.sections.indices {
                for (kind, element) in [(Self.header, SupplementaryModel.Element.header(s)), (Self.footer, .footer(s))] {
                    let attributes = cv.layoutAttributesForSupplementaryElement(ofKind: kind, at: IndexPath(item: 0, section: s))
                    #expect(attributes?.frame == placed.frames[element], "round \(round) \(element)")
                    #expect(attributes?.representedElementKind == (placed.frames[element] == nil ? nil : kind))
                }
            }
            #expect(cv.layoutAttributesForSupplementaryElement(ofKind: "other", at: IndexPath(item: 0, section: 0)) == nil)
            let height = max(placed.height, 1)
            for _ in 0..<30 {
                let y = CGFloat(Int.random(in: -40...Int(height) + 40, using: &rng))
                let x = CGFloat(Int.random(in: -20...Int(cv.bounds.width), using: &rng))
                let rect = CGRect(
                    x: x, y: y, width: CGFloat(Int.random(in: 0...300, using: &rng)),
                    height: CGFloat(Int.random(in: 0...Int(height), using: &rng)))
                expectQueryMatches(cv, model, rect: rect, "round \(round)")
            }
        }
    }

    /// Visible headers and footers are exactly those the brute force puts in the viewport,
    /// each configured for its section, and reuse keeps creation at what is visible at once.
    func expectVisibleSupplementaryViews(_ cv: CollectionView, _ model: SupplementaryModel, _ context: String) {
        let placed = model.place(for: cv.collectionViewLayout, width: cv.bounds.width)
        let viewport = CGRect(origin: cv.contentOffset, size: cv.bounds.size)
        for (kind, isFooter) in [(Self.header, false), (Self.footer, true)] {
            let expected = placed.frames.compactMap { element, frame -> IndexPath? in
                switch element {
                case .header(let s) where !isFooter && frame.intersectsOpen(viewport): IndexPath(item: 0, section: s)
                case .footer(let s) where isFooter && frame.intersectsOpen(viewport): IndexPath(item: 0, section: s)
                default: nil
                }
            }.sorted()
            #expect(cv.indexPathsForVisibleSupplementaryElements(ofKind: kind) == expected, "\(context) \(kind)")
            for indexPath in expected {
                let view = cv.supplementaryView(forElementKind: kind, at: indexPath) as? SectionLabelView
                #expect(view?.sectionID == model.sections[indexPath.section].id, "\(context) \(kind) \(indexPath)")
                #expect(view?.superview === cv)
                let element: SupplementaryModel.Element = isFooter ? .footer(indexPath.section) : .header(indexPath.section)
                #expect(view.map { nearlyEqual($0.frame, placed.frames[element]!) } == true)
            }
        }
    }

    @Test(arguments: [false, true])
    func supplementaryViewsAreReusedWhileScrolling(waterfall: Bool) {
        var rng = SplitMix64(seed: 0xB0B)
        let model = SupplementaryModel()
        model.sections = (0..<80).map { _ in
            model.makeSection(
                items: Int.random(in: 0...6, using: &rng), header: CGFloat(Int.random(in: 10...30, using: &rng)),
                footer: Bool.random(using: &rng) ? 12 : 0, rng: &rng)
        }
        let layout: CollectionViewLayout = waterfall ? WaterfallLayout(numberOfColumns: 2, margin: 4) : FlowLayout()
        let cv = make(model, layout: layout, height: 300)
        let maxY = Int(cv.maximumContentOffsetY)
        for step in 0..<200 {
            // Mostly small steps, sometimes a jump.
            let y =
                step % 10 == 9
                ? Int.random(in: 0...maxY, using: &rng)
                : min(max(Int(cv.contentOffset.y) + Int.random(in: -60...120, using: &rng), 0), maxY)
            cv.contentOffset.y = CGFloat(y)
            expectVisibleSupplementaryViews(cv, model, "step \(step)")
        }
        let mostAtOnce = cv.supplementary.mostVisibleAtOnce
        #expect(mostAtOnce > 0)
        // Headers and footers are two pools: at most one spare per kind beyond the most on screen at once.
        #expect(cv.supplementaryViewsCreated <= mostAtOnce + 2, "created \(cv.supplementaryViewsCreated), most at once \(mostAtOnce)")
        #expect(model.violations.isEmpty)
        // The teaching switch applies to them too.
        cv.isReusePoolEnabled = false
        #expect(cv.supplementaryReusePoolCount == 0)
    }

    @Test func aHeaderHeightChangeRePlacesNoItemAndMovesOnlyLaterSections() {
        var rng = SplitMix64(seed: 0x4EAD)
        let model = SupplementaryModel()
        model.sections = (0..<40).map { _ in model.makeSection(items: 30, header: 20, footer: 8, rng: &rng) }
        let layout = WaterfallLayout(numberOfColumns: 3, margin: 5)
        let cv = make(model, layout: layout)
        cv.contentOffset.y = 3_000
        let all = CGRect(x: 0, y: -1, width: 300, height: cv.contentSize.height + 2)
        let before = Dictionary(uniqueKeysWithValues: layout.layoutAttributesForElements(in: all).map { (SupplementaryModel.element($0), $0.frame) })
        model.supplementaryHeightsAsked = []

        model.sections[10].header = 55
        layout.invalidateSupplementaryElements(ofKind: Self.header, at: [IndexPath(item: 0, section: 10)])
        cv.layoutIfNeeded()
        #expect(layout.itemsPlacedByLastPrepare == 0, "no item is re-placed")
        #expect(model.supplementaryHeightsAsked.map(\.0) == [10] && model.supplementaryHeightsAsked.map(\.1) == [false])
        let after = Dictionary(
            uniqueKeysWithValues: layout.layoutAttributesForElements(in: all.insetBy(dx: 0, dy: -40)).map {
                (SupplementaryModel.element($0), $0.frame)
            })
        #expect(after.count == before.count)
        for (element, frame) in before {
            let section: Int
            switch element {
            case .header(let s), .footer(let s): section = s
            case .item(let p): section = p.section
            }
            let shift: CGFloat = section < 10 || element == .header(10) ? 0 : 35
            let expected = element == .header(10) ? CGRect(x: 0, y: frame.minY, width: 300, height: 55) : frame.offsetBy(dx: 0, dy: shift)
            #expect(after[element] == expected, "\(element)")
        }
        expectQueryMatches(cv, model, rect: all.insetBy(dx: 0, dy: -40), "after the change")
        expectVisibleSupplementaryViews(cv, model, "after the change")

        // An item change re-places only from that item; a footer change again only moves tops.
        model.sections[5].footer = 0
        layout.invalidateSupplementaryElements(ofKind: Self.footer, at: [IndexPath(item: 0, section: 5)])
        cv.layoutIfNeeded()
        #expect(layout.itemsPlacedByLastPrepare == 0)
        expectQueryMatches(cv, model, rect: all, "after the footer change")
        #expect(cv.contentSize.height == model.place(for: layout, width: 300).height)
    }

    @Test(arguments: [false, true])
    func sectionUpdatesCarryHeadersAndFooters(waterfall: Bool) {
        var rng = SplitMix64(seed: waterfall ? 0x3C : 0x4D)
        let model = SupplementaryModel()
        model.sections = (0..<6).map { _ in model.makeSection(items: Int.random(in: 0...4, using: &rng), header: 25, footer: 10, rng: &rng) }
        let flow = FlowLayout()
        flow.numberOfColumns = 2
        flow.minimumLineSpacing = 3
        flow.sectionInset = EdgeInsets(top: 4, left: 6, bottom: 2, right: 1)
        let layout: CollectionViewLayout = waterfall ? WaterfallLayout(numberOfColumns: 2, margin: 3) : flow
        let cv = make(model, layout: layout, height: 2_000)  // everything on screen
        let moved = cv.supplementaryView(forElementKind: Self.header, at: IndexPath(item: 0, section: 0))
        #expect(moved != nil)
        model.sections.insert(model.sections.remove(at: 0), at: 3)
        model.viewsAsked = []
        cv.moveSection(0, toSection: 3)
        #expect(cv.supplementaryView(forElementKind: Self.header, at: IndexPath(item: 0, section: 3)) === moved, "the view moved with its section")
        #expect(model.viewsAsked.isEmpty, "nothing is asked again for sections that only moved")
        expectVisibleSupplementaryViews(cv, model, "after the move")

        // Random section inserts, deletes, moves and reloads, and item inserts and deletes (the headers stay,
        // later sections move), checked against the model after every step.
        cv.frame.size.height = 250
        for step in 0..<80 {
            var inserted = IndexSet(), deleted = IndexSet(), movedPairs: [(Int, Int)] = [], reloaded = IndexSet()
            var insertedItems: [IndexPath] = [], deletedItems: [IndexPath] = []
            let choice = Int.random(in: 0...5, using: &rng)
            let count = model.sections.count
            switch choice {
            case 0:
                let at = Int.random(in: 0...count, using: &rng)
                model.sections.insert(model.randomSection(&rng, maxItems: 5), at: at)
                inserted.insert(at)
            case 1 where count > 0:
                let at = Int.random(in: 0..<count, using: &rng)
                model.sections.remove(at: at)
                deleted.insert(at)
            case 2 where count > 1:
                let from = Int.random(in: 0..<count, using: &rng), to = Int.random(in: 0..<count, using: &rng)
                model.sections.insert(model.sections.remove(at: from), at: to)
                movedPairs.append((from, to))
            case 3 where count > 0:
                let at = Int.random(in: 0..<count, using: &rng)
                let old = model.sections[at]
                model.sections[at] = model.randomSection(&rng, maxItems: 5)
                model.sections[at].id = old.id + 100_000  // a reloaded section shows its new content
                reloaded.insert(at)
            case 4 where count > 0:
                let s = Int.random(in: 0..<count, using: &rng), i = Int.random(in: 0...model.sections[s].items.count, using: &rng)
                model.nextID += 1
                model.sections[s].items.insert(ModelItem(id: model.nextID, height: Double(Int.random(in: 0...60, using: &rng))), at: i)
                insertedItems.append(IndexPath(item: i, section: s))
            case 5:
                guard let s = model.sections.indices.filter({ !model.sections[$0].items.isEmpty }).randomElement(using: &rng) else { continue }
                let i = Int.random(in: 0..<model.sections[s].items.count, using: &rng)
                model.sections[s].items.remove(at: i)
                deletedItems.append(IndexPath(item: i, section: s))
            default: continue
            }
            let headerBefore = insertedItems.first.map {
                cv.supplementaryView(forElementKind: Self.header, at: IndexPath(item: 0, section: $0.section))
            }
            cv.performBatchUpdates(
                {
                    if !inserted.isEmpty { cv.insertSections(inserted) }
                    if !deleted.isEmpty { cv.deleteSections(deleted) }
                    for (from, to) in movedPairs { cv.moveSection(from, toSection: to) }
                    if !reloaded.isEmpty { cv.reloadSections(reloaded) }
                    if !insertedItems.isEmpty { cv.insertItems(at: insertedItems) }
                    if !deletedItems.isEmpty { cv.deleteItems(at: deletedItems) }
                }, completion: nil)
            if let headerBefore, let headerBefore {
                #expect(
                    cv.supplementaryView(forElementKind: Self.header, at: IndexPath(item: 0, section: insertedItems[0].section)) === headerBefore,
                    "an item insert keeps its section's header view")
            }
            if Bool.random(using: &rng) { cv.contentOffset.y = CGFloat(Int.random(in: 0...max(Int(cv.maximumContentOffsetY), 0), using: &rng)) }
            expectVisibleSupplementaryViews(cv, model, "step \(step)")
            #expect(cv.contentSize.height == model.place(for: layout, width: 300).height, "step \(step)")
            expectQueryMatches(cv, model, rect: CGRect(x: 0, y: cv.contentOffset.y - 50, width: 300, height: 400), "step \(step)")
        }
        #expect(model.violations.isEmpty)
    }

    @Test func aReloadRecyclesHeadersAndAsksAgain() {
        var rng = SplitMix64(seed: 7)
        let model = SupplementaryModel()
        model.sections = (0..<3).map { _ in model.makeSection(items: 2, header: 20, footer: 0, rng: &rng) }
        let cv = make(model, layout: FlowLayout())
        #expect(cv.visibleSupplementaryViews(ofKind: Self.header).count == 3)
        model.viewsAsked = []
        model.sections.removeLast()
        cv.reloadData()
        #expect(model.viewsAsked.count == 2)
        #expect(cv.visibleSupplementaryViews(ofKind: Self.header).count == 2)
        #expect(cv.supplementaryViewsCreated == 3, "the reload reused the views")
        expectVisibleSupplementaryViews(cv, model, "after reload")
    }

    @Test func aDataSourceWithoutTheMethodShowsNoSupplementaryViews() {
        var rng = SplitMix64(seed: 8)
        let store = CollectionModel(sectionCounts: [5, 5], rng: &rng)
        let layout = FlowLayout()
        layout.headerReferenceSize = CGSize(width: 0, height: 30)
        let cv = CollectionView(frame: CGRect(x: 0, y: 0, width: 200, height: 500), collectionViewLayout: layout)
        cv.register(ItemCell.self, forCellWithReuseIdentifier: "item")
        cv.dataSource = store
        cv.reloadData()
        #expect(cv.layoutAttributesForSupplementaryElement(ofKind: Self.header, at: IndexPath(item: 0, section: 1))?.frame.height == 30)
        #expect(cv.visibleSupplementaryViews(ofKind: Self.header).isEmpty)
        #expect(cv.supplementaryView(forElementKind: Self.header, at: IndexPath(item: 0, section: 0)) == nil)
        #expect(cv.subviews.allSatisfy { $0 is CollectionViewCell })
        #expect(!cv.indexPathsForVisibleItems.isEmpty)
    }

    @Test func structuralCallsFromTheSupplementaryCallbackAreQueued() {
        var rng = SplitMix64(seed: 11)
        let model = SupplementaryModel()
        model.sections = (0..<4).map { _ in model.makeSection(items: 3, header: 20, footer: 0, rng: &rng) }
        let cv = make(model, layout: WaterfallLayout(numberOfColumns: 2, margin: 2), height: 1_000)
        var fired = false
        model.viewHook = { cv, kind, indexPath in
            guard !fired, indexPath.section == 1 else { return }
            fired = true
            // A read answers at once; the structural call waits for the pass to end.
            #expect(cv.numberOfSections == 5)
            model.sections.insert(model.makeSection(items: 2, header: 15, footer: 5, rng: &rng), at: 0)
            cv.insertSections(IndexSet(integer: 0))
            #expect(cv.numberOfSections == 5, "not applied inside the callback")
        }
        model.sections.append(model.makeSection(items: 1, header: 30, footer: 0, rng: &rng))
        model.viewsAsked = []
        cv.reloadData()
        #expect(fired)
        #expect(cv.numberOfSections == 6)
        expectVisibleSupplementaryViews(cv, model, "after the queued insert")
        #expect(model.violations.isEmpty)
    }

    @Test func badInputIsNamed() throws {
        let model = SupplementaryModel()
        var rng = SplitMix64(seed: 12)
        model.sections = [model.makeSection(items: 2, header: 10, footer: 0, rng: &rng)]
        let cv = make(model, layout: FlowLayout())
        #expect(
            throws: ReuseTableError(
                "unable to dequeue a supplementary view of kind \"badge\" with identifier \"header\" for (section 3, item 0): "
                    + "register a class for that kind and identifier with register(_:forSupplementaryViewOfKind:withReuseIdentifier:) first "
                    + "(registered: \"UICollectionElementKindSectionFooter\"/\"footer\", \"UICollectionElementKindSectionHeader\"/\"header\").")
        ) {
            try cv.validateSupplementaryDequeue(kind: "badge", identifier: "header", for: IndexPath(item: 0, section: 3))
        }
        try cv.validateSupplementaryDequeue(kind: Self.header, identifier: "header", for: IndexPath(item: 0, section: 0))

        // Bad heights from the delegate go through the one sanitizer.
        var messages: [String] = []
        cv.diagnosticHandler = { messages.append($0) }
        model.sections[0].header = .nan
        model.sections[0].footer = -4
        cv.collectionViewLayout.invalidateLayout()
        cv.layoutIfNeeded()
        #expect(
            messages == [
                "invalid height of the header of section 0 from collectionView(_:layout:referenceSizeForHeaderInSection:): nan. "
                    + "Heights must be finite and 0 or more; using 0.",
                "invalid height of the footer of section 0 from collectionView(_:layout:referenceSizeForFooterInSection:): -4.0. "
                    + "Heights must be finite and 0 or more; using 0.",
            ])
        #expect(cv.visibleSupplementaryViews(ofKind: Self.header).isEmpty)
        #expect(cv.contentSize.height.isFinite)

        let waterfall = WaterfallLayout(numberOfColumns: 2, margin: 1)
        waterfall.delegate = model
        cv.collectionViewLayout = waterfall
        messages = []
        model.sections[0].header = .infinity
        model.sections[0].footer = 0
        waterfall.invalidateLayout()
        cv.layoutIfNeeded()
        #expect(
            messages == [
                "invalid height of the header of section 0 from collectionView(_:layout:heightForHeaderInSection:): inf. "
                    + "Heights must be finite and 0 or more; using 0."
            ])
    }
}

/// A custom layout placing one item, a header with a bad frame and a good footer.
@MainActor
final class HeaderedCustomLayout: CollectionViewLayout {
    override var collectionViewContentSize: CGSize { CGSize(width: 100, height: 100) }
    override func layoutAttributesForElements(in rect: CGRect) -> [CollectionViewLayoutAttributes] {
        [
            CollectionViewLayoutAttributes(forCellWith: IndexPath(item: 0, section: 0), frame: CGRect(x: 0, y: 20, width: 100, height: 20)),
            CollectionViewLayoutAttributes(
                forSupplementaryViewOfKind: CollectionView.elementKindSectionHeader, with: IndexPath(item: 0, section: 0),
                frame: CGRect(x: 0, y: CGFloat.nan, width: 100, height: 20)),
            CollectionViewLayoutAttributes(
                forSupplementaryViewOfKind: CollectionView.elementKindSectionFooter, with: IndexPath(item: 0, section: 0),
                frame: CGRect(x: 0, y: 40, width: 100, height: 10)),
        ].filter { $0.frame.intersectsOpen(rect) || $0.frame.minY.isNaN }
    }
}

@MainActor
@Suite struct CollectionViewSupplementaryCustomLayoutTests {
    @Test func aCustomLayoutsSupplementaryViewsAreShownAndBadFramesReported() {
        let model = SupplementaryModel()
        var rng = SplitMix64(seed: 13)
        model.sections = [model.makeSection(items: 1, header: 0, footer: 0, rng: &rng)]
        let cv = CollectionView(frame: CGRect(x: 0, y: 0, width: 100, height: 100), collectionViewLayout: HeaderedCustomLayout())
        var messages: [String] = []
        cv.diagnosticHandler = { messages.append($0) }
        cv.register(ItemCell.self, forCellWithReuseIdentifier: "item")
        cv.register(SectionLabelView.self, forSupplementaryViewOfKind: CollectionView.elementKindSectionFooter, withReuseIdentifier: "footer")
        cv.dataSource = model
        cv.reloadData()
        cv.contentOffset.y = 1
        #expect(
            messages == [
                "HeaderedCustomLayout.layoutAttributesForElements(in:) returned the frame "
                    + "\(CGRect(x: 0, y: CGFloat.nan, width: 100, height: 20)) for the supplementary view of kind "
                    + "\"UICollectionElementKindSectionHeader\" at (section 0, item 0); a frame must be finite. The view is not shown."
            ],
            "reported once")
        #expect(cv.indexPathsForVisibleSupplementaryElements(ofKind: CollectionView.elementKindSectionFooter) == [IndexPath(item: 0, section: 0)])
        #expect(cv.indexPathsForVisibleSupplementaryElements(ofKind: CollectionView.elementKindSectionHeader).isEmpty)
        #expect(cv.indexPathsForItems(in: CGRect(x: 0, y: 0, width: 100, height: 100)) == [IndexPath(item: 0, section: 0)])
        #expect(cv.indexPathsForVisibleItems == [IndexPath(item: 0, section: 0)])
    }

    @Test func theDiffableDataSourceHasASupplementaryViewProvider() {
        let layout = FlowLayout()
        layout.headerReferenceSize = CGSize(width: 0, height: 10)
        let cv = CollectionView(frame: CGRect(x: 0, y: 0, width: 100, height: 300), collectionViewLayout: layout)
        cv.register(ItemCell.self, forCellWithReuseIdentifier: "item")
        cv.register(SectionLabelView.self, forSupplementaryViewOfKind: CollectionView.elementKindSectionHeader, withReuseIdentifier: "header")
        let source = CollectionViewDiffableDataSource<String, Int>(collectionView: cv) { cv, indexPath, _ in
            cv.dequeueReusableCell(withReuseIdentifier: "item", for: indexPath)
        }
        var snapshot = DiffableDataSourceSnapshot<String, Int>()
        snapshot.appendSections(["a", "b"])
        snapshot.appendItems([1, 2], toSection: "a")
        snapshot.appendItems([3], toSection: "b")
        source.apply(snapshot, animatingDifferences: false)
        #expect(cv.visibleSupplementaryViews(ofKind: CollectionView.elementKindSectionHeader).isEmpty, "no provider: none")
        source.supplementaryViewProvider = { cv, kind, indexPath in
            let view = cv.dequeueReusableSupplementaryView(ofKind: kind, withReuseIdentifier: "header", for: indexPath) as! SectionLabelView
            view.sectionID = indexPath.section
            return view
        }
        cv.reloadData()
        let headers = cv.visibleSupplementaryViews(ofKind: CollectionView.elementKindSectionHeader).map { ($0 as! SectionLabelView).sectionID }
        #expect(headers == [0, 1])
    }
}

/// A custom layout that names its supplementary elements out of order, one of them twice, two in front of the cells.
@MainActor
final class UnsortedSupplementaryLayout: CollectionViewLayout {
    override var collectionViewContentSize: CGSize { CGSize(width: 100, height: 100) }
    override func layoutAttributesForElements(in rect: CGRect) -> [CollectionViewLayoutAttributes] {
        func element(_ kind: String, _ section: Int, y: CGFloat, z: Int = 0) -> CollectionViewLayoutAttributes {
            let attributes = CollectionViewLayoutAttributes(
                forSupplementaryViewOfKind: kind, with: IndexPath(item: 0, section: section), frame: CGRect(x: 0, y: y, width: 100, height: 10))
            attributes.zIndex = z
            return attributes
        }
        return [
            element("badge", 1, y: 60, z: 2), element("header", 1, y: 50), element("header", 0, y: 0, z: 3),
            element("badge", 0, y: 10, z: 1), element("header", 1, y: 55),
        ]
    }
}

@MainActor
@Suite struct CollectionViewSupplementaryOrderTests {
    final class Source: CollectionViewDataSource {
        var asked: [String] = []
        var seen: [Int] = []
        func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int) -> Int { 0 }
        func numberOfSections(in collectionView: CollectionView) -> Int { 2 }
        func collectionView(_ collectionView: CollectionView, cellForItemAt indexPath: IndexPath) -> CollectionViewCell {
            collectionView.dequeueReusableCell(withReuseIdentifier: "item", for: indexPath)
        }
        func collectionView(_ collectionView: CollectionView, viewForSupplementaryElementOfKind kind: String, at indexPath: IndexPath)
            -> CollectionReusableView
        {
            asked.append("\(indexPath.section)\(kind)")
            seen.append(["header", "badge"].map { collectionView.visibleSupplementaryViews(ofKind: $0).count }.reduce(0, +))
            return collectionView.dequeueReusableSupplementaryView(ofKind: kind, withReuseIdentifier: "view", for: indexPath)
        }
    }

    /// Asked top to bottom (index path, then kind), each element once where the layout named it last, the
    /// views in front of the cells in zIndex order; a data source reading the views while asked sees those placed so far.
    @Test func elementsArriveInIndexPathOrderOnceEachAndStackByZIndex() {
        let source = Source()
        let cv = CollectionView(frame: CGRect(x: 0, y: 0, width: 100, height: 100), collectionViewLayout: UnsortedSupplementaryLayout())
        cv.register(ItemCell.self, forCellWithReuseIdentifier: "item")
        for kind in ["header", "badge"] {
            cv.register(CollectionReusableView.self, forSupplementaryViewOfKind: kind, withReuseIdentifier: "view")
        }
        cv.dataSource = source
        cv.reloadData()
        cv.layoutIfNeeded()
        #expect(source.asked == ["0badge", "0header", "1badge", "1header"])
        #expect(source.seen == [0, 1, 2, 3])
        let header1 = cv.supplementaryView(forElementKind: "header", at: IndexPath(item: 0, section: 1))
        #expect(header1?.frame.minY == 55, "the frame the layout named last")
        #expect(cv.visibleSupplementaryViews(ofKind: "header").count == 2)
        let front = cv.subviews.suffix(3).map { view in
            ["header", "badge"].flatMap { kind in (0..<2).map { (kind, $0) } }.first {
                cv.supplementaryView(forElementKind: $0.0, at: IndexPath(item: 0, section: $0.1)) === view
            }.map { "\($0.1)\($0.0)" } ?? "?"
        }
        #expect(front == ["0badge", "1badge", "0header"], "zIndex 1, 2, 3 last")
        // A second pass asks nothing again.
        cv.contentOffset.y = 0
        cv.setNeedsLayout()
        cv.layoutIfNeeded()
        #expect(source.asked.count == 4)
    }
}
