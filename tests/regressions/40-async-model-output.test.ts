import { BaseAgent, type GeneratedToolOptions, ToolDefinitionError, ToolRegistry, tool } from "toolwright";

// An async `toModelOutput` compiled, dispatch read its Promise as the model's content ("{}"), and when it rejected
// nothing handled the rejection: the process died. It runs synchronously, as docs/results.md says: an async one does
// not compile and is refused at definition; a promise returned anyway is INVALID_RESULT, its rejection handled.
describe("an asynchronous toModelOutput", () => {
  const unhandled: unknown[] = [];
  const record = (reason: unknown) => void unhandled.push(reason);
  beforeEach(() => {
    unhandled.length = 0;
    process.on("unhandledRejection", record);
  });
  afterEach(() => void process.off("unhandledRejection", record));

  it("does not compile, and is refused at definition when declared async", () => {
    const registry = new ToolRegistry();
    expect(() =>
      registry.register("price", () => 3, {
        description: "Price",
        // @ts-expect-error a promise is not what the model reads
        toModelOutput: async (value: number) => `costs ${value}`,
      }),
    ).toThrow(ToolDefinitionError);
    expect(() =>
      registry.register("price2", () => 3, {
        description: "Price",
        // @ts-expect-error a promise is not what the model reads
        toModelOutput: async (value: number) => `costs ${value}`,
      }),
    ).toThrow(/`toModelOutput` must be synchronous/);

    const options: GeneratedToolOptions = {
      description: "Price",
      // @ts-expect-error a promise is not what the model reads
      toModelOutput: async (value: number) => `costs ${value}`,
    };
    expect(() => {
      class Shop extends BaseAgent {
        @tool(options)
        price() {
          return 3;
        }
      }
      return new Shop({ registry: new ToolRegistry() }).tools();
    }).toThrow(/`toModelOutput` must be synchronous/);
  });

  it("is INVALID_RESULT when it returns a promise, and its rejection is handled", async () => {
    const registry = new ToolRegistry();
    // Not declared async, so only the call can tell.
    const later = (value: number) => Promise.reject(new Error(`no text for ${value}`));
    registry.register("price", () => 3, { description: "Price", toModelOutput: later as never });
    const resolving = (value: number) => Promise.resolve(`costs ${value}`);
    registry.register("price_ok", () => 4, { description: "Price", toModelOutput: resolving as never });
    class Shop extends BaseAgent {}
    const shop = new Shop({ registry });

    const rejected = await shop.callTool("price", {});
    const resolved = await shop.callTool("price_ok", {});
    await new Promise((resolve) => setTimeout(resolve, 20));

    for (const result of [rejected, resolved]) {
      expect(result.ok).toBe(false);
      expect(result.error?.code).toBe("INVALID_RESULT");
      expect(result.error?.message).toMatch(/toModelOutput returned a promise/);
    }
    expect(unhandled).toEqual([]);
  });

  it("still shapes what the model reads when it is synchronous", async () => {
    const registry = new ToolRegistry();
    registry.register("price", () => 3, { description: "Price", toModelOutput: (value: number) => `costs ${value}` });
    class Shop extends BaseAgent {}
    const result = await new Shop({ registry }).callTool("price", {});
    expect(result).toMatchObject({ ok: true, content: 3, modelContent: "costs 3" });
  });
});
