import dependencies from "./load-dependencies.cjs";

// RFC 6531's Mailbox (RFC 5321's, with UTF-8 allowed in atoms, quoted strings and domain labels), spelled for RE2.
// @hyperjump/json-schema-formats checks the same grammar with a backtracking ECMAScript pattern whose atom
// alternatives overlap on every non-ASCII character (`ucschar` and `UTF8-non-ascii`), so a run of n such letters
// that fails at its end is retried 2^n ways: 40 letters hold the event loop for hours. Here the overlap is one class,
// and RE2 matches in time linear in the input whatever the pattern's shape. Lone surrogates match no class, as in an
// ECMAScript pattern with the `u` flag.
const NON_ASCII = String.raw`\x{80}-\x{D7FF}\x{E000}-\x{10FFFF}`;
const UCSCHAR =
  String.raw`\x{A0}-\x{D7FF}\x{F900}-\x{FDCF}\x{FDF0}-\x{FFEF}\x{10000}-\x{1FFFD}\x{20000}-\x{2FFFD}` +
  String.raw`\x{30000}-\x{3FFFD}\x{40000}-\x{4FFFD}\x{50000}-\x{5FFFD}\x{60000}-\x{6FFFD}\x{70000}-\x{7FFFD}` +
  String.raw`\x{80000}-\x{8FFFD}\x{90000}-\x{9FFFD}\x{A0000}-\x{AFFFD}\x{B0000}-\x{BFFFD}\x{C0000}-\x{CFFFD}` +
  String.raw`\x{D0000}-\x{DFFFD}\x{E1000}-\x{EFFFD}`;

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

const MAILBOX = String.raw`^${localPart}@(?:${addressLiteral}|(?P<domain>${domain}))$`;

type Matcher = (value: string) => { matches: boolean; domain: string | null };
let mailbox: Matcher | undefined;

// Compiled on the first address checked, not at import: only a schema with `format: "idn-email"` needs it.
function compiled(): Matcher {
  if (mailbox) return mailbox;
  const pattern = dependencies.loadRe2().RE2JS.compile(MAILBOX);
  mailbox = (value) => {
    const matcher = pattern.matcher(value);
    return matcher.matches() ? { matches: true, domain: matcher.group("domain") } : { matches: false, domain: null };
  };
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
