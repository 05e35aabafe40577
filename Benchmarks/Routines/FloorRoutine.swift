import BenchKit
import Foundation

/// The floor: the cost of merely writing n frames to memory (four Doubles each, into storage
/// allocated once, untimed). No strategy's prepare can be cheaper, so reports show prepare as a
/// multiple of this, measured in the same run.
final class FloorRoutine: BenchmarkRoutine {
  let count: Int
  private var frames: ContiguousArray<CGRect>
  private var seed = 0.0

  init(count: Int) {
    self.count = count
    frames = ContiguousArray(repeating: .zero, count: count)
  }

  func runBatch(iterations: Int) {
    for _ in 0..<iterations {
      // An origin the optimizer cannot know, so the loop cannot be folded away.
      let base = identity(seed)
      frames.withUnsafeMutableBufferPointer { buffer in
        for index in buffer.indices {
          let row = Double(index >> 2)
          buffer[index] = CGRect(
            x: Double(index & 3) * 97.5, y: base + row * 130, width: 90, height: 120)
        }
      }
      seed += 1
      blackHole(frames)
    }
  }

  func check() throws {
    guard count == 0 || frames[count - 1].height == 120 else {
      throw BenchmarkCheckFailure("the floor wrote the wrong frames")
    }
  }

  func countWork() -> [String: Int] { ["framesWritten": count] }
}
