import Foundation
import LayoutLab

/// The elements of `layout` in `rect`, asked of the layout where a routine stores it. A routine
/// that keeps its layout in a `var` (it updates it) and queries it directly is handed a copy of
/// the layout for the call — a retain and a release of each array the layout holds, about 380
/// instructions of the harness's own counted as the strategy's; through `inout` the query reads
/// the layout in place, as an app's collection view reads its layout object.
@inline(__always)
func elements<Layout: CollectionViewLayout>(
  of layout: inout Layout, in rect: CGRect
) -> [LayoutAttributes] {
  layout.layoutAttributesForElements(in: rect)
}
