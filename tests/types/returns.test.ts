import { expectTypeOf } from "expect-type";
import { z } from "zod";
import { BaseAgent, type InferReturns, p, builtinTool, tool } from "toolwright";
import type { ToolMethodDecorator } from "../../src/decorators/tool.js";

const forecastReturns = { celsius: p.number(), summary: p.string().optional() };

describe("returns typing", () => {
  it("infers the result type of a shape, a descriptor, a Standard Schema, and unknown for a raw schema", () => {
    expectTypeOf<InferReturns<typeof forecastReturns>>().toEqualTypeOf<{ celsius: number; summary?: string }>();
    expectTypeOf<InferReturns<ReturnType<typeof p.array<ReturnType<typeof p.string>>>>>().toEqualTypeOf<string[]>();
    const _point = z.object({ x: z.number() });
    expectTypeOf<InferReturns<typeof _point>>().toEqualTypeOf<{ x: number }>();
    expectTypeOf<InferReturns<{ type: "string" }>>().toEqualTypeOf<unknown>();
    expectTypeOf<InferReturns<undefined>>().toEqualTypeOf<unknown>();
  });

  it("types the decorator with the result when given returns, and leaves it unknown without", () => {
    expectTypeOf(tool({ description: "F", params: { city: p.string() }, returns: forecastReturns })).toEqualTypeOf<
      ToolMethodDecorator<{ city: string }, { celsius: number; summary?: string }>
    >();
    expectTypeOf(tool({ description: "F", params: { city: p.string() } })).toEqualTypeOf<
      ToolMethodDecorator<{ city: string }, unknown>
    >();
  });

  it("compiles methods whose return type matches returns, sync or async", () => {
    class Weather extends BaseAgent {
      @tool({ description: "Forecast", params: { city: p.string() }, returns: forecastReturns })
      async forecast({ city }: { city: string }) {
        return { celsius: city.length };
      }

      @tool({ description: "Names", returns: p.array(p.string()) })
      names() {
        return ["Oslo"];
      }

      @builtinTool({ description: "Count", params: { text: p.string() }, returns: p.integer() })
      count(text: string) {
        return text.length;
      }

      @tool({ description: "Point", returns: z.object({ x: z.number() }) })
      point() {
        return Promise.resolve({ x: 1 });
      }

      @tool({ description: "Raw", returns: { type: "string" } })
      raw() {
        return 42; // a raw JSON Schema has no static type: only the runtime check (with the wiring) sees this
      }
    }
    expect(new Weather().names()).toEqual(["Oslo"]);
  });
});

describe("methods whose result does not compile", () => {
  it("rejects a @tool method that returns the wrong type for a key", () => {
    class Weather extends BaseAgent {
      // @ts-expect-error celsius is a number in returns, not a string
      @tool({ description: "Forecast", params: { city: p.string() }, returns: forecastReturns })
      forecast({ city }: { city: string }) {
        return { celsius: city };
      }
    }
    expect(typeof new Weather().forecast).toBe("function");
  });

  it("rejects an async @tool method that resolves to something else", () => {
    class Lister extends BaseAgent {
      // @ts-expect-error the method resolves to a number, returns says string[]
      @tool({ description: "Names", returns: p.array(p.string()) })
      async names() {
        return 3;
      }
    }
    expect(typeof new Lister().names).toBe("function");
  });

  it("rejects a @builtinTool method and a Standard Schema tool whose results disagree", () => {
    class Counter extends BaseAgent {
      // @ts-expect-error returns says integer, the method returns a string
      @builtinTool({ description: "Count", params: { text: p.string() }, returns: p.integer() })
      count(text: string) {
        return text;
      }

      // @ts-expect-error the zod schema needs x
      @tool({ description: "Point", params: z.object({ a: z.string() }), returns: z.object({ x: z.number() }) })
      point(_args: { a: string }) {
        return { y: 1 };
      }
    }
    expect(typeof new Counter().count).toBe("function");
  });
});
