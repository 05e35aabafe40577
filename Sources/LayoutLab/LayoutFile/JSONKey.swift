/// An object's key as a decoder sees it: one of the keys it knows (an index into its
/// `JSONKeys`), or any other text.
enum JSONKey: Hashable {
  case known(Int)
  case unknown(String)
}
