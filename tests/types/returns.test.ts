import { expectTypeOf } from "expect-type";
import { z } from "zod";
import {
  BaseAgent,
  BaseTool,
  type InferArgs,
  type InferReturns,
  type Returned,
  type ToolMethodDecorator,
  ToolRegistry,
  builtinTool,
  p,
  tool,
} from "toolwright";

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

const hit = { url: p.string(), title: p.string() };
const query = { q: p.string() };

describe("returns typing on BaseTool and register", () => {
  it("compiles a BaseTool whose run returns (or resolves to) the type of its returns", async () => {
    class Lookup extends BaseTool<typeof query, typeof hit> {
      constructor() {
        super({ description: "Look up", params: query, returns: hit });
      }
      async run({ q }: InferArgs<typeof query>) {
        return { url: `https://example.com/?q=${q}`, title: q };
      }
    }
    class Count extends BaseTool<typeof query, ReturnType<typeof p.integer>> {
      constructor() {
        super({ description: "Count", params: query, returns: p.integer() });
      }
      run({ q }: InferArgs<typeof query>) {
        return q.length;
      }
    }
    expectTypeOf<ReturnType<Lookup["run"]>>().toExtend<Returned<{ url: string; title: string }>>();
    expect(await new Lookup().run({ q: "x" })).toEqual({ url: "https://example.com/?q=x", title: "x" });
    expect(new Count().run({ q: "abc" })).toBe(3);
  });

  it("rejects a BaseTool whose run returns something else", () => {
    class Wrong extends BaseTool<typeof query, typeof hit> {
      constructor() {
        super({ description: "Wrong", params: query, returns: hit });
      }
      // @ts-expect-error title is missing from run's result
      run({ q }: InferArgs<typeof query>) {
        return { url: q };
      }
    }
    class WrongAsync extends BaseTool<typeof query, ReturnType<typeof p.integer>> {
      constructor() {
        super({ description: "Wrong", params: query, returns: p.integer() });
      }
      // @ts-expect-error run resolves to a string, returns says integer
      async run({ q }: InferArgs<typeof query>) {
        return q;
      }
    }
    expect([Wrong.name, WrongAsync.name]).toEqual(["Wrong", "WrongAsync"]);
  });

  it("rejects BaseTool options whose returns is not the class's type argument", () => {
    class Mismatch extends BaseTool<typeof query, typeof hit> {
      constructor() {
        // @ts-expect-error returns is p.boolean(), the class says hit
        super({ description: "Mismatch", params: query, returns: p.boolean() });
      }
      run() {
        return { url: "u", title: "t" };
      }
    }
    expect(Mismatch.name).toBe("Mismatch");
  });

  it("leaves run's result unchecked without the type argument, as before", () => {
    class Loose extends BaseTool<typeof query> {
      constructor() {
        super({ description: "Loose", params: query, returns: hit });
      }
      run() {
        return 42;
      }
    }
    expect(new Loose().run()).toBe(42);
  });

  it("checks register's handler (direct and as a decorator) against returns", () => {
    const registry = new ToolRegistry();
    registry.register("lookup", ({ q }: { q: string }) => ({ url: q, title: q }), {
      description: "Look up",
      params: query,
      returns: hit,
    });
    registry.register(
      async function count({ q }: { q: string }) {
        return q.length;
      },
      { description: "Count", params: query, returns: p.integer() },
    );
    // @ts-expect-error the handler returns a number, returns says hit
    registry.register("wrong", ({ q }: { q: string }) => q.length, { description: "W", params: query, returns: hit });
    // @ts-expect-error the handler resolves to a string, returns says integer
    registry.register("wrong_async", async ({ q }: { q: string }) => q, {
      description: "W",
      params: query,
      returns: p.integer(),
    });
    const typed = registry.register({ description: "Decorated", params: query, returns: p.integer() });
    typed(function decorated({ q }: { q: string }) {
      return q.length;
    });
    // @ts-expect-error the decorated handler returns a string
    typed(function decoratedWrong({ q }: { q: string }) {
      return q;
    });
    // Without returns any handler compiles.
    registry.register("free", () => new Date().toISOString(), { description: "Free", params: {} });
    expect(registry.has("lookup") && registry.has("count") && registry.has("decorated")).toBe(true);
  });
});
