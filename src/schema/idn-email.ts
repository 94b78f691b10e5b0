import { compileLinearPattern } from "./linear-pattern.js";

// RFC 6531's Mailbox (RFC 5321's, with UTF-8 allowed in atoms, quoted strings and domain labels), in ECMAScript syntax.
// @hyperjump/json-schema-formats checks the same grammar with a backtracking ECMAScript pattern whose atom
// alternatives overlap on every non-ASCII character (`ucschar` and `UTF8-non-ascii`), so a run of n such letters
// that fails at its end is retried 2^n ways: 40 letters hold the event loop for hours. Here the overlap is one class,
// and RE2 matches in time linear in the input whatever the pattern's shape. Lone surrogates match no class, as in an
// ECMAScript pattern with the `u` flag.
const NON_ASCII = String.raw`\u{80}-\u{D7FF}\u{E000}-\u{10FFFF}`;
const UCSCHAR =
  String.raw`\u{A0}-\u{D7FF}\u{F900}-\u{FDCF}\u{FDF0}-\u{FFEF}\u{10000}-\u{1FFFD}\u{20000}-\u{2FFFD}` +
  String.raw`\u{30000}-\u{3FFFD}\u{40000}-\u{4FFFD}\u{50000}-\u{5FFFD}\u{60000}-\u{6FFFD}\u{70000}-\u{7FFFD}` +
  String.raw`\u{80000}-\u{8FFFD}\u{90000}-\u{9FFFD}\u{A0000}-\u{AFFFD}\u{B0000}-\u{BFFFD}\u{C0000}-\u{CFFFD}` +
  String.raw`\u{D0000}-\u{DFFFD}\u{E1000}-\u{EFFFD}`;

const atom = String.raw`[0-9A-Za-z_!#$%&'*+\-/=?^` + "`" + String.raw`{|}~${NON_ASCII}]+`;
const quotedString = String.raw`"(?:[\x20-\x21\x23-\x5B\x5D-\x7E${NON_ASCII}]|\\[\x20-\x7E])*"`;
const localPart = String.raw`(?:${atom}(?:\.${atom})*|${quotedString})`;

const letDigUcs = String.raw`[0-9A-Za-z${UCSCHAR}]`;
const subDomain = String.raw`${letDigUcs}(?:[0-9A-Za-z${UCSCHAR}\-]*${letDigUcs})?`;
const domain = String.raw`${subDomain}(?:\.${subDomain})*`;

const decOctet = String.raw`(?:\d|[1-9]\d|1\d\d|2[0-4]\d|25[0-5])`;
const ipv4 = String.raw`${decOctet}\.${decOctet}\.${decOctet}\.${decOctet}`;
const h16 = String.raw`[0-9A-Fa-f]{1,4}`;
const ls32 = String.raw`(?:${h16}:${h16}|${ipv4})`;
const ipv6 = [
  String.raw`(?:${h16}:){6}${ls32}`,
  String.raw`::(?:${h16}:){5}${ls32}`,
  String.raw`(?:${h16})?::(?:${h16}:){4}${ls32}`,
  String.raw`(?:(?:${h16}:){0,1}${h16})?::(?:${h16}:){3}${ls32}`,
  String.raw`(?:(?:${h16}:){0,2}${h16})?::(?:${h16}:){2}${ls32}`,
  String.raw`(?:(?:${h16}:){0,3}${h16})?::${h16}:${ls32}`,
  String.raw`(?:(?:${h16}:){0,4}${h16})?::${ls32}`,
  String.raw`(?:(?:${h16}:){0,5}${h16})?::${h16}`,
  String.raw`(?:(?:${h16}:){0,6}${h16})?::`,
].join("|");
const generalLiteral = String.raw`(?:[0-9A-Za-z\-]*[0-9A-Za-z]):[\x21-\x5A\x5E-\x7E]+`;
const addressLiteral = String.raw`\[(?:${ipv4}|IPv6:(?:${ipv6})|${generalLiteral})\]`;

const MAILBOX = String.raw`^${localPart}@(?:${addressLiteral}|${domain})$`;

type Matcher = (value: string) => { matches: boolean; domain: string | null };
let mailbox: Matcher | undefined;

// Compiled on the first address checked, not at import: only a schema with `format: "idn-email"` needs it.
function compiled(): Matcher {
  if (mailbox) return mailbox;
  const pattern = compileLinearPattern(MAILBOX);
  // A domain has no "@" and never ends with "]", which an address literal always does: it is what follows the last "@".
  mailbox = (value) =>
    pattern.test(value)
      ? { matches: true, domain: value.endsWith("]") ? null : value.slice(value.lastIndexOf("@") + 1) }
      : { matches: false, domain: null };
  return mailbox;
}

/**
 * Returns true when `value` is an internationalized e-mail address (RFC 6531 Mailbox), the JSON Schema `idn-email`
 * format, in time linear in its length. A domain (not an address literal) must also pass `isIdn`, the `idn-hostname`
 * check, as in @hyperjump/json-schema-formats, whose verdicts this keeps.
 */
export function isIdnEmail(value: string, isIdn: (hostname: string) => boolean): boolean {
  const { matches, domain } = compiled()(value);
  return matches && (domain === null || isIdn(domain));
}
