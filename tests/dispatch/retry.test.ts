import { BaseAgent, ErrorCode, ToolRegistry, type ToolEvent, p } from "toolwright";
import { backoffDelay } from "../../src/dispatch/retry.js";
import { flush, track, useFakeClock } from "./runtime-helpers.js";

beforeEach(useFakeClock);
afterEach(() => jest.useRealTimers());

function makeFlaky(failures: number, options: { maxRetries?: number; timeoutMs?: number } = {}) {
  const calls: number[] = [];
  const registry = new ToolRegistry();
  registry.register(
    "fetch_page",
    () => {
      calls.push(Date.now());
      if (calls.length <= failures) throw new Error(`attempt ${calls.length} failed`);
      return "page";
    },
    { description: "Fetch a page", maxRetries: options.maxRetries ?? 2, ...options },
  );
  class Browser extends BaseAgent {}
  return { registry, calls, Browser };
}

describe("retries", () => {
  it("retries a throwing handler and records the attempts when it later succeeds", async () => {
    const { registry, calls, Browser } = makeFlaky(2);
    const result = track(new Browser({ registry, retryBackoffMs: 100 }).callTool("fetch_page", {}));
    await flush();
    expect(calls).toHaveLength(1);
    await jest.advanceTimersByTimeAsync(100);
    expect(calls).toHaveLength(2);
    await jest.advanceTimersByTimeAsync(199);
    expect(calls).toHaveLength(2);
    await jest.advanceTimersByTimeAsync(1);
    expect(calls).toHaveLength(3);
    await flush();
    expect(result.value).toMatchObject({ ok: true, content: "page", attempts: 3 });
  });

  it("gives up after maxRetries and returns the last failure with its attempts", async () => {
    const { registry, calls, Browser } = makeFlaky(10, { maxRetries: 1 });
    const agent = new Browser({ registry, retryBackoffMs: 0 });
    const errors: ToolEvent[] = [];
    agent.on("error", (event) => void errors.push(event));
    const result = await agent.callTool("fetch_page", {});
    expect(result).toMatchObject({ ok: false, outcome: "failed", attempts: 2, error: { code: ErrorCode.ToolFailed } });
    expect(result.error?.message).toContain("attempt 2 failed");
    expect(calls).toHaveLength(2);
    expect((errors[0]?.error as Error).message).toBe("attempt 2 failed");
  });

  it("uses a backoff function with the retry number and the error when one is given", async () => {
    const { registry, Browser } = makeFlaky(2);
    const backoff = jest.fn(() => 0);
    await new Browser({ registry, retryBackoffMs: backoff }).callTool("fetch_page", {});
    expect(backoff.mock.calls).toEqual([
      [1, expect.objectContaining({ message: "attempt 1 failed" })],
      [2, expect.objectContaining({ message: "attempt 2 failed" })],
    ]);
  });

  it("does not retry when the arguments are invalid", async () => {
    const handler = jest.fn(() => "x");
    const registry = new ToolRegistry();
    registry.register("typed", handler, { description: "Typed", params: { n: p.integer() }, maxRetries: 3 });
    class Caller extends BaseAgent {}
    const result = await new Caller({ registry }).callTool("typed", { n: "one" });
    expect(result.outcome).toBe("invalid_arguments");
    expect(handler).not.toHaveBeenCalled();
  });

  it("does not retry when a before listener denies the call", async () => {
    const { registry, calls, Browser } = makeFlaky(0);
    const agent = new Browser({ registry });
    agent.on("before", () => ({ deny: "read-only mode" }));
    expect((await agent.callTool("fetch_page", {})).outcome).toBe("denied");
    expect(calls).toHaveLength(0);
  });

  it("does not retry when the handler returns an unserialisable value", async () => {
    const handler = jest.fn(() => 1n);
    const registry = new ToolRegistry();
    registry.register("big", handler, { description: "Big", maxRetries: 3 });
    class Caller extends BaseAgent {}
    const result = await new Caller({ registry }).callTool("big", {});
    expect(result).toMatchObject({ error: { code: ErrorCode.InvalidResult }, attempts: 1 });
    expect(handler).toHaveBeenCalledTimes(1);
  });

  it("stops retrying when the time limit passes during a backoff pause", async () => {
    const { registry, calls, Browser } = makeFlaky(10, { maxRetries: 5, timeoutMs: 150 });
    const result = track(new Browser({ registry, retryBackoffMs: 100 }).callTool("fetch_page", {}));
    await jest.advanceTimersByTimeAsync(10_000);
    expect(result.value?.outcome).toBe("timed_out");
    expect(calls).toHaveLength(2);
    expect(jest.getTimerCount()).toBe(0);
  });

  it("doubles a numeric backoff and never returns a negative pause", () => {
    expect([1, 2, 3].map((retry) => backoffDelay(50, retry, undefined))).toEqual([50, 100, 200]);
    expect(backoffDelay(undefined, 1, undefined)).toBe(100);
    expect(backoffDelay(() => -5, 1, undefined)).toBe(0);
    expect(
      backoffDelay(
        () => {
          throw new Error("bad");
        },
        1,
        undefined,
      ),
    ).toBe(0);
  });
});
