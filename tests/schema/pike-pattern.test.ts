import { readFileSync } from "node:fs";
import { join } from "node:path";
import { RE2JS } from "re2js";
import { compilePikePattern } from "../../src/schema/pike-pattern.js";
import { toRe2Syntax } from "../../src/schema/re2-syntax.js";
import type * as LinearModule from "../../src/schema/linear-pattern.js";
import type * as UrlModule from "../../src/schema/url-format.js";
import type * as EmailModule from "../../src/schema/idn-email.js";

// The web build matches patterns with compilePikePattern, Node with re2js: a schema must get the same verdicts on both.
const re2 = (pattern: string) => RE2JS.compile(toRe2Syntax(pattern));

const SUITE = join(__dirname, "../fixtures/json-schema-test-suite/tests/draft2020-12");
const SUITE_FILES = [
  "pattern.json",
  "patternProperties.json",
  "optional/ecmascript-regex.json",
  "optional/non-bmp-regex.json",
  "optional/format/regex.json",
];

// Every pattern of the suite's pattern files, with every string its tests try it on (as data or as a property name).
function suitePairs(): [string, string[]][] {
  const pairs = new Map<string, Set<string>>();
  const visit = (node: unknown, strings: readonly string[]): void => {
    if (typeof node !== "object" || node === null) return;
    const { pattern, patternProperties } = node as { pattern?: unknown; patternProperties?: object };
    const found = [...(typeof pattern === "string" ? [pattern] : []), ...Object.keys(patternProperties ?? {})];
    for (const source of found)
      for (const text of strings) (pairs.get(source) ?? pairs.set(source, new Set()).get(source)!).add(text);
    for (const value of Object.values(node)) visit(value, strings);
  };
  for (const file of SUITE_FILES) {
    const groups = JSON.parse(readFileSync(join(SUITE, file), "utf8")) as {
      schema: unknown;
      tests: { data: unknown }[];
    }[];
    for (const { schema, tests } of groups) {
      const strings = tests.flatMap(({ data }) =>
        typeof data === "string"
          ? [data]
          : typeof data === "object" && data !== null && !Array.isArray(data)
            ? Object.keys(data)
            : [],
      );
      visit(schema, strings);
    }
  }
  return [...pairs].map(([source, strings]) => [source, [...strings]]);
}

describe("compilePikePattern", () => {
  it("gives re2js's verdict on every pattern and string of the JSON Schema Test Suite's pattern files", () => {
    const pairs = suitePairs();
    expect(pairs.length).toBeGreaterThan(20);
    for (const [source, strings] of pairs) {
      const expected = re2(source);
      const compiled = compilePikePattern(source);
      for (const text of strings)
        expect([source, text, compiled.test(text)]).toEqual([source, text, expected.test(text)]);
    }
  });

  it.each([
    ["b", "abc", true],
    ["^b", "abc", false],
    ["^\\u00e9+$", "éé", true],
    ["^\\u{1F600}$", "😀", true],
    ["^\\uD83D\\uDE00$", "😀", true],
    ["^\\p{Letter}+$", "héllo", true],
    ["^\\p{Greek}$", "α", true],
    ["^\\p{Script=Greek}$", "a", false],
    ["\\bfoo\\b", "a foo b", true],
    ["\\Bfoo", "afoo", true],
    // RE2's `.` (Node's verdict): every code point but a newline.
    ["^.$", "\r", true],
    ["^.$", "\n", false],
    // RE2's `\S` inside a class is ASCII; outside, toolwright spells ECMAScript's Unicode `\s`.
    ["^[\\S]$", "\u00a0", true],
    ["^\\S$", "\u00a0", false],
    ["^\\s$", "\u2028", true],
    ["^(?<word>ab)c$", "abc", true],
    ["^a{2,3}$", "aaaa", false],
    ["^a{2,}$", "aaaa", true],
    ["^(|a)+$", "", true],
    ["^[^a]$", "\n", true],
    ["^\\cJ$", "\n", true],
  ])("matches %j against %j as re2js does (%s)", (source, text, verdict) => {
    expect(re2(source).test(text)).toBe(verdict);
    expect(compilePikePattern(source).test(text)).toBe(verdict);
  });

  it("gives re2js's verdicts on random patterns and strings", () => {
    let seed = 33;
    const random = (n: number): number => {
      seed = (seed * 1103515245 + 12345) & 0x7fffffff;
      return seed % n;
    };
    const ATOMS = ["a", "b", ".", "[ab]", "[^a]", "\\d", "\\w", "\\s", "\\S", "[\\S]", "\\u00e9", "\\p{L}", "😀", "-"];
    const pattern = (depth: number): string => {
      const parts: string[] = [];
      for (let i = random(4); i >= 0; i--) {
        const roll = random(10);
        let part =
          roll < 2 && depth < 3 ? `(${pattern(depth + 1)}|${pattern(depth + 1)})` : ATOMS[random(ATOMS.length)]!;
        if (roll === 2 && depth < 3) part = `(?:${pattern(depth + 1)})`;
        part += ["", "", "*", "+", "?", "{2}", "{1,3}", "{0,}", "*?"][random(9)]!;
        parts.push(part);
      }
      const anchored = ["", "^", "\\b"][random(3)]! + parts.join("") + ["", "$", "\\B"][random(3)]!;
      return anchored;
    };
    const LETTERS = ["a", "b", "1", " ", "\u00a0", "é", "😀", "\n", "\r", "-", "_"];
    const text = (): string => Array.from({ length: random(8) }, () => LETTERS[random(LETTERS.length)]!).join("");
    let compared = 0;
    for (let i = 0; i < 1500; i++) {
      const source = pattern(0);
      const expected = re2(source);
      const compiled = compilePikePattern(source);
      for (let j = 0; j < 20; j++) {
        const input = text();
        expect([source, input, compiled.test(input)]).toEqual([source, input, expected.test(input)]);
        compared++;
      }
    }
    expect(compared).toBe(30_000);
  });

  it.each(["^(a+)+$", "^(a|a)*$", "^(a|aa)+$", "^(.*a){20}$", "^(\\w+\\s?)*$"])(
    "finishes on a long hostile input when the pattern is the catastrophic %s",
    (source) => {
      // A backtracking engine needs longer than the age of the universe here; the automaton reads each character once.
      expect(compilePikePattern(source).test("a".repeat(5_000) + "!")).toBe(false);
    },
  );

  it.each([
    ["^(?=a)", /unsupported Perl syntax: `\(\?=`/],
    ["(?<!a)b", /unsupported Perl syntax: `\(\?<`/],
    ["(a)\\1", /invalid escape sequence: `\\1`/],
    ["(?<n>a)\\k<n>", /invalid escape sequence: `\\k`/],
    ["a{1001}", /invalid repeat count/],
    ["(a{100}){100}", /invalid repeat count/],
    ["\\p{Nope}", /invalid character class range: `\\p\{Nope\}`/],
    ["\\p{Script_Extensions=Greek}", /has no RE2 form/],
  ])("refuses %j at compile time, as RE2 does", (source, message) => {
    expect(() => re2(source)).toThrow();
    expect(() => compilePikePattern(source)).toThrow(message);
  });

  it("refuses a pattern that is not an ECMAScript pattern, as the web build's validator does at definition", () => {
    // RE2 reads a lone "{" as a literal; ECMAScript's `u` mode refuses it.
    expect(() => compilePikePattern("a{")).toThrow(/Invalid regular expression/);
  });
});

describe("the web build's pattern matching", () => {
  // The worker and browser build swaps load-dependencies for load-dependencies-web (scripts/build.mjs).
  const web = <T>(load: () => T): T => {
    let loaded: T | undefined;
    jest.isolateModules(() => {
      jest.doMock("../../src/schema/load-dependencies.cts", () =>
        jest.requireActual("../../src/schema/load-dependencies-web.ts"),
      );
      loaded = load();
    });
    return loaded!;
  };
  const node = {
    linear: jest.requireActual<typeof LinearModule>("../../src/schema/linear-pattern.js"),
    url: jest.requireActual<typeof UrlModule>("../../src/schema/url-format.js"),
    email: jest.requireActual<typeof EmailModule>("../../src/schema/idn-email.js"),
  };
  const onWeb = web(() => ({
    linear: jest.requireActual<typeof LinearModule>("../../src/schema/linear-pattern.js"),
    url: jest.requireActual<typeof UrlModule>("../../src/schema/url-format.js"),
    email: jest.requireActual<typeof EmailModule>("../../src/schema/idn-email.js"),
  }));

  it("refuses lookaround and unknown properties at definition with the reasons Node gives", () => {
    for (const source of ["^(?!admin)", "(a)\\1", "\\p{Nope}", "\\p{Script_Extensions=Greek}"]) {
      const message = (compile: (pattern: string) => unknown): string => {
        try {
          compile(source);
          return "compiled";
        } catch (error) {
          // The reason is the same; RE2's own words in parentheses may differ.
          return (error as Error).message.replace(/\(.*\)/, "(…)");
        }
      };
      expect(message(onWeb.linear.compileLinearPattern)).toBe(message(node.linear.compileLinearPattern));
    }
    expect(() => onWeb.linear.compileLinearPattern("^(?!admin)")).toThrow(/cannot be matched in linear time/);
  });

  it("matches with its own matcher: what only ECMAScript refuses is refused there", () => {
    expect(() => node.linear.compileLinearPattern("a{")).not.toThrow();
    expect(() => onWeb.linear.compileLinearPattern("a{")).toThrow(/is not a pattern toolwright can match/);
  });

  it("gives Node's verdicts for the url and idn-email formats, which it matches without re2js", () => {
    let seed = 40;
    const random = (n: number): number => {
      seed = (seed * 1103515245 + 12345) & 0x7fffffff;
      return seed % n;
    };
    const PIECES = ["http", "HTTPS", "httpſ", "ftp", "://", "a", "B", "1", "0", ".", "-", "@", ":", "/", " ", "\u00a0"];
    const MORE = ["é", "[", "]", '"', "\\", "com", "10", "127", "192.168", "172.16", "255", "IPv6:", "::1", "😀", "_"];
    const parts = [...PIECES, ...MORE];
    const known = ["http://example.com", "https://u:p@example.com:8080/x", "ftp://1.2.3.4", "http://10.0.0.1"];
    known.push(
      "HTTP://EXAMPLE.COM",
      "httpſ://a.com",
      "a@b.com",
      '"a@b"@c.org',
      "x@[1.2.3.4]",
      "x@[IPv6:::1]",
      "é@é.fr",
    );
    const inputs = [...known];
    for (let i = 0; i < 3000; i++) {
      const pieces = Array.from({ length: random(9) }, () => parts[random(parts.length)]!);
      inputs.push(pieces.join("") + (random(2) ? "example.com" : ""));
    }
    // The domain the address check hands on is the one Node's captured, whatever the check answers.
    const isIdn = (domain: string): boolean => domain.length % 3 !== 0;
    let accepted = 0;
    for (const input of inputs) {
      expect([input, onWeb.url.isUrl(input)]).toEqual([input, node.url.isUrl(input)]);
      expect([input, onWeb.email.isIdnEmail(input, isIdn)]).toEqual([input, node.email.isIdnEmail(input, isIdn)]);
      if (node.url.isUrl(input) || node.email.isIdnEmail(input, isIdn)) accepted++;
    }
    expect(accepted).toBeGreaterThan(10);
  });
});
