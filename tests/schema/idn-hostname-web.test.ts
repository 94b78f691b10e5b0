// The worker and browser build checks host names with the runtime's URL parser and RFC 5892's rules instead of the
// idn-hostname package's tables (src/schema/idn-hostname-web.ts): on these names it must give that package's verdicts.
import { isIdnHostname as withTables } from "idn-hostname";
import { isIdnHostname } from "../../src/schema/idn-hostname-web.js";

const tablesSay = (hostname: string): boolean => {
  try {
    return withTables(hostname);
  } catch {
    return false;
  }
};

const NAMES = [
  "example.com",
  "EXAMPLE.com",
  "실례.테스트",
  "ß.de",
  "ÅbC",
  "1.2.3.4",
  "256.1.1.1",
  "example.123",
  "l·l",
  "xn--ihqwcrb4cv8a8dqg056pqjye",
  "xn--mgbh0fb",
  "xn--bcher-kva.example",
  "xn--zca",
  // refused: hyphens, lengths, what a mapping splits, symbols, contextual rules, DISALLOWED exceptions, bad punycode
  "ex--ample.com",
  "ab--c",
  "-a.com",
  "a-.com",
  `${"a".repeat(64)}.com`,
  "⒈.com",
  "a_b.com",
  "♥.com",
  "·l",
  "\u05F3",
  "\u0640\u07FA",
  "\u302E",
  "a\u200Db",
  "xn--X",
  "xn--a",
  "xn--ls8h",
  "xn--ab--c",
  "",
  "a/b",
  "a@b",
];

describe("isIdnHostname without Unicode tables (the worker and browser build)", () => {
  it.each(NAMES)("gives the idn-hostname package's verdict on %j", (name) => {
    expect(isIdnHostname(name)).toBe(tablesSay(name));
  });

  it("refuses more than 253 characters in all", () => {
    const long = Array.from({ length: 4 }, () => "a".repeat(63)).join(".");
    expect(long.length).toBe(255);
    expect(isIdnHostname(long)).toBe(false);
    expect(isIdnHostname(long.slice(2))).toBe(true);
  });
});
