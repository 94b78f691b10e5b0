import { BaseAgent, MemoryStore, ToolRegistry, type ToolResult, p, tool } from "toolwright";
import { tamperRecord } from "../support/tamper-record.js";

// Issue 35, found in review: a finished task's result read from the store was handed out as it stood. A record whose
// `result` was changed outside toolwright (null, a string, an object that is no result) came back from
// `tasks.wait` and `tasks.fetch` as that value, typed as a ToolResult: an app reading `result.ok` threw a TypeError
// on null, and read anything else as a failure with no error to show. A stored result that is not a ToolResult must
// come back as a failed result saying so (STORE_RECORD_INVALID), as the store's other broken records are named.

let release!: () => void;
let released: Promise<void>;
beforeEach(() => {
  released = new Promise((resolve) => (release = resolve));
});

class Jobs extends BaseAgent {
  static override agentName = "jobs";
  @tool({ description: "Rebuild", params: { name: p.string() }, timeoutMs: 1, onTimeout: "background" })
  async rebuild({ name }: { name: string }) {
    await released;
    return `rebuilt ${name}`;
  }
}

describe.each([null, "done", 42, { ok: true }, { ok: false, outcome: "failed" }])(
  "a finished task whose stored result is %j (issue 35)",
  (junk) => {
    it("is read elsewhere as a failed result naming the broken record", async () => {
      const store = new MemoryStore();
      const options = { store, sweepIntervalMs: false as const };
      const runner = new Jobs({ ...options, registry: new ToolRegistry({ scope: "t" }) });
      const reader = new Jobs({ ...options, registry: new ToolRegistry({ scope: "t" }) });
      const started = await runner.callTool("rebuild", { name: "a" });
      expect(started.outcome).toBe("backgrounded");
      release();
      expect(await runner.tasks.wait(started.taskId!)).toMatchObject({ ok: true });
      let record = await store.get("task", "t//jobs", started.taskId!);
      while (record?.result === undefined) record = await store.get("task", "t//jobs", started.taskId!);
      await tamperRecord(store, "task", "t//jobs", started.taskId!, { result: junk });
      const refused = {
        ok: false,
        toolName: "rebuild",
        error: { code: "STORE_RECORD_INVALID", message: expect.stringContaining(started.taskId!) as string },
      };
      const waited: ToolResult = await reader.tasks.wait(started.taskId!);
      expect(waited).toMatchObject(refused);
      expect((await reader.tasks.fetch(started.taskId!))?.result).toMatchObject(refused);
    });
  },
);
