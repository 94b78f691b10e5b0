import fc from "fast-check";
import { type ExportableTool, PartialArgumentsReader, parsePartialArguments } from "toolwright";

const tool: ExportableTool = {
  name: "write_file",
  description: "Write a file",
  inputSchema: {
    type: "object",
    properties: { path: { type: "string" }, content: { type: "string" }, mode: { type: "integer", maximum: 511 } },
    required: ["path", "content"],
  },
};

/** Feeds `pieces` to one reader and returns the value after each. */
function stream(pieces: readonly string[]): unknown[] {
  const reader = new PartialArgumentsReader(tool);
  return pieces.map((piece) => reader.push(piece).value);
}

/** Every way of cutting `text` in two, read as two pieces: the value after the second equals the whole text's. */
function everyCut(text: string): void {
  const whole = parsePartialArguments(tool, text);
  for (let at = 0; at <= text.length; at++) {
    const reader = new PartialArgumentsReader(tool);
    reader.push(text.slice(0, at));
    const read = reader.push(text.slice(at));
    expect({ at, value: read.value, done: read.done, malformed: read.malformed }).toEqual({
      at,
      value: whole.value,
      done: whole.done,
      malformed: whole.malformed,
    });
  }
}

describe("PartialArgumentsReader across chunk boundaries", () => {
  it("shows a string cut mid-way, and joins it whole", () => {
    expect(stream(['{"content":"Hel', "lo, ", 'world"}'])).toEqual([
      { content: "Hel" },
      { content: "Hello, " },
      { content: "Hello, world" },
    ]);
  });

  it("holds back an escape cut after its backslash or inside \\uXXXX until it is whole", () => {
    expect(stream(['{"content":"a\\', 'nb"}'])).toEqual([{ content: "a" }, { content: "a\nb" }]);
    expect(stream(['{"content":"q\\', '"', 'x"}'])).toEqual([{ content: "q" }, { content: 'q"' }, { content: 'q"x' }]);
    expect(stream(['{"content":"caf\\u0', "0", 'e9!"}'])).toEqual([
      { content: "caf" },
      { content: "caf" },
      { content: "café!" },
    ]);
    // An escaped backslash before a cut is whole: the quote after it ends the string.
    expect(stream(['{"content":"a\\\\', '","path":"p"}'])).toEqual([{ content: "a\\" }, { content: "a\\", path: "p" }]);
  });

  it("joins a surrogate pair cut between its halves, escaped or raw", () => {
    expect(stream(['{"content":"\\ud83d', '\\ude00"}'])).toEqual([{ content: "\ud83d" }, { content: "😀" }]);
    expect(stream(['{"content":"\\ud83d\\ud', 'e00"}'])).toEqual([{ content: "\ud83d" }, { content: "😀" }]);
    const raw = '{"content":"😀"}';
    const at = raw.indexOf("😀") + 1; // between the two UTF-16 code units
    expect(stream([raw.slice(0, at), raw.slice(at)])).toEqual([{ content: "\ud83d" }, { content: "😀" }]);
  });

  it("shows a number or literal split across chunks only once it ends, whole", () => {
    expect(stream(['{"mode":4', "2", "0", ',"a":tr', "ue", "}"])).toEqual([
      {},
      {},
      {},
      { mode: 420 },
      { mode: 420 },
      { mode: 420, a: true },
    ]);
    expect(stream(['{"x":-1.5e', "+3", ',"y":nu', "ll}"])).toEqual([{}, {}, { x: -1500 }, { x: -1500, y: null }]);
  });

  it("splits a key across chunks", () => {
    const reader = new PartialArgumentsReader(tool);
    reader.push('{"pa');
    reader.push('th":"a.txt","con');
    expect(reader.push('tent":"x"}')).toMatchObject({ value: { path: "a.txt", content: "x" }, complete: true });
  });

  it("reads every two-piece cut of escapes, pairs, numbers and literals as the whole text", () => {
    everyCut('{"path":"a\\\\b\\"c\\/d\\u00e9\\ud83d\\ude00\\t","content":"😀 é","mode":-12.5e-1,"ok":false,"n":null}');
  });

  it("reads every cut of a bad escape, a raw control character or a cut-off \\u as the whole text", () => {
    everyCut('{"path":"ab\\x","content":"y"}');
    everyCut('{"path":"ab\\u12"}');
    everyCut('{"path":"a\\u12g4"}');
    everyCut('{"path":"tab\there","content":"line\nbreak"}');
  });

  it("reports an issue of a field once, in the order fields completed", () => {
    const reader = new PartialArgumentsReader(tool);
    reader.push('{"mode":999,');
    const first = reader.read().invalid;
    expect(first.map((issue) => issue.path)).toEqual(["/mode"]);
    const read = reader.push('"path":7,"content":"x"}');
    expect(read.invalid.map((issue) => issue.path)).toEqual(["/mode", "/path"]);
    expect(read.done).toEqual(["mode", "path", "content"]);
    expect(read.pending).toEqual([]);
  });

  it("reads any text in any pieces as it reads the whole (fuzzed)", () => {
    const piece = fc.oneof(
      fc.string({ unit: "binary", maxLength: 8 }),
      fc.constantFrom(
        '"',
        "\\",
        "\\u",
        "\\ud83d",
        "\\ude00",
        "e9",
        "1",
        "-",
        ".",
        "tr",
        "ue",
        ",",
        ":",
        "{",
        "}",
        "[",
        "]",
      ),
    );
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 24 }), (pieces) => {
        const text = pieces.join("");
        const whole = parsePartialArguments(tool, text);
        const reader = new PartialArgumentsReader(tool);
        for (const each of pieces) reader.push(each);
        const read = reader.read();
        expect([read.value, read.done, read.complete, read.malformed]).toEqual([
          whole.value,
          whole.done,
          whole.complete,
          whole.malformed,
        ]);
      }),
      { numRuns: 300, seed: 20261206 },
    );
  });
});
