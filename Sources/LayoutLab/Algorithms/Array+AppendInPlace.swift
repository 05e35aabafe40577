extension Array {
  /// Appends the elements `initialize` writes at the start of the array's unused capacity
  /// (reserve it first with `reserveCapacity(_:)`), given `context`; it returns how many it
  /// initialized, at most the buffer's count. Nothing is checked or grown per element.
  ///
  /// Not `Array(unsafeUninitializedCapacity:initializingWith:)`: that allocates through an
  /// unspecialized standard-library function that looks the storage's generic metadata up in
  /// the runtime's cache on every call, about 600 instructions per array (callgrind), where
  /// `reserveCapacity` reads it from a cached accessor. `initialize` captures nothing and
  /// reads `context` instead: a closure that captured would need its context on the heap
  /// (`withoutActuallyEscaping`), one allocation more.
  ///
  /// - Complexity: that of `initialize`.
  @inline(__always)
  mutating func appendInPlace<Context>(
    with context: inout Context,
    _ initialize: @escaping (inout Context, UnsafeMutableBufferPointer<Element>) -> Int
  ) {
    withUnsafeMutablePointer(to: &context) { context in
      append(contentsOf: InPlaceElements(context: context, initialize: initialize))
    }
  }
}

/// What `Array.appendInPlace(with:_:)` appends: `append(contentsOf:)` hands a sequence the
/// array's unused capacity (`_copyContents(initializing:)`), which this one gives to
/// `initialize`. Not a sequence to iterate: its iterator is empty.
private struct InPlaceElements<Element, Context>: Sequence {
  let context: UnsafeMutablePointer<Context>
  let initialize: (inout Context, UnsafeMutableBufferPointer<Element>) -> Int

  func makeIterator() -> EmptyCollection<Element>.Iterator { EmptyCollection().makeIterator() }

  @inline(__always)
  func _copyContents(
    initializing buffer: UnsafeMutableBufferPointer<Element>
  ) -> (EmptyCollection<Element>.Iterator, Int) {
    let written = initialize(&context.pointee, buffer)
    precondition(written >= 0 && written <= buffer.count, "initialized past the buffer")
    return (makeIterator(), written)
  }
}
