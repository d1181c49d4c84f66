import Foundation
import Testing
@testable import ReuseTable

@MainActor
@Suite struct ViewTests {
    @Test func contentOffsetIsBoundsOrigin() {
        let scroll = ScrollView(frame: CGRect(x: 10, y: 20, width: 100, height: 200))
        scroll.contentOffset = CGPoint(x: 0, y: 55)
        #expect(scroll.bounds.origin == CGPoint(x: 0, y: 55))
        #expect(scroll.frame == CGRect(x: 10, y: 20, width: 100, height: 200))
    }

    @Test func subviewTree() {
        let parent = View(), child = View(), other = View()
        parent.addSubview(child)
        other.addSubview(child)
        #expect(parent.subviews.isEmpty)
        #expect(child.superview === other)
        child.removeFromSuperview()
        #expect(other.subviews.isEmpty && child.superview == nil)
    }

    @Test func indexPathAccessors() {
        let path = IndexPath(row: 3, section: 1)
        #expect(path.row == 3 && path.section == 1 && path.item == 3)
    }

    /// `superview` never dangles: a superview freed anywhere — here on another thread,
    /// where an earlier queued `isolated deinit` left children pointing at a dying
    /// object — reads as nil from its subviews, and a view never keeps its superview alive.
    @Test func superviewReadsNilOnceTheSuperviewIsGoneWhereverItWasFreed() async {
        let child = View()
        weak var weakParent: View?
        do {
            let parent = View()
            parent.addSubview(child)
            weakParent = parent
            #expect(child.superview === parent)
        }
        #expect(weakParent == nil, "a subview does not keep its superview alive")
        #expect(child.superview == nil)

        let other = View()
        nonisolated(unsafe) var parent: View? = View()
        parent!.addSubview(other)
        #expect(other.superview != nil)
        await Task.detached { parent = nil }.value  // the last reference dropped off the main actor
        #expect(other.superview == nil)
        let newParent = View()
        newParent.addSubview(other)
        #expect(other.superview === newParent && newParent.subviews.count == 1)
    }

    @Test func indexPathRowSectionMatchesFoundationsTwoIndexPath() {
        for (row, section) in [(0, 0), (3, 1), (-1, 2), (Int.max, 0)] {
            #expect(IndexPath(row: row, section: section) == IndexPath(indexes: [section, row]))
            #expect(IndexPath(item: row, section: section) == IndexPath(indexes: [section, row]))
        }
    }
}
