import CInstructionRegion

/// The region whose instructions callgrind counts: `body` runs inside the C function
/// `bench_instruction_region`, which switches callgrind's instrumentation and collection on
/// around it and writes one profile part per call (see `Callgrind`).
public enum InstructionRegion {
  /// Runs `body` inside the counted region. Outside valgrind this costs one indirect call.
  public static func run(_ body: () -> Void) {
    withoutActuallyEscaping(body) { body in
      var closure = body
      withUnsafeMutablePointer(to: &closure) { pointer in
        bench_instruction_region(pointer) { context in
          // The context is the pointer passed just above, never nil.
          context?.assumingMemoryBound(to: (() -> Void).self).pointee()
        }
      }
    }
  }
}
