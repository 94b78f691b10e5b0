/** Bytes as a base64 string, or a string that should already be base64. */
export type Base64Input = string | Uint8Array;

/** Returns base64 text for bytes; a string is returned as it is (the checker looks at it later). */
export function toBase64(data: Base64Input): string {
  if (typeof data === "string") return data;
  const buffer = (globalThis as { Buffer?: { from(bytes: Uint8Array): { toString(encoding: "base64"): string } } })
    .Buffer;
  if (buffer) return buffer.from(data).toString("base64");
  // Outside Node (a browser, a worker): btoa over a binary string, in chunks so no argument list grows too long.
  let binary = "";
  for (let i = 0; i < data.length; i += 0x8000) binary += String.fromCharCode(...data.subarray(i, i + 0x8000));
  return btoa(binary);
}

const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

/** Returns what is wrong with `text` as standard, padded base64 (RFC 4648 §4), or undefined when it is valid. */
export function base64Problem(text: string): string | undefined {
  if (text === "") return "is empty";
  if (text.startsWith("data:")) return "is a data: URL; give the base64 text after the comma";
  if (text.length % 4 !== 0 || !BASE64.test(text)) return "is not base64 (A-Z, a-z, 0-9, +, /, padded with =)";
  return undefined;
}

/** Returns the number of bytes base64 text decodes to. */
export function base64Bytes(text: string): number {
  const padding = text.endsWith("==") ? 2 : text.endsWith("=") ? 1 : 0;
  return (text.length / 4) * 3 - padding;
}
