// How an error message shows a value from the input: short, and exactly.

/// `text` as an error quotes it: its first `LayoutLimits.maximumEchoedLength` characters, and
/// `…` after them if it is longer (or `cut` says it was cut already), so a 50 MB literal makes
/// a short line.
func echoed(_ text: String, cut: Bool = false) -> String {
  let shown = text.prefix(LayoutLimits.maximumEchoedLength)
  return shown.endIndex == text.endIndex && !cut ? text : "\(shown)…"
}

/// Shortest round-trip form, without a trailing `.0` on whole numbers (`-4`, `2.5`).
func formatNumber(_ value: Double) -> String {
  if value.isFinite, value == value.rounded(), abs(value) < 1e15 { return String(Int64(value)) }
  return "\(value)"
}
