// The worker and browser build's `idn-hostname` package: scripts/build.mjs bundles @hyperjump/json-schema-formats into
// dist/web with this file in place of the package, whose Unicode tables (IDNA2008 and UTS #46, 175 KiB) would be most
// of a Worker's bundle. The runtime has those tables already: its URL parser maps and validates every label as
// UTS #46 says (WHATWG URL, "domain to ASCII"), punycode (`xn--`) labels included. The label rules URL leaves out are
// checked here, with IDNA2008's code point classes (RFC 5892: letters, marks and digits only, its exceptions, and its
// contextual rules) on each label's Unicode form (an A-label, `xn--`, decoded first). RFC 5893's Bidi rule is left to
// URL, which applies it to fewer labels (docs/hardening.md lists what that lets through).

// The dots IDNA treats as label separators (RFC 3490, 3.1): full stop, ideographic, fullwidth and halfwidth.
const SEPARATORS = /[.\u3002\uFF0E\uFF61]/;
// ASCII other than letters, digits and hyphens: never in a host name, and able to change what the URL parser reads.
const NOT_LDH = /[^a-zA-Z0-9\-.\u0080-\u{10FFFF}]/u;
// A label the URL parser is given alone, followed by this one, so it is never read as an IPv4 address.
const TAIL = ".example";

// RFC 5892: what a label may hold (letters, marks, digits, hyphens; an uppercase letter is mapped to lowercase first),
// and the contextual code points, whose rules follow.
const ALLOWED =
  // eslint-disable-next-line no-misleading-character-class -- code points listed one by one, joiners included
  /^[\p{L}\p{Mn}\p{Mc}\p{Nd}\-\u00B7\u0375\u05F3\u05F4\u30FB\u200C\u200D\u00DF\u03C2\u06FD\u06FE\u0F0B\u3007]*$/u;
// RFC 5892, 2.6: exceptions that are DISALLOWED though their class would allow them.
// eslint-disable-next-line no-misleading-character-class -- code points listed one by one, marks included
const DISALLOWED = /[\u0640\u07FA\u302E\u302F\u3031-\u3035\u303B]/u;

// RFC 5892, Appendix A.3-A.9 (A.1-A.2, the joiners, URL checks itself).
function contextOk(label: string): boolean {
  const points = [...label];
  for (let i = 0; i < points.length; i++) {
    const before = points[i - 1] ?? "";
    const after = points[i + 1] ?? "";
    switch (points[i]) {
      case "\u00B7":
        if (before !== "l" || after !== "l") return false;
        break;
      case "\u0375":
        if (!/\p{Script=Greek}/u.test(after)) return false;
        break;
      case "\u05F3":
      case "\u05F4":
        if (!/\p{Script=Hebrew}/u.test(before)) return false;
        break;
      case "\u30FB":
        if (!/[\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Han}]/u.test(label.replace(/\u30FB/g, ""))) return false;
        break;
    }
  }
  return !(/[\u0660-\u0669]/.test(label) && /[\u06F0-\u06F9]/.test(label));
}

/**
 * Returns true when `hostname` is an internationalised host name (RFC 5890's labels as UTS #46 maps them), as the
 * `idn-hostname` package's function of the same name does on Node, but false where that one throws.
 */
export function isIdnHostname(hostname: string): boolean {
  if (typeof hostname !== "string" || hostname === "" || NOT_LDH.test(hostname)) return false;
  const labels = hostname.split(SEPARATORS);
  let length = labels.length - 1;
  for (const label of labels) {
    const ascii = asciiLabel(label);
    if (ascii === undefined) return false;
    length += ascii.length;
  }
  return length <= 253;
}

// The label's ASCII form (its A-label when it is not ASCII), or undefined when it is not a valid label.
function asciiLabel(label: string): string | undefined {
  if (label === "") return undefined;
  const unicode = /^xn--/i.test(label) ? decodePunycode(label.slice(4).toLowerCase()) : label;
  if (unicode === undefined || !ALLOWED.test(unicode) || DISALLOWED.test(unicode) || !contextOk(unicode)) {
    return undefined;
  }
  let host: string;
  try {
    host = new URL(`http://${label}${TAIL}/`).hostname;
  } catch {
    return undefined;
  }
  // A mapping may make one label two ("⒈" is "1."): then it was not one label.
  if (!host.endsWith(TAIL) || host.length === TAIL.length) return undefined;
  const ascii = host.slice(0, -TAIL.length);
  if (ascii.includes(".") || ascii.length > 63) return undefined;
  // RFC 5891, 4.2.3.1 (UTS #46's CheckHyphens, which URL turns off): no hyphen first or last, and none in places 3
  // and 4 but an A-label's own prefix.
  for (const form of [unicode, ascii]) {
    if (form.startsWith("-") || form.endsWith("-")) return undefined;
    if (form.slice(2, 4) === "--" && form.slice(0, 2).toLowerCase() !== "xn") return undefined;
  }
  // An A-label must be the one its Unicode form encodes to (RFC 5891, 5.4): no other spelling of the same label.
  if (unicode !== label && asciiLabel(unicode) !== label.toLowerCase()) return undefined;
  return ascii;
}

// RFC 3492, 6.2: the Unicode label a punycode string (without its "xn--") encodes, or undefined when it is malformed.
function decodePunycode(input: string): string | undefined {
  const [BASE, TMIN, TMAX, SKEW, DAMP] = [36, 1, 26, 38, 700];
  const end = input.lastIndexOf("-");
  const output = end > 0 ? [...input.slice(0, end)].map((char) => char.codePointAt(0)!) : [];
  if (output.some((point) => point >= 0x80)) return undefined;
  let [n, i, bias] = [128, 0, 72];
  for (let at = end > 0 ? end + 1 : 0; at < input.length;) {
    const oldI = i;
    for (let w = 1, k = BASE; ; k += BASE) {
      if (at >= input.length) return undefined;
      const code = input.charCodeAt(at++);
      const digit = code >= 0x61 && code <= 0x7a ? code - 0x61 : code >= 0x30 && code <= 0x39 ? code - 22 : BASE;
      if (digit >= BASE) return undefined;
      i += digit * w;
      const t = k <= bias ? TMIN : k >= bias + TMAX ? TMAX : k - bias;
      if (digit < t) break;
      w *= BASE - t;
      if (i > 0x10ffff * 64) return undefined;
    }
    const length = output.length + 1;
    let delta = oldI === 0 ? Math.floor((i - oldI) / DAMP) : (i - oldI) >> 1;
    delta += Math.floor(delta / length);
    let k = 0;
    for (; delta > ((BASE - TMIN) * TMAX) >> 1; k += BASE) delta = Math.floor(delta / (BASE - TMIN));
    bias = k + Math.floor(((BASE - TMIN + 1) * delta) / (delta + SKEW));
    n += Math.floor(i / length);
    i %= length;
    if (n > 0x10ffff) return undefined;
    output.splice(i++, 0, n);
  }
  return String.fromCodePoint(...output);
}
