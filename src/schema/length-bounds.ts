/**
 * Returns true when `text` breaks its own `minLength` or `maxLength` (counted in code points, as JSON Schema counts
 * them). Every validator's `pattern` check skips such a string: its length error is already reported, and matching a
 * string far over its bound would cost time for nothing.
 */
export function outOfLengthBounds(text: string, min: number, max: number): boolean {
  // UTF-16 length bounds the code-point count from both sides, so most strings skip the loop.
  if (text.length <= max && text.length >= 2 * min) return false;
  let points = 0;
  for (const _ of text) if (++points > max) return true;
  return points < min;
}
