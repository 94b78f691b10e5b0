// One container being read: where it sits in its parent (a key or an index) and what it expects next.
interface Frame {
  readonly value: Record<string, unknown> | unknown[];
  readonly slot: string | number | undefined;
  expect: "key" | "colon" | "value" | "comma";
  // The key whose value comes next (objects only).
  key: string | undefined;
}

// A scalar being read: a string (a key or a value), or the text of a number or a literal.
type Scalar =
  | { kind: "string"; text: string; isKey: boolean; escape: string | undefined }
  | { kind: "number"; text: string }
  | { kind: "literal"; text: string };

const NUMBER = /^-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?$/;
const LITERALS: Record<string, unknown> = { true: true, false: false, null: null };
const ESCAPES: Record<string, string> = { '"': '"', "\\": "\\", "/": "/", b: "\b", f: "\f", n: "\n", r: "\r", t: "\t" };

/**
 * Reads JSON text as it arrives, one piece at a time, never throwing: each character is read once, and
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
      if (scalar?.kind === "string") i = this.#readString(scalar, text, i);
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
        : { ...frame.value };
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

  /** The keys of the top-level object whose values are complete. */
  doneKeys(): string[] {
    const root = this.#stack[0]?.value ?? this.#root;
    if (root === null || typeof root !== "object" || Array.isArray(root)) return [];
    const keys = Object.keys(root);
    const openChild = this.#stack.length > 1 ? this.#stack[1]!.slot : undefined;
    return openChild === undefined ? keys : keys.filter((key) => key !== openChild);
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
        if (c === '"') this.#scalar = { kind: "string", text: "", isKey: true, escape: undefined };
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
      this.#assign(value);
      this.#stack.push({ value, slot, expect: c === "{" ? "key" : "value", key: undefined });
    } else if (c === '"') this.#scalar = { kind: "string", text: "", isKey: false, escape: undefined };
    else if (c === "-" || (c >= "0" && c <= "9")) {
      this.#scalar = { kind: "number", text: "" };
      return i;
    } else if (c === "t" || c === "f" || c === "n") {
      this.#scalar = { kind: "literal", text: "" };
      return i;
    } else return this.#fail(i);
    return i + 1;
  }

  #readString(scalar: Scalar & { kind: "string" }, text: string, i: number): number {
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
    this.#scalar = undefined;
    if (scalar.isKey) {
      const frame = this.#stack.at(-1)!;
      frame.key = scalar.text;
      frame.expect = "colon";
    } else this.#assign(scalar.text);
    return j + 1;
  }

  // A number or literal: read up to the first character that cannot be part of it, then check the whole word.
  #readWord(scalar: Scalar & { kind: "number" | "literal" }, text: string, i: number): number {
    const n = text.length;
    let j = i;
    const part = scalar.kind === "number" ? /[0-9+\-.eE]/ : /[a-z]/;
    while (j < n && part.test(text[j]!)) j++;
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
  #assign(value: unknown): void {
    const frame = this.#stack.at(-1);
    if (frame === undefined) {
      this.#root = value;
      this.#rootSet = true;
      return;
    }
    if (Array.isArray(frame.value)) frame.value.push(value);
    else setSlot(frame.value, frame.key!, value);
    frame.expect = "comma";
  }

  #close(): void {
    this.#stack.pop();
  }

  #fail(i: number): number {
    this.#malformed = true;
    return i;
  }
}

// An own data property, even for "__proto__", so a key the model sends cannot reach an object's prototype.
function setSlot(target: Record<string, unknown> | unknown[], slot: string | number, value: unknown): void {
  Object.defineProperty(target, slot, { value, enumerable: true, writable: true, configurable: true });
}
