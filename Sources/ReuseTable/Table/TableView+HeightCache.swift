import Foundation

// Temporary until the height caches land.
extension TableView {
    func invalidateHeightCachesForReload() {}
    func cachedSelfSizedHeight(at indexPath: IndexPath, width: CGFloat) -> CGFloat? { nil }
    func storeSelfSizedHeight(_ height: CGFloat, at indexPath: IndexPath, width: CGFloat) {}
}
