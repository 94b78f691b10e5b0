// The worker and browser build has no JavaScript parser (src/reflect/load-parser-web.ts replaces load-parser.cts, so
// acorn stays out of a Worker's bundle): simple parameter lists read as on Node, the others are reported unreadable,
// and `positional` names still define a @builtinTool.
jest.mock("../../src/reflect/load-parser.cts", () => jest.requireActual("../../src/reflect/load-parser-web.ts"));

import { BaseAgent, ToolDefinitionError, ToolRegistry, builtinTool, p } from "toolwright";
import { readParameters } from "../../src/reflect/parameters.js";

describe("reading parameters without a parser (the worker and browser build)", () => {
  it("reads a method's plain names and literal defaults, as on Node", () => {
    class Files {
      copy(from: string, to = "b", depth = 2) {
        return [from, to, depth];
      }
    }
    const read = readParameters(Files.prototype.copy);
    expect(read).toEqual({
      ok: true,
      parameters: [
        { name: "from", rest: false, hasDefault: false },
        { name: "to", rest: false, hasDefault: true, defaultValue: { value: "b" }, defaultSource: '"b"' },
        { name: "depth", rest: false, hasDefault: true, defaultValue: { value: 2 }, defaultSource: "2" },
      ],
    });
  });

  it("reports a list only a parser reads as unreadable, saying why, instead of failing", () => {
    class Picker {
      pick({ a }: { a: number }, b = a * 2) {
        return [a, b];
      }
    }
    const read = readParameters(Picker.prototype.pick);
    expect(read).toEqual({
      ok: false,
      reason: expect.stringMatching(/worker and browser build reads only parameter lists of plain names/) as string,
    });
  });

  it("asks a @builtinTool with such a list for positional names, and runs it with them", async () => {
    const define = () => {
      class Files extends BaseAgent {
        @builtinTool({ description: "Scale", params: { a: p.number(), b: p.number() } })
        scale(a: number, b = a * 2) {
          return a * b;
        }
      }
      return new Files({ registry: new ToolRegistry() });
    };
    expect(define).toThrow(ToolDefinitionError);
    expect(define).toThrow(/Pass `positional: \[names in order\]`/);

    class Named extends BaseAgent {
      @builtinTool({ description: "Scale", params: { a: p.number(), b: p.number() }, positional: ["a", "b"] })
      scale(a: number, b = a * 2) {
        return a * b;
      }
    }
    expect((await new Named({ registry: new ToolRegistry() }).callTool("scale", { a: 3, b: 4 })).content).toBe(12);
  });
});
