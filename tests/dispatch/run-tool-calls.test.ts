import { BaseAgent, ErrorCode, ToolRegistry, currentToolCall, p, tool } from "toolwright";
import type { ToolCall } from "toolwright";
import { type Deferred, deferred, flush } from "./runtime-helpers.js";

function makeCall(overrides: Partial<ToolCall> & { name: string }): ToolCall {
  return { id: `call_${overrides.name}`, arguments: "{}", ...overrides };
}

/** An agent whose tools record when they start and end, and finish when the test says so. */
function makeWorkbench() {
  const log: string[] = [];
  const gates = new Map<string, Deferred<void>>();
  const gate = (key: string) => {
    const entry = deferred();
    gates.set(key, entry);
    return entry.promise;
  };
  const running = { serial: 0, maxSerial: 0 };
  const signals = new Map<string, AbortSignal>();
  class Workbench extends BaseAgent {
    @tool({ description: "Read", params: { key: p.string() }, readOnly: true })
    async read({ key }: { key: string }) {
      signals.set(`read ${key}`, currentToolCall().signal);
      log.push(`read ${key} start`);
      await gate(`read ${key}`);
      log.push(`read ${key} end`);
      return `value of ${key}`;
    }

    @tool({ description: "Write", params: { key: p.string() } })
    async write({ key }: { key: string }) {
      running.serial++;
      running.maxSerial = Math.max(running.maxSerial, running.serial);
      signals.set(`write ${key}`, currentToolCall().signal);
      log.push(`write ${key} start`);
      await gate(`write ${key}`);
      log.push(`write ${key} end`);
      running.serial--;
      return `wrote ${key}`;
    }

    @tool({ description: "Quick write", params: { key: p.string() } })
    async touch({ key }: { key: string }) {
      running.serial++;
      running.maxSerial = Math.max(running.maxSerial, running.serial);
      log.push(`touch ${key}`);
      await Promise.resolve();
      running.serial--;
      return key;
    }

    @tool({ description: "Fail", executionMode: "parallel" })
    fail() {
      throw new Error("broken");
    }

    @tool({ description: "Read-only but serial", readOnly: true, executionMode: "serial" })
    async audit() {
      log.push("audit start");
      await gate("audit");
      log.push("audit end");
      return "audited";
    }
  }
  const open = async (key: string) => {
    await flush();
    const entry = gates.get(key);
    if (!entry) throw new Error(`${key} has not started; log: ${log.join(", ")}`);
    entry.resolve();
    await flush();
  };
  return { agent: new Workbench({ registry: new ToolRegistry() }), log, open, running, signals };
}

describe("runToolCalls", () => {
  it("returns one result per call in the calls' order with their ids when calls finish out of order", async () => {
    const { agent, open } = makeWorkbench();
    const batch = agent.runToolCalls([
      makeCall({ id: "a", name: "read", arguments: '{"key":"x"}' }),
      makeCall({ id: "b", name: "read", arguments: { key: "y" } }),
    ]);
    await open("read y");
    await open("read x");
    const results = await batch;
    expect(results.map((result) => [result.callId, result.content])).toEqual([
      ["a", "value of x"],
      ["b", "value of y"],
    ]);
  });

  it("runs calls of read-only tools together when they are next to each other", async () => {
    const { agent, log, open } = makeWorkbench();
    const batch = agent.runToolCalls([
      makeCall({ id: "1", name: "read", arguments: { key: "a" } }),
      makeCall({ id: "2", name: "read", arguments: { key: "b" } }),
    ]);
    await flush();
    expect(log).toEqual(["read a start", "read b start"]);
    await open("read a");
    await open("read b");
    expect((await batch).every((result) => result.ok)).toBe(true);
  });

  it("runs a serial call alone, after the calls before it and before the calls after it", async () => {
    const { agent, log, open } = makeWorkbench();
    const batch = agent.runToolCalls([
      makeCall({ id: "1", name: "read", arguments: { key: "a" } }),
      makeCall({ id: "2", name: "write", arguments: { key: "a" } }),
      makeCall({ id: "3", name: "read", arguments: { key: "a2" } }),
    ]);
    await open("read a");
    await open("write a");
    await open("read a2");
    await batch;
    expect(log).toEqual(["read a start", "read a end", "write a start", "write a end", "read a2 start", "read a2 end"]);
  });

  it("treats a read-only tool as serial when its executionMode says serial", async () => {
    const { agent, log, open } = makeWorkbench();
    const batch = agent.runToolCalls([
      makeCall({ name: "audit" }),
      makeCall({ name: "read", arguments: { key: "k" } }),
    ]);
    await flush();
    expect(log).toEqual(["audit start"]);
    await open("audit");
    await open("read k");
    await batch;
  });

  it("never overlaps serial calls of one agent when concurrent batches and calls compete under load", async () => {
    const { agent, running } = makeWorkbench();
    const batches = Array.from({ length: 20 }, (_, batch) =>
      agent.runToolCalls(
        Array.from({ length: 5 }, (_, index) =>
          makeCall({ id: `${batch}.${index}`, name: "touch", arguments: { key: `${batch}.${index}` } }),
        ),
      ),
    );
    const singles = Array.from({ length: 20 }, (_, index) => agent.callTool("touch", { key: `single ${index}` }));
    const results = [...(await Promise.all(batches)).flat(), ...(await Promise.all(singles))];
    expect(results).toHaveLength(120);
    expect(results.every((result) => result.ok)).toBe(true);
    expect(running.maxSerial).toBe(1);
  });

  it("keeps each batch's serial calls in order when two batches interleave", async () => {
    const { agent, log } = makeWorkbench();
    const first = agent.runToolCalls(
      ["a", "b", "c"].map((key) => makeCall({ id: key, name: "touch", arguments: { key } })),
    );
    const second = agent.runToolCalls(
      ["x", "y", "z"].map((key) => makeCall({ id: key, name: "touch", arguments: { key } })),
    );
    await Promise.all([first, second]);
    const order = log.map((line) => line.replace("touch ", ""));
    expect(order.filter((key) => "abc".includes(key))).toEqual(["a", "b", "c"]);
    expect(order.filter((key) => "xyz".includes(key))).toEqual(["x", "y", "z"]);
  });

  it("leaves the other calls alone when one call fails and stopOnError is not set", async () => {
    const { agent } = makeWorkbench();
    const results = await agent.runToolCalls([
      makeCall({ id: "1", name: "fail" }),
      makeCall({ id: "2", name: "touch", arguments: { key: "k" } }),
      makeCall({ id: "3", name: "nope" }),
      makeCall({ id: "4", name: "touch", arguments: "{not json" }),
    ]);
    expect(results.map((result) => result.outcome)).toEqual(["failed", "success", "not_found", "invalid_arguments"]);
  });

  it("cancels the running and the remaining calls when one fails and stopOnError is set", async () => {
    const { agent, log, signals } = makeWorkbench();
    const results = await agent.runToolCalls(
      [
        makeCall({ id: "1", name: "read", arguments: { key: "slow" } }),
        makeCall({ id: "2", name: "fail" }),
        makeCall({ id: "3", name: "touch", arguments: { key: "never" } }),
      ],
      { stopOnError: true },
    );
    expect(results.map((result) => [result.callId, result.outcome])).toEqual([
      ["1", "cancelled"],
      ["2", "failed"],
      ["3", "cancelled"],
    ]);
    expect(results[2]?.error?.message).toContain('call "2" of tool "fail" failed');
    expect(signals.get("read slow")?.aborted).toBe(true);
    expect(log).not.toContain("touch never");
  });

  it("cancels when the caller aborts: running handlers see the abort and queued calls never start", async () => {
    const { agent, log, signals } = makeWorkbench();
    const controller = new AbortController();
    const batch = agent.runToolCalls(
      [
        makeCall({ id: "1", name: "write", arguments: { key: "first" } }),
        makeCall({ id: "2", name: "write", arguments: { key: "second" } }),
      ],
      { signal: controller.signal },
    );
    await flush();
    expect(log).toEqual(["write first start"]);
    controller.abort(new Error("user pressed stop"));
    const results = await batch;
    expect(results.map((result) => result.outcome)).toEqual(["cancelled", "cancelled"]);
    expect(results.every((result) => result.error?.code === ErrorCode.Cancelled)).toBe(true);
    expect(results[0]?.error?.message).toContain("while running: user pressed stop");
    expect(results[1]?.error?.message).toContain("before it started");
    expect(signals.get("write first")?.aborted).toBe(true);
    expect(log).toEqual(["write first start"]);
  });

  it("generates a call id when a call has none", async () => {
    const { agent } = makeWorkbench();
    const [result] = await agent.runToolCalls([{ name: "touch", arguments: { key: "k" } }]);
    expect(result?.callId).toMatch(/^call_[0-9a-f]{12}_[0-9a-z]+$/);
  });

  it("throws a TypeError when calls is not an array", async () => {
    const { agent } = makeWorkbench();
    await expect(agent.runToolCalls({} as unknown as ToolCall[])).rejects.toThrow(TypeError);
  });
});
