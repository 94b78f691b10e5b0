// One container being read: where it sits in its parent (a key or an index) and what it expects next.
interface Frame {
  readonly value: Record<string, unknown> | unknown[];
  readonly slot: string | number | undefined;
  expect: "key" | "colon" | "value" | "comma";
  // The key whose value comes next (objects only).
  key: string | undefined;
  // True once the object has a "__proto__" key, which only a copy by spread (defining, not assigning) keeps own.
  proto?: boolean;
}

// A scalar being read: a string (a key or a value), or the text of a number or a literal. A string is read a piece at
// a time by JSON.parse (`text` decoded so far, `pending` an escape sequence cut by the end of the text); a string in
// which JSON.parse finds fault goes `slow`, read a character at a time from that piece on, to stop at the exact fault.
type Scalar =
  | { kind: "string"; text: string; isKey: boolean; pending: string; slow: boolean; escape: string | undefined }
  | { kind: "number"; text: string }
  | { kind: "literal"; text: string };

type StringScalar = Scalar & { kind: "string" };

const NUMBER = /^-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?$/;
const BACKSLASH = 92;
const LITERALS: Record<string, unknown> = { true: true, false: false, null: null };
const ESCAPES: Record<string, string> = { '"': '"', "\\": "\\", "/": "/", b: "\b", f: "\f", n: "\n", r: "\r", t: "\t" };

/**
 * Reads JSON text as it arrives, one piece at a time, never throwing: each piece is read once (the characters of a
 * string by JSON.parse, natively, a piece at a time), and
 * {@link snapshot} returns the value so far, in which every complete value is as it will be, the string being written
 * is cut where the text ends (an escape sequence cut in half is left out until it is whole), and a number or literal
 * appears only once it ends (`12` of `123` would be a wrong number). Text that cannot start JSON stops the reading
 * there (`malformed`). Complete containers are shared between snapshots, open ones are copied, so a snapshot is never
 * changed by a later push.
 */
export class PartialJsonReader {
  #root: unknown = undefined;
  #rootSet = false;
  readonly #stack: Frame[] = [];
  #scalar: Scalar | undefined = undefined;
  #malformed = false;
  // The top-level object's complete keys, kept as values complete rather than found again on every read.
  readonly #done: string[] = [];
  readonly #doneSet = new Set<string>();
  #doneView: readonly string[] = [];

  /** True once the text read is one whole JSON value. */
  get complete(): boolean {
    return this.#rootSet && this.#stack.length === 0 && this.#scalar === undefined && !this.#malformed;
  }

  /** True when the text read cannot be the start of a JSON value; nothing after that point was read. */
  get malformed(): boolean {
    return this.#malformed;
  }

  /** Reads the next piece of the text. */
  push(text: string): void {
    let i = 0;
    const n = text.length;
    while (i < n && !this.#malformed) {
      const scalar = this.#scalar;
      if (scalar?.kind === "string")
        i = scalar.slow ? this.#readStringSlowly(scalar, text, i) : this.#readString(scalar, text, i);
      else if (scalar !== undefined) i = this.#readWord(scalar, text, i);
      else i = this.#readStructure(text, i);
    }
  }

  /** Returns the value read so far (`undefined` before any), as described on the class. */
  snapshot(): unknown {
    const scalar = this.#scalar;
    const open = scalar?.kind === "string" && !scalar.isKey ? scalar.text : undefined;
    if (this.#stack.length === 0) return this.#rootSet ? this.#root : open;
    let child: unknown = undefined;
    let childSlot: string | number | undefined;
    for (let depth = this.#stack.length - 1; depth >= 0; depth--) {
      const frame = this.#stack[depth]!;
      const copy: Record<string, unknown> | unknown[] = Array.isArray(frame.value)
        ? frame.value.slice()
        : frame.proto === true
          ? { ...frame.value }
          : // Assigning copies a plain object much faster than a spread in V8.
            Object.assign({}, frame.value);
      if (depth === this.#stack.length - 1) {
        if (open !== undefined) setSlot(copy, Array.isArray(copy) ? copy.length : frame.key!, open);
      } else {
        setSlot(copy, childSlot!, child);
      }
      child = copy;
      childSlot = frame.slot;
    }
    return child;
  }

  /**
   * The keys of the top-level object whose values are complete, in the order they first arrived. The same array is
   * returned until a key completes (never changed afterwards), so a caller can tell "nothing new" by identity.
   */
  doneKeys(): readonly string[] {
    if (this.#doneView.length !== this.#done.length) this.#doneView = Object.freeze(this.#done.slice());
    // A key sent twice, its second value a container still open, is not complete (rare: a full filter is fine).
    const openChild = this.#stack.length > 1 ? this.#stack[1]!.slot : undefined;
    if (typeof openChild === "string" && this.#doneSet.has(openChild)) {
      return this.#doneView.filter((key) => key !== openChild);
    }
    return this.#doneView;
  }

  #readStructure(text: string, i: number): number {
    const c = text[i]!;
    if (c === " " || c === "\n" || c === "\r" || c === "\t") return i + 1;
    const frame = this.#stack.at(-1);
    if (frame === undefined) {
      if (this.#rootSet) return this.#fail(i);
      return this.#startValue(c, i);
    }
    switch (frame.expect) {
      case "key":
        if (c === '"') this.#scalar = newString(true);
        else if (c === "}" && Object.keys(frame.value).length === 0) this.#close();
        else return this.#fail(i);
        return i + 1;
      case "colon":
        if (c !== ":") return this.#fail(i);
        frame.expect = "value";
        return i + 1;
      case "comma":
        if (c === ",") frame.expect = Array.isArray(frame.value) ? "value" : "key";
        else if (c === (Array.isArray(frame.value) ? "]" : "}")) this.#close();
        else return this.#fail(i);
        return i + 1;
      default:
        if (c === "]" && Array.isArray(frame.value) && frame.value.length === 0) {
          this.#close();
          return i + 1;
        }
        return this.#startValue(c, i);
    }
  }

  #startValue(c: string, i: number): number {
    if (c === "{" || c === "[") {
      const value = c === "{" ? {} : [];
      const parent = this.#stack.at(-1);
      const slot = parent === undefined ? undefined : Array.isArray(parent.value) ? parent.value.length : parent.key;
      this.#assign(value, true);
      this.#stack.push({ value, slot, expect: c === "{" ? "key" : "value", key: undefined });
    } else if (c === '"') this.#scalar = newString(false);
    else if (c === "-" || (c >= "0" && c <= "9")) {
      this.#scalar = { kind: "number", text: "" };
      return i;
    } else if (c === "t" || c === "f" || c === "n") {
      this.#scalar = { kind: "literal", text: "" };
      return i;
    } else return this.#fail(i);
    return i + 1;
  }

  // A piece of a string: up to its closing quote (one not escaped) or the end of the text, decoded by JSON.parse, but
  // for an escape sequence cut by the end of the text, kept `pending` until the next piece completes it. A piece
  // JSON.parse refuses (a bad escape, a raw control character) is read again a character at a time, which accepts a raw
  // control character as before and stops exactly at a bad escape.
  #readString(scalar: StringScalar, text: string, i: number): number {
    const n = text.length;
    let end = -1;
    for (let from = i; ;) {
      const quote = text.indexOf('"', from);
      if (quote === -1) break;
      let run = 0;
      while (quote - run > i && text.charCodeAt(quote - run - 1) === BACKSLASH) run++;
      // A lone `\` pending from the last piece escapes a quote that opens this one.
      if (quote - run === i && scalar.pending === "\\") run++;
      if (run % 2 === 0) {
        end = quote;
        break;
      }
      from = quote + 1;
    }
    const raw = scalar.pending + text.slice(i, end === -1 ? n : end);
    const cut = end === -1 ? completeEscapes(raw) : raw.length;
    const decoded = cut === 0 ? "" : decodeString(raw.slice(0, cut));
    if (decoded === undefined) return this.#goSlow(scalar, i);
    if (decoded.length > 0) scalar.text += decoded;
    scalar.pending = cut === raw.length ? "" : raw.slice(cut);
    if (end === -1) return n;
    this.#endString(scalar);
    return end + 1;
  }

  // Reads the string a character at a time from where this piece began (its pending escape first).
  #goSlow(scalar: StringScalar, i: number): number {
    const pending = scalar.pending;
    scalar.slow = true;
    scalar.pending = "";
    // A pending escape is cut short, so reading it neither ends the string nor fails.
    for (let j = 0; j < pending.length;) j = this.#readStringSlowly(scalar, pending, j);
    return i;
  }

  #endString(scalar: StringScalar): void {
    this.#scalar = undefined;
    if (scalar.isKey) {
      const frame = this.#stack.at(-1)!;
      frame.key = scalar.text;
      frame.expect = "colon";
    } else this.#assign(scalar.text);
  }

  #readStringSlowly(scalar: StringScalar, text: string, i: number): number {
    const n = text.length;
    if (scalar.escape !== undefined) {
      // Inside an escape: `\` was read, and perhaps some of `uXXXX`.
      while (i < n) {
        const escape: string = (scalar.escape += text[i++]);
        if (escape[0] !== "u") {
          const decoded = ESCAPES[escape];
          if (decoded === undefined) return this.#fail(i - 1);
          scalar.text += decoded;
          scalar.escape = undefined;
          return i;
        }
        if (escape.length === 5) {
          if (!/^u[0-9a-fA-F]{4}$/.test(escape)) return this.#fail(i - 1);
          scalar.text += String.fromCharCode(parseInt(escape.slice(1), 16));
          scalar.escape = undefined;
          return i;
        }
      }
      return i;
    }
    let j = i;
    while (j < n) {
      const code = text.charCodeAt(j);
      if (code === 34 || code === 92) break;
      j++;
    }
    if (j > i) scalar.text += text.slice(i, j);
    if (j === n) return n;
    if (text.charCodeAt(j) === 92) {
      scalar.escape = "";
      return j + 1;
    }
    this.#endString(scalar);
    return j + 1;
  }

  // A number or literal: read up to the first character that cannot be part of it, then check the whole word.
  #readWord(scalar: Scalar & { kind: "number" | "literal" }, text: string, i: number): number {
    const n = text.length;
    let j = i;
    const part = scalar.kind === "number" ? isNumberPart : isLetter;
    while (j < n && part(text.charCodeAt(j))) j++;
    scalar.text += text.slice(i, j);
    if (scalar.kind === "literal" && !["true", "false", "null"].some((word) => word.startsWith(scalar.text))) {
      return this.#fail(i);
    }
    if (j === n) return n;
    this.#scalar = undefined;
    if (scalar.kind === "number") {
      if (!NUMBER.test(scalar.text)) return this.#fail(i);
      this.#assign(Number(scalar.text));
    } else {
      if (!Object.hasOwn(LITERALS, scalar.text)) return this.#fail(i);
      this.#assign(LITERALS[scalar.text]);
    }
    return j;
  }

  // Puts a value where the innermost open container expects it (or makes it the root), and moves on to what follows.
  // An `opening` container is complete only once closed.
  #assign(value: unknown, opening = false): void {
    const frame = this.#stack.at(-1);
    if (frame === undefined) {
      this.#root = value;
      this.#rootSet = true;
      return;
    }
    if (Array.isArray(frame.value)) frame.value.push(value);
    else {
      setSlot(frame.value, frame.key!, value);
      if (frame.key === "__proto__") frame.proto = true;
      if (!opening && this.#stack.length === 1) this.#markDone(frame.key!);
    }
    frame.expect = "comma";
  }

  #close(): void {
    const closed = this.#stack.pop()!;
    const root = this.#stack[0];
    if (this.#stack.length === 1 && !Array.isArray(root!.value)) this.#markDone(closed.slot as string);
  }

  #markDone(key: string): void {
    if (this.#doneSet.has(key)) return;
    this.#doneSet.add(key);
    this.#done.push(key);
  }

  #fail(i: number): number {
    this.#malformed = true;
    return i;
  }
}

function newString(isKey: boolean): StringScalar {
  return { kind: "string", text: "", isKey, pending: "", slow: false, escape: undefined };
}

// The length of `raw` (a piece of a string's text, starting where no escape sequence is open) without an escape
// sequence the piece's end cuts short: `\` alone, or `\u` with fewer than four digits.
function completeEscapes(raw: string): number {
  const length = raw.length;
  const last = raw.lastIndexOf("\\");
  if (last === -1 || last < length - 6) return length;
  let run = last;
  while (run > 0 && raw.charCodeAt(run - 1) === BACKSLASH) run--;
  // An odd place in a run of backslashes is the second of a `\\` escape, which is whole.
  if ((last - run) % 2 === 1) return length;
  if (last === length - 1 || (raw.charCodeAt(last + 1) === 117 /* u */ && length - last < 6)) return last;
  return length;
}

// The value of a piece of a string's text, or undefined where JSON would refuse it.
function decodeString(raw: string): string | undefined {
  try {
    return JSON.parse(`"${raw}"`) as string;
  } catch {
    return undefined;
  }
}

const isNumberPart = (code: number) =>
  (code >= 48 && code <= 57) || code === 43 || code === 45 || code === 46 || code === 69 || code === 101;
const isLetter = (code: number) => code >= 97 && code <= 122;

// An own data property, even for "__proto__", so a key the model sends cannot reach an object's prototype. Any other
// key assigned to a plain object or an array is an own data property already, and assigning keeps the object fast
// (defining every property would have cost each snapshot's copy more than its reading).
function setSlot(target: Record<string, unknown> | unknown[], slot: string | number, value: unknown): void {
  if (slot === "__proto__") {
    Object.defineProperty(target, slot, { value, enumerable: true, writable: true, configurable: true });
  } else (target as Record<string | number, unknown>)[slot] = value;
}
