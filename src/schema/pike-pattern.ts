import { toRe2Syntax } from "./re2-syntax.js";

/** A pattern compiled by {@link compilePikePattern}: answers whether it matches anywhere in a string. */
export interface PikePattern {
  test(input: string): boolean;
}

// One instruction of the automaton: read a code point, fork, jump, check a position, or accept.
type Instruction =
  | { readonly op: "read"; readonly accepts: (point: number) => boolean; readonly next: number }
  | { readonly op: "fork"; readonly next: number; other: number }
  | { op: "jump"; next: number }
  | { readonly op: "assert"; readonly at: Anchor; readonly next: number }
  | { readonly op: "accept" };

type Anchor = "^" | "$" | "b" | "B";

type Node =
  | { readonly kind: "read"; readonly accepts: (point: number) => boolean }
  | { readonly kind: "assert"; readonly at: Anchor }
  | { readonly kind: "sequence"; readonly items: Node[] }
  | { readonly kind: "either"; readonly items: Node[] }
  | { readonly kind: "repeat"; readonly item: Node; readonly min: number; readonly max: number };

// RE2's bound on a counted repetition (nested ones multiply): above it, both engines refuse the pattern.
const MAX_REPEAT = 1000;

/**
 * Compiles an ECMAScript (`u`-mode) pattern into a Thompson automaton run as a Pike VM: every position of the input
 * is read once with the set of states alive there, so matching time grows linearly with the input whatever the pattern
 * nests (`^(a+)+$`). The web build's stand-in for re2js (45 KiB gzipped, most of a Worker's bundle): each character
 * class or escape is checked by the runtime's own RegExp on one code point (no backtracking is possible there), so no
 * Unicode tables ship. It accepts what toolwright accepts on Node and gives the same verdicts: `.` is RE2's (every
 * code point but `\n`), as is `\S` inside a class (ASCII spaces only); lookaround, backreferences and modifiers are
 * refused, and a counted repetition above 1000.
 * @throws {SyntaxError} with RE2's wording for what RE2 refuses, or the runtime's for a pattern that is not valid.
 */
export function compilePikePattern(pattern: string): PikePattern {
  // Refuses what Node refuses before RE2 sees the pattern (a keyed Unicode property RE2 has no form of).
  toRe2Syntax(pattern);
  const source = withEcmaProperties(pattern);
  new RegExp(source, "u");
  const parser = new Parser(source);
  const program: Instruction[] = [];
  const tree = parser.parse();
  checkRepeats(tree, 1, pattern);
  emit(tree, program);
  program.push({ op: "accept" });
  return { test: (input) => run(program, input) };
}

// `\p{Greek}` (RE2's and toolwright's spelling of a script) is `\p{sc=Greek}` to ECMAScript; categories get `gc=`.
function withEcmaProperties(pattern: string): string {
  return pattern.replace(/\\\\|\\([pP])\{([^}]*)\}/g, (whole, letter: string | undefined) => {
    if (letter === undefined) return whole;
    const name = /\{(.*)\}/.exec(toRe2Syntax(whole))![1]!;
    for (const form of [`gc=${name}`, `sc=${name}`, name]) {
      if (knows(form)) return `\\${letter}{${form}}`;
    }
    throw new SyntaxError(`error parsing regexp: invalid character class range: \`\\${letter}{${name}}\``);
  });
}

function knows(property: string): boolean {
  try {
    new RegExp(`\\p{${property}}`, "u");
    return true;
  } catch {
    return false;
  }
}

class Parser {
  private at = 0;

  constructor(private readonly source: string) {}

  parse(): Node {
    return this.either();
  }

  private either(): Node {
    const items = [this.sequence()];
    while (this.source[this.at] === "|") {
      this.at++;
      items.push(this.sequence());
    }
    return items.length === 1 ? items[0]! : { kind: "either", items };
  }

  private sequence(): Node {
    const items: Node[] = [];
    while (this.at < this.source.length && this.source[this.at] !== "|" && this.source[this.at] !== ")") {
      items.push(this.repeated());
    }
    return { kind: "sequence", items };
  }

  private repeated(): Node {
    const item = this.atom();
    const quantifier = /^(?:[*+?]|\{(\d+)(,(\d*))?\})\??/.exec(this.source.slice(this.at));
    if (!quantifier) return item;
    this.at += quantifier[0].length;
    const [text, low, comma, high] = quantifier;
    if (text.startsWith("*")) return { kind: "repeat", item, min: 0, max: Infinity };
    if (text.startsWith("+")) return { kind: "repeat", item, min: 1, max: Infinity };
    if (text.startsWith("?")) return { kind: "repeat", item, min: 0, max: 1 };
    const min = Number(low);
    const max = comma === undefined ? min : high === "" ? Infinity : Number(high);
    if (min > MAX_REPEAT || (max !== Infinity && max > MAX_REPEAT)) {
      throw new SyntaxError(`error parsing regexp: invalid repeat count: \`${text}\``);
    }
    return { kind: "repeat", item, min, max };
  }

  private atom(): Node {
    const { source } = this;
    const char = source[this.at]!;
    if (char === "(") return this.group();
    if (char === "^" || char === "$") {
      this.at++;
      return { kind: "assert", at: char };
    }
    if (char === ".") {
      this.at++;
      return { kind: "read", accepts: (point) => point !== 10 };
    }
    if (char === "[") {
      const end = classEnd(source, this.at);
      const text = source.slice(this.at, end);
      this.at = end;
      return {
        kind: "read",
        accepts: nativeCheck(text.replace(/\\\\|\\S/g, (m) => (m === "\\S" ? RE2_NOT_SPACE : m))),
      };
    }
    if (char === "\\") return this.escape();
    const point = source.codePointAt(this.at)!;
    this.at += point > 0xffff ? 2 : 1;
    return { kind: "read", accepts: (read) => read === point };
  }

  private group(): Node {
    const { source } = this;
    const opener = /^\((?:\?:|\?<(?![=!])[^>]*>)?/.exec(source.slice(this.at))![0];
    if (source[this.at + opener.length] === "?") {
      throw new SyntaxError(
        `error parsing regexp: invalid or unsupported Perl syntax: \`${source.slice(this.at, this.at + 3)}\``,
      );
    }
    this.at += opener.length;
    const inner = this.either();
    this.at++; // the ")" (the runtime checked that every group closes)
    return inner;
  }

  private escape(): Node {
    const { source } = this;
    const next = source[this.at + 1]!;
    if (next === "b" || next === "B") {
      this.at += 2;
      return { kind: "assert", at: next };
    }
    if (/[1-9]|k/.test(next)) {
      throw new SyntaxError(`error parsing regexp: invalid escape sequence: \`\\${next}\``);
    }
    const rest = source.slice(this.at);
    const text =
      /^\\u\{[0-9a-fA-F]+\}|^\\u[dD][89abAB][0-9a-fA-F]{2}\\u[dD][c-fC-F][0-9a-fA-F]{2}|^\\u[0-9a-fA-F]{4}|^\\x[0-9a-fA-F]{2}|^\\c[a-zA-Z]|^\\[pP]\{[^}]*\}/.exec(
        rest,
      )?.[0] ?? rest.slice(0, 2);
    this.at += text.length;
    return { kind: "read", accepts: nativeCheck(text) };
  }
}

// RE2's `\S` inside a class: every code point but its ASCII spaces (tab, newline, form feed, carriage return, space).
const RE2_NOT_SPACE = "\\0-\\x08\\x0B\\x0E-\\x1F\\x21-\\u{10FFFF}";

// The index after the `]` closing the class that opens at `start` (a `u`-mode class nests no class).
function classEnd(source: string, start: number): number {
  let at = start + 1;
  if (source[at] === "^") at++;
  while (source[at] !== "]") at += source[at] === "\\" ? 2 : 1;
  return at + 1;
}

// One code point against a class or escape, by the runtime's RegExp: one character cannot backtrack. ASCII answers are
// kept, since most inputs are mostly ASCII.
function nativeCheck(text: string): (point: number) => boolean {
  const expression = new RegExp(`^${text}$`, "u");
  const ascii = new Int8Array(128);
  return (point) => {
    if (point < 128 && ascii[point] !== 0) return ascii[point] === 1;
    const verdict = expression.test(String.fromCodePoint(point));
    if (point < 128) ascii[point] = verdict ? 1 : 2;
    return verdict;
  };
}

// A counted repetition inside another multiplies the program: RE2 refuses a product above 1000, and so does this.
function checkRepeats(node: Node, product: number, pattern: string): void {
  if (node.kind === "sequence" || node.kind === "either") {
    for (const item of node.items) checkRepeats(item, product, pattern);
  } else if (node.kind === "repeat") {
    const count = node.max === Infinity ? Math.max(node.min, 1) : Math.max(node.max, 1);
    if (product * count > MAX_REPEAT) {
      throw new SyntaxError(`error parsing regexp: invalid repeat count: \`${pattern}\``);
    }
    checkRepeats(node.item, product * count, pattern);
  }
}

function emit(node: Node, program: Instruction[]): void {
  switch (node.kind) {
    case "read":
      program.push({ op: "read", accepts: node.accepts, next: program.length + 1 });
      return;
    case "assert":
      program.push({ op: "assert", at: node.at, next: program.length + 1 });
      return;
    case "sequence":
      for (const item of node.items) emit(item, program);
      return;
    case "either": {
      const exits: { op: "jump"; next: number }[] = [];
      node.items.forEach((item, index) => {
        if (index === node.items.length - 1) return emit(item, program);
        const fork = { op: "fork" as const, next: program.length + 1, other: 0 };
        program.push(fork);
        emit(item, program);
        const exit = { op: "jump" as const, next: 0 };
        exits.push(exit);
        program.push(exit);
        fork.other = program.length;
      });
      for (const exit of exits) exit.next = program.length;
      return;
    }
    case "repeat": {
      for (let i = 0; i < node.min; i++) emit(node.item, program);
      if (node.max === Infinity) {
        const loop = program.length;
        const fork = { op: "fork" as const, next: loop + 1, other: 0 };
        program.push(fork);
        emit(node.item, program);
        program.push({ op: "jump", next: loop });
        fork.other = program.length;
        return;
      }
      const forks: { other: number }[] = [];
      for (let i = node.min; i < node.max; i++) {
        const fork = { op: "fork" as const, next: program.length + 1, other: 0 };
        forks.push(fork);
        program.push(fork);
        emit(node.item, program);
      }
      for (const fork of forks) fork.other = program.length;
      return;
    }
  }
}

const isWord = (point: number): boolean =>
  (point >= 48 && point <= 57) || (point >= 65 && point <= 90) || (point >= 97 && point <= 122) || point === 95;

// The Pike VM: the states alive before each code point, each added once per position; a match anywhere accepts.
function run(program: readonly Instruction[], input: string): boolean {
  const points = Array.from(input, (char) => char.codePointAt(0)!);
  const seen = new Int32Array(program.length).fill(-1);
  const stack: number[] = [];
  let pending: number[] = [];
  for (let position = 0; ; position++) {
    const before = position > 0 ? points[position - 1]! : -1;
    const after = position < points.length ? points[position]! : -1;
    const reading: number[] = [];
    // Every position starts a new attempt too: the pattern matches anywhere unless it anchors itself.
    stack.push(0, ...pending);
    while (stack.length > 0) {
      const at = stack.pop()!;
      if (seen[at] === position) continue;
      seen[at] = position;
      const instruction = program[at]!;
      switch (instruction.op) {
        case "accept":
          return true;
        case "read":
          reading.push(at);
          break;
        case "fork":
          stack.push(instruction.other, instruction.next);
          break;
        case "jump":
          stack.push(instruction.next);
          break;
        case "assert":
          if (holds(instruction.at, before, after)) stack.push(instruction.next);
          break;
      }
    }
    if (after === -1) return false;
    pending = [];
    for (const at of reading) {
      const instruction = program[at] as Extract<Instruction, { op: "read" }>;
      if (instruction.accepts(after)) pending.push(instruction.next);
    }
  }
}

function holds(anchor: Anchor, before: number, after: number): boolean {
  if (anchor === "^") return before === -1;
  if (anchor === "$") return after === -1;
  const boundary = isWord(before) !== isWord(after);
  return anchor === "b" ? boundary : !boundary;
}
