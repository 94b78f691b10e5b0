// Background work as MCP Tasks (2026-07-28 Tasks extension): a call that outlives its time limit and goes to the
// background answers a client that opted in as a task, which it follows with tasks/get to the result or cancels.
import { BaseAgent, ToolRegistry, currentToolCall, p, tool } from "toolwright";
import { type HttpMcpServerHandle, serveMcp } from "toolwright/mcp";
import { type Rpc, TASKS_EXTENSION as TASKS, rpc } from "../support/raw-mcp-2026.js";

// A raw client that did not opt in to the Tasks extension.
const NO_TASKS = { capabilities: {} };

jest.setTimeout(20_000);

// Set by a test that must see its task still working: the handler then ends when the test releases it, not after its
// `ms`, which a loaded machine can let pass before the test's first tasks/get (CI on Node 22/24 once did).
let held: Promise<void> | undefined;

class ReportAgent extends BaseAgent {
  static override agentName = "report_agent";
  @tool({ description: "Builds a report", params: { ms: p.integer() }, timeoutMs: 50, onTimeout: "background" })
  build({ ms }: { ms: number }) {
    const signal = currentToolCall()!.signal;
    const hold = held;
    return new Promise<string>((resolve, reject) => {
      const done = () => resolve(`report after ${ms} ms`);
      const timer = hold === undefined ? setTimeout(done, ms) : undefined;
      void hold?.then(done);
      signal.addEventListener("abort", () => {
        clearTimeout(timer);
        reject(new Error("stopped"));
      });
    });
  }
}

describe("serveMcp background work as Tasks (2026-07-28)", () => {
  let server: HttpMcpServerHandle;
  beforeAll(async () => {
    server = await serveMcp(new ReportAgent({ registry: new ToolRegistry() }), {
      transport: "http",
      tasks: { pollIntervalMs: 100 },
    });
  });
  afterAll(() => server?.close());

  const get = (taskId: unknown) => rpc(server.url, "tasks/get", { taskId });

  it("answers a call that went to the background as a task, and tasks/get follows it to its result", async () => {
    let release!: () => void;
    held = new Promise((resolve) => (release = resolve));
    const created = await rpc(server.url, "tools/call", { name: "build", arguments: { ms: 400 } });
    held = undefined;
    expect(created.result).toMatchObject({ resultType: "task", status: "working", pollIntervalMs: 100 });
    const taskId = created.result!.taskId;
    expect(typeof taskId).toBe("string");
    expect((await get(taskId)).result).toMatchObject({ resultType: "complete", taskId, status: "working" });
    release();
    let done: Rpc | undefined;
    for (let i = 0; i < 50; i++) {
      done = await get(taskId);
      if (done.result?.status !== "working") break;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(done!.result).toMatchObject({
      status: "completed",
      result: { content: [{ type: "text", text: "report after 400 ms" }] },
    });
  });

  it("cancels a task with tasks/cancel: the handler stops and the task reads cancelled", async () => {
    const created = await rpc(server.url, "tools/call", { name: "build", arguments: { ms: 5_000 } });
    const taskId = created.result!.taskId;
    expect((await rpc(server.url, "tasks/cancel", { taskId })).result).toMatchObject({});
    expect((await get(taskId)).result).toMatchObject({ status: "cancelled" });
  });

  it("answers an unknown task id with -32602", async () => {
    expect((await get("no-such-task")).error?.code).toBe(-32602);
  });

  it("advertises the extension, and keeps the plain answer for a client that did not opt in", async () => {
    const plain = await rpc(server.url, "tools/call", { name: "build", arguments: { ms: 200 } }, NO_TASKS);
    expect(plain.result).toMatchObject({ resultType: "complete", isError: true });
    expect(JSON.stringify(plain.result)).toContain("goes on in background task");
    const discover = await rpc(server.url, "server/discover", {}, NO_TASKS);
    expect(discover.result).toMatchObject({ capabilities: { extensions: { [TASKS]: {} } } });
  });
});
