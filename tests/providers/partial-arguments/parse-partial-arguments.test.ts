import { expectTypeOf } from "expect-type";
import {
  type ExportableTool,
  type InferArgs,
  PartialArgumentsReader,
  type PartialValue,
  p,
  parsePartialArguments,
} from "toolwright";

const params = { path: p.string(), content: p.string(), mode: p.optional(p.integer()) };
const tool: ExportableTool = {
  name: "write_file",
  description: "Write a file",
  inputSchema: {
    type: "object",
    properties: params, // descriptors are JSON Schema objects
    required: ["path", "content"],
  },
};

describe("parsePartialArguments", () => {
  it("shows the string being written cut where the text ends, and lists the complete fields", () => {
    expect(parsePartialArguments(tool, '{"path":"a.txt","content":"Hello, wor')).toEqual({
      value: { path: "a.txt", content: "Hello, wor" },
      complete: false,
      done: ["path"],
      pending: ["content"],
      invalid: [],
      malformed: false,
    });
  });

  it("leaves out a number, literal or escape sequence until it ends", () => {
    expect(parsePartialArguments(tool, '{"mode":64').value).toEqual({});
    expect(parsePartialArguments(tool, '{"mode":644,').value).toEqual({ mode: 644 });
    expect(parsePartialArguments(tool, '{"a":tru').value).toEqual({});
    expect(parsePartialArguments(tool, '{"a":true,"b":nul').value).toEqual({ a: true });
    expect(parsePartialArguments(tool, '{"content":"caf\\u00').value).toEqual({ content: "caf" });
    expect(parsePartialArguments(tool, '{"content":"caf\\u00e9\\').value).toEqual({ content: "café" });
    expect(parsePartialArguments(tool, '{"content":"line\\nnext"').value).toEqual({ content: "line\nnext" });
  });

  it("leaves out a key until its value starts, and shows nested containers as far as they go", () => {
    expect(parsePartialArguments(tool, '{"pa').value).toEqual({});
    expect(parsePartialArguments(tool, '{"path":').value).toEqual({});
    expect(parsePartialArguments(tool, '{"list":[1,{"b":"x"},[').value).toEqual({ list: [1, { b: "x" }, []] });
  });

  it("is complete for the whole text, and equals JSON.parse's value", () => {
    const text = '{"path":"a.txt","content":"hi","mode":420}';
    const read = parsePartialArguments(tool, text);
    expect(read).toEqual({
      value: JSON.parse(text),
      complete: true,
      done: ["path", "content", "mode"],
      pending: [],
      invalid: [],
      malformed: false,
    });
  });

  it("reports what is already wrong with a complete field, and nothing for a field still being written", () => {
    const forecast: ExportableTool = {
      name: "forecast",
      description: "Get the forecast",
      inputSchema: {
        type: "object",
        properties: { days: { type: "integer", maximum: 7 }, city: { type: "string", minLength: 2 } },
        required: ["city", "days"],
      },
    };
    expect(parsePartialArguments(forecast, '{"city":"L').invalid).toEqual([]);
    const read = parsePartialArguments(forecast, '{"days":9,"city":"L');
    expect(read.invalid.map((issue) => [issue.path, issue.keyword])).toEqual([["/days", "maximum"]]);
    expect(parsePartialArguments(forecast, '{"days":3,"city":"L"').invalid.map((i) => i.path)).toEqual(["/city"]);
  });

  it("reports no field issues where the schema judges the arguments only as a whole", () => {
    const either: ExportableTool = {
      name: "either",
      description: "One or the other",
      inputSchema: {
        type: "object",
        anyOf: [{ properties: { a: { type: "string" } } }, { properties: { a: { type: "number" } } }],
      },
    };
    expect(parsePartialArguments(either, '{"a":true,').invalid).toEqual([]);
  });

  it("stops at text that cannot be JSON and never throws", () => {
    const read = parsePartialArguments(tool, '{"path":"a" "x"}');
    expect(read.malformed).toBe(true);
    expect(read.value).toEqual({ path: "a" });
    expect(parsePartialArguments(tool, "").value).toBeUndefined();
    expect(parsePartialArguments(tool, "nope").malformed).toBe(true);
  });

  it("keeps __proto__ an own field, never the object's prototype", () => {
    const read = parsePartialArguments(tool, '{"__proto__":{"polluted":true},"x":"');
    expect(Object.getPrototypeOf(read.value)).toBe(Object.prototype);
    expect(Object.hasOwn(read.value as object, "__proto__")).toBe(true);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it("types the value by the tool's input when checked by tsc", () => {
    const read = parsePartialArguments<InferArgs<typeof params>>(tool, "{");
    expectTypeOf(read.value).toEqualTypeOf<
      PartialValue<{ path: string; content: string; mode?: number }> | undefined
    >();
    expectTypeOf(read.value!.path).toEqualTypeOf<string | undefined>();
  });
});

describe("PartialArgumentsReader", () => {
  it("reads deltas one at a time to the same value as the whole text", () => {
    const reader = new PartialArgumentsReader(tool);
    const steps = ['{"pa', 'th":"a', '.txt","con', 'tent":"x\\', 'ty"}'].map((delta) => reader.push(delta).value);
    expect(steps).toEqual([
      {},
      { path: "a" },
      { path: "a.txt" },
      { path: "a.txt", content: "x" },
      { path: "a.txt", content: "x\ty" },
    ]);
    expect(reader.read().complete).toBe(true);
  });
});
