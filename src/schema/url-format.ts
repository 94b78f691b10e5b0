import { compileLinearPattern } from "./linear-pattern.js";

// ajv-formats' `url` pattern (after https://mathiasbynens.be/demo/url-regex) backtracks: its optional `user:pass@`
// part (`\S+(?::\S*)?@`) is retried at every split, so its time grows with the square of the input (40,000
// characters took seconds). Here is the same language for RE2, which matches in linear time. Its negative lookaheads
// (no private IPv4 host: 10/8, 127/8, 169.254/16, 192.168/16, 172.16/12) become the allowed octets themselves, and
// ajv-formats' case-insensitive flag is spelled out, so the pattern is an ECMAScript one for both matchers (RE2 would
// also fold "s" with U+017F "ſ", hence that letter in the scheme).
const SPACE = String.raw`\s`;
const OCTET = String.raw`(?:1?\d{1,2}|2[0-4]\d|25[0-5])`;
const LAST = String.raw`(?:[1-9]\d?|1\d\d|2[0-4]\d|25[0-4])`;
// First octets 1-223 but 10, 127, 169, 172 and 192, which are allowed only with certain second octets below.
const PUBLIC_FIRST = String.raw`(?:[1-9]|1[1-9]|[2-9]\d|1[0-1]\d|12[0-689]|1[3-5]\d|16[0-8]|17[013-9]|18\d|19[013-9]|2[01]\d|22[0-3])`;
const NOT_254 = String.raw`(?:1?\d{1,2}|2[0-4]\d|25[0-35])`;
const NOT_168 = String.raw`(?:\d|\d\d|1[0-57-9]\d|16[0-79]|2[0-4]\d|25[0-5])`;
const NOT_16_TO_31 = String.raw`(?:\d|0\d|1[0-5]|3[2-9]|[4-9]\d|1\d\d|2[0-4]\d|25[0-5])`;
const IPV4 =
  String.raw`(?:${PUBLIC_FIRST}\.${OCTET}|169\.${NOT_254}|192\.${NOT_168}|172\.${NOT_16_TO_31})` +
  String.raw`\.${OCTET}\.${LAST}`;
const LABEL = String.raw`(?:[a-zA-Z0-9\u{A1}-\u{FFFF}]+-)*[a-zA-Z0-9\u{A1}-\u{FFFF}]+`;
const HOST = String.raw`${LABEL}(?:\.${LABEL})*\.[a-zA-Z\u{A1}-\u{FFFF}]{2,}`;
const URL_PATTERN =
  String.raw`^(?:[hH][tT][tT][pP][sSſ]?|[fF][tT][pP])://(?:[^${SPACE}]+(?::[^${SPACE}]*)?@)?(?:${IPV4}|${HOST})` +
  String.raw`(?::\d{2,5})?(?:/[^${SPACE}]*)?$`;

let compiled: { test(input: string): boolean } | undefined;

/**
 * Returns true when `value` is a URL as ajv-formats' non-standard `url` format defines it (http, https or ftp, a
 * public IPv4 address or a host name with a top-level domain), in time linear in its length.
 */
export function isUrl(value: string): boolean {
  // Compiled on the first URL checked: only a schema with `format: "url"` needs it.
  compiled ??= compileLinearPattern(URL_PATTERN);
  return compiled.test(value);
}
