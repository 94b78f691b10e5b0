import { expectTypeOf } from "expect-type";
import { z } from "zod";
import { BaseAgent, type InferArgs, type ToolMethodDecorator, ToolRegistry, p, tool } from "toolwright";

const searchParams = { pattern: p.string("Glob pattern"), maxResults: p.integer({ minimum: 1 }).default(10) };

describe("@tool typing", () => {
  it("types the decorator with the shape's arguments when given a descriptor shape", () => {
    expectTypeOf(tool({ description: "Search", params: searchParams })).toEqualTypeOf<
      ToolMethodDecorator<{ pattern: string; maxResults: number }>
    >();
    expectTypeOf<InferArgs<typeof searchParams>>().toEqualTypeOf<{ pattern: string; maxResults: number }>();
  });

  it("compiles when the method's parameter type matches the shape exactly", () => {
    class Files extends BaseAgent {
      @tool({ description: "Search", params: searchParams })
      async search({ pattern, maxResults }: { pattern: string; maxResults: number }) {
        return `${pattern}:${maxResults}`;
      }

      @tool({ description: "Forecast", params: { city: p.string(), unit: p.enum(["c", "f"]).optional() } })
      forecast(args: { city: string; unit?: "c" | "f" }) {
        return args.unit ?? "c";
      }
    }
    expect(new Files({ registry: new ToolRegistry() }).forecast({ city: "Oslo" })).toBe("c");
  });

  it("compiles when the method accepts a wider type than the shape gives", () => {
    class Wide extends BaseAgent {
      // Fewer keys, optional instead of defaulted, string instead of an enum, number | null instead of number:
      // every arguments object the shape allows is still a valid argument.
      @tool({
        description: "Wide",
        params: { a: p.string(), b: p.integer().default(1), c: p.enum(["x", "y"]), d: p.number() },
      })
      run(args: { b?: number; c: string; d: number | null }) {
        return args.c;
      }

      @tool({ description: "No arguments read", params: { a: p.string() } })
      ping() {
        return "pong";
      }
    }
    expect(new Wide({ registry: new ToolRegistry() }).ping()).toBe("pong");
  });

  it("infers the method's argument from nested, nullable, record and union keys when the shape has them", () => {
    class Orders extends BaseAgent {
      @tool({
        description: "Place an order",
        params: {
          lines: p.array(p.object({ sku: p.string(), qty: p.integer().default(1) }), { minItems: 1 }),
          note: p.nullable(p.string()),
          meta: p.record(p.union([p.string(), p.number()])).optional(),
          channel: p.literal("web"),
        },
      })
      place(args: {
        lines: { sku: string; qty: number }[];
        note: string | null;
        meta?: Record<string, string | number>;
        channel: "web";
      }) {
        return args.lines.length;
      }
    }
    expect(new Orders({ registry: new ToolRegistry() }).place({ lines: [], note: null, channel: "web" })).toBe(0);
  });

  it("types the method's argument as the schema output when given a Standard Schema", () => {
    const params = z.object({ city: z.string(), days: z.number().int().default(3) });
    expectTypeOf(tool({ description: "Forecast", params })).toEqualTypeOf<
      ToolMethodDecorator<{ city: string; days: number }>
    >();
    class Weather extends BaseAgent {
      @tool({ description: "Forecast", params })
      forecast({ city, days }: { city: string; days: number }) {
        return `${city}:${days}`;
      }
    }
    expect(new Weather({ registry: new ToolRegistry() }).forecast({ city: "Oslo", days: 2 })).toBe("Oslo:2");
  });
});

describe("@tool methods that do not compile", () => {
  it("rejects a method when a key's type disagrees with the shape", () => {
    class Files extends BaseAgent {
      // @ts-expect-error maxResults is a number in the shape, not a string
      @tool({ description: "Search", params: searchParams })
      search(args: { pattern: string; maxResults: string }) {
        return args.pattern;
      }
    }
    expect(typeof new Files({ registry: new ToolRegistry() }).search).toBe("function");
  });

  it("rejects a method when it requires a key the shape marks optional", () => {
    class Weather extends BaseAgent {
      // @ts-expect-error unit may be absent, so the method cannot require it
      @tool({ description: "Forecast", params: { city: p.string(), unit: p.enum(["c", "f"]).optional() } })
      forecast(args: { city: string; unit: "c" | "f" }) {
        return args.unit;
      }
    }
    expect(typeof new Weather({ registry: new ToolRegistry() }).forecast).toBe("function");
  });

  it("rejects a method when it requires a key the shape does not have", () => {
    class Files extends BaseAgent {
      // @ts-expect-error recursive is not a parameter of the tool
      @tool({ description: "Search", params: searchParams })
      search(args: { pattern: string; recursive: boolean }) {
        return args.recursive;
      }
    }
    expect(typeof new Files({ registry: new ToolRegistry() }).search).toBe("function");
  });

  it("rejects a method when it accepts fewer enum values than the shape allows", () => {
    class Weather extends BaseAgent {
      // @ts-expect-error the model may send "f", which the method does not accept
      @tool({ description: "Forecast", params: { unit: p.enum(["c", "f"]) } })
      forecast(args: { unit: "c" }) {
        return args.unit;
      }
    }
    expect(typeof new Weather({ registry: new ToolRegistry() }).forecast).toBe("function");
  });

  it("rejects a method when it ignores that a key is nullable", () => {
    class People extends BaseAgent {
      // @ts-expect-error middle may be null
      @tool({ description: "Greet", params: { middle: p.nullable(p.string()) } })
      greet(args: { middle: string }) {
        return args.middle;
      }
    }
    expect(typeof new People({ registry: new ToolRegistry() }).greet).toBe("function");
  });

  it("rejects a method when a nested object's key disagrees", () => {
    class Orders extends BaseAgent {
      // @ts-expect-error qty is a number in the nested shape
      @tool({ description: "Order", params: { lines: p.array(p.object({ qty: p.integer() })) } })
      place(args: { lines: { qty: string }[] }) {
        return args.lines;
      }
    }
    expect(typeof new Orders({ registry: new ToolRegistry() }).place).toBe("function");
  });

  it("rejects a method when it takes positional parameters instead of one arguments object", () => {
    class Files extends BaseAgent {
      // @ts-expect-error @tool passes one object; positional parameters need @builtinTool
      @tool({ description: "Search", params: searchParams })
      search(pattern: string, maxResults: number) {
        return `${pattern}:${maxResults}`;
      }
    }
    expect(typeof new Files({ registry: new ToolRegistry() }).search).toBe("function");
  });

  it("rejects a method when its argument disagrees with a Standard Schema's output", () => {
    class Weather extends BaseAgent {
      // @ts-expect-error days is a number in the zod schema
      @tool({ description: "Forecast", params: z.object({ days: z.number() }) })
      forecast(args: { days: string }) {
        return args.days;
      }
    }
    expect(typeof new Weather({ registry: new ToolRegistry() }).forecast).toBe("function");
  });

  it("rejects options without a description", () => {
    // @ts-expect-error description is required
    expect(() => tool({ params: searchParams })).not.toThrow();
  });
});

describe("@tool with a p.object() as params", () => {
  it("types the method from the object's shape", () => {
    const address = p.object({ street: p.string(), zip: p.string().optional() });
    class Mail extends BaseAgent {
      @tool({ description: "Send", params: address })
      send({ street, zip }: { street: string; zip?: string }) {
        return `${street} ${zip ?? ""}`;
      }
    }
    class BadMail extends BaseAgent {
      // @ts-expect-error street is a string, not a number
      @tool({ description: "Send", params: address })
      send({ street }: { street: number }) {
        return street;
      }
    }
    expect(new Mail({ registry: new ToolRegistry() }).toolSpecs()[0]?.inputSchema.required).toEqual(["street"]);
    void BadMail; // the assertion is the @ts-expect-error above, checked by the type checker
  });
});
