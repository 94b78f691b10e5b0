import { BaseTool, ErrorCode, ToolRegistry, p } from "toolwright";

describe("returns on register and BaseTool", () => {
  it("lists register's output schema and fails a value that breaks it", async () => {
    const registry = new ToolRegistry();
    // Typed as returns says: a handler returning unknown would not compile. The bad value below gets past the types
    // the way one from an untyped source (JSON, a cast) does at run time.
    let answer: { n: number } = { n: 1 };
    registry.register("count", () => answer, { description: "Count", params: {}, returns: { n: p.integer() } });
    expect(registry.specs().find((spec) => spec.name === "count")?.outputSchema).toMatchObject({ type: "object" });
    expect(await registry.dispatch("count", {})).toMatchObject({ ok: true, content: { n: 1 } });
    answer = { n: "one" } as unknown as { n: number };
    expect(await registry.dispatch("count", {})).toMatchObject({ ok: false, error: { code: ErrorCode.InvalidResult } });
  });

  it("checks a BaseTool's run() against its returns", async () => {
    class Clock extends BaseTool {
      constructor() {
        super({ name: "clock", description: "The hour", params: {}, returns: p.integer() });
      }
      run(): number {
        return 1.5;
      }
    }
    const registry = new ToolRegistry();
    registry.add(new Clock());
    expect(registry.specs()[0]?.outputSchema).toEqual({ type: "integer" });
    expect(await registry.dispatch("clock", {})).toMatchObject({ ok: false, error: { code: ErrorCode.InvalidResult } });
  });
});
