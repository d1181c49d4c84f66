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
}
