import { BaseAgent, MemoryStore, type RuntimeStore, ToolRegistry, p, tool } from "toolwright";
import { RedisStore } from "toolwright/redis";
import { redisForSuite } from "../store/redis-server.js";

// Issue 35: a background task's final result was written to a shared store whole, however large: one task could
// fill Redis. It is now capped at the result's budget (`maxResultChars`, else DEFAULT_MAX_RESULT_CHARS): another
// replica reads what a model would, cut with the usual notice; the replica that ran the task keeps the whole result.
const redis = redisForSuite();

const HUGE = "row of the export\n".repeat(100_000); // 1.8 million characters

let prefixes = 0;
const stores: [string, () => RuntimeStore][] = [
  ["a shared MemoryStore", () => new MemoryStore()],
  ["a RedisStore", () => new RedisStore({ client: redis.client, prefix: `capped${(prefixes += 1)}` })],
];

// The handlers finish when a test lets them, after the call was handed to a background task: a 10 ms sleep raced the
// store's write of the task, and on a loaded machine the handler ended first (the call then answered its result, with
// no task to read).
let finish!: () => void;
let finished: Promise<void>;
beforeEach(() => {
  finished = new Promise((resolve) => (finish = resolve));
});

/** Calls `toolName` on `agent`, checks it was handed to a background task, then lets its handler finish. */
async function handedOff(agent: BaseAgent, toolName: string, args: Record<string, unknown>): Promise<string> {
  const handed = await agent.callTool(toolName, args);
  expect(handed.outcome).toBe("backgrounded");
  finish();
  return handed.taskId!;
}

class Exports extends BaseAgent {
  static override agentName = "exports";
  @tool({ description: "Exports everything", params: { fail: p.boolean() }, timeoutMs: 1, onTimeout: "background" })
  async export_all({ fail }: { fail: boolean }) {
    await finished;
    if (fail) throw new Error(HUGE);
    return HUGE;
  }
  @tool({ description: "Exports a little", params: {}, timeoutMs: 1, onTimeout: "background", maxResultChars: 2_000 })
  async export_some() {
    await finished;
    return "x".repeat(5_000);
  }
}

describe.each(stores)("a background task's final result on %s (issue 35)", (_name, makeStore) => {
  const replicas = () => {
    const store = makeStore();
    const options = { store, sweepIntervalMs: false as const };
    const runner = new Exports({ ...options, registry: new ToolRegistry({ scope: "t" }) });
    const reader = new Exports({ ...options, registry: new ToolRegistry({ scope: "t" }) });
    return { store, runner, reader };
  };

  it("is stored cut to the default budget; the runner keeps it whole", async () => {
    const { store, runner, reader } = replicas();
    const taskId = await handedOff(runner, "export_all", { fail: false });
    expect(await runner.tasks.wait(taskId)).toMatchObject({ ok: true, content: HUGE });
    const stored = await reader.tasks.wait(taskId);
    expect(stored).toMatchObject({ ok: true, outcome: "success", taskId });
    const text = stored.ok ? String(stored.content) : "";
    expect(text.length).toBeLessThanOrEqual(50_000);
    expect(text).toMatch(/characters cut: the result is longer than the 50,000 characters the model reads/);
    expect(text.startsWith("row of the export\n")).toBe(true);
    const record = await store.get("task", "t//exports", taskId);
    expect(JSON.stringify(record).length).toBeLessThan(55_000);
  });

  it("is stored cut to the tool's maxResultChars", async () => {
    const { runner, reader } = replicas();
    const taskId = await handedOff(runner, "export_some", {});
    const stored = await reader.tasks.wait(taskId);
    expect(stored.ok && String(stored.content).length).toBeLessThanOrEqual(2_000);
    expect(stored.ok && String(stored.content)).toMatch(/characters cut/);
  });

  it("keeps a failure's code and cuts its message", async () => {
    const { runner, reader } = replicas();
    const taskId = await handedOff(runner, "export_all", { fail: true });
    const stored = await reader.tasks.wait(taskId);
    expect(stored).toMatchObject({ ok: false, outcome: "failed", error: { code: "TOOL_FAILED" } });
    expect(stored.ok ? "" : stored.error.message.length).toBeLessThanOrEqual(50_000);
  });
});
