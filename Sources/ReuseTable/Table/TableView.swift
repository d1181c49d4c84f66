import Foundation

/// Placeholder: the real table lands with issue #2.
@MainActor
open class TableView: ScrollView {
    public static let automaticDimension: CGFloat = -1
    open var rowHeight: CGFloat = 44
    open var estimatedRowHeight: CGFloat = 0
    open var sectionHeaderHeight: CGFloat = TableView.automaticDimension
    open var sectionFooterHeight: CGFloat = TableView.automaticDimension
    open var estimatedSectionHeaderHeight: CGFloat = 0
    open var estimatedSectionFooterHeight: CGFloat = 0
    var defaultImplementationsUsed: Set<DelegateHeightMethod> = []
    func noteDefaultImplementation(_ method: DelegateHeightMethod) { defaultImplementationsUsed.insert(method) }
}
