import { BaseAgent, ErrorCode, ToolRegistry, renderToolResult } from "toolwright";
import type { ToolResult } from "toolwright";

function throwingMessage(): Error {
  const error = new Error("x");
  Object.defineProperty(error, "message", {
    get() {
      throw new Error("message getter");
    },
  });
  return error;
}

const hostileThrows: ReadonlyArray<readonly [string, () => unknown]> = [
  ["a null-prototype object", () => Object.create(null)],
  [
    "a Proxy whose traps throw",
    () =>
      new Proxy(
        {},
        {
          get() {
            throw new Error("trap");
          },
          getPrototypeOf() {
            throw new Error("trap");
          },
        },
      ),
  ],
  ["an Error whose message getter throws", throwingMessage],
  [
    "a value whose Symbol.toPrimitive throws",
    () => ({
      [Symbol.toPrimitive]() {
        throw new Error("toPrimitive");
      },
    }),
  ],
];

const hostileReturns: ReadonlyArray<readonly [string, () => unknown]> = [
  [
    "an object whose then getter throws",
    () =>
      Object.defineProperty({}, "then", {
        get() {
          throw new Error("then getter");
        },
      }),
  ],
  [
    "an object whose ok getter throws",
    () =>
      Object.defineProperty({ outcome: "success" }, "ok", {
        get() {
          throw new Error("ok getter");
        },
        enumerable: true,
      }),
  ],
];

function agentWith(handler: () => unknown, options: { timeoutMs?: number } = {}) {
  const registry = new ToolRegistry();
  registry.register("hostile", handler, { description: "Hostile", ...options });
  registry.register("plain", () => "fine", { description: "Plain" });
  class Victim extends BaseAgent {}
  return new Victim({ registry });
}

describe("a handler that throws a hostile value", () => {
  it.each(hostileThrows)("ends as failed and frees the serial lane when a sync handler throws %s", async (_, make) => {
    const agent = agentWith(() => {
      throw make();
    });
    const result = await agent.callTool("hostile", {});
    expect(result).toMatchObject({ ok: false, outcome: "failed", error: { code: ErrorCode.ToolFailed } });
    expect(typeof result.error?.message).toBe("string");
    // The next serial call of the agent must not wait forever behind the first.
    expect((await agent.callTool("plain", {})).content).toBe("fine");
  });

  it.each(hostileThrows)("ends as failed when an async handler rejects with %s", async (_, make) => {
    const agent = agentWith(async () => {
      throw make();
    });
    expect(await agent.callTool("hostile", {})).toMatchObject({ ok: false, outcome: "failed" });
  });

  it.each(hostileThrows)("ends as failed under a time limit when the handler throws %s", async (_, make) => {
    const agent = agentWith(
      () => {
        throw make();
      },
      { timeoutMs: 60_000 },
    );
    expect(await agent.callTool("hostile", {})).toMatchObject({ ok: false, outcome: "failed" });
  });
});

describe("a handler that returns a hostile value", () => {
  it.each(hostileReturns)("ends as failed when a sync handler returns %s", async (_, make) => {
    const agent = agentWith(() => make());
    const result = await agent.callTool("hostile", {});
    expect(result).toMatchObject({ ok: false, outcome: "failed" });
    expect((await agent.callTool("plain", {})).content).toBe("fine");
  });

  it.each(hostileReturns)("ends as failed when an async handler resolves with %s", async (_, make) => {
    const agent = agentWith(async () => ({ value: make() }).value);
    expect(await agent.callTool("hostile", {})).toMatchObject({ ok: false, outcome: "failed" });
  });
});

describe("renderToolResult", () => {
  it("renders an INVALID_RESULT error instead of throwing when the content's toJSON throws", async () => {
    let calls = 0;
    const content = {
      toJSON() {
        // Serialisable when the dispatcher checks it, not when the app renders it.
        if (++calls > 1) throw new Error("toJSON later");
        return {};
      },
    };
    const agent = agentWith(() => content);
    const result: ToolResult = await agent.callTool("hostile", {});
    expect(result.ok).toBe(true);
    expect(renderToolResult(result)).toMatch(/^Error \(INVALID_RESULT\): Tool "hostile" returned .*toJSON later/);
  });
});
