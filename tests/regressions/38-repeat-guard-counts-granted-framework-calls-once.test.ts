import { BaseAgent, MemoryStore, ToolRegistry, p, tool } from "toolwright";
import { StoreSessions } from "../../src/policy/store-sessions.js";
import { toAiSdkTools } from "toolwright/ai-sdk";

// Issue 38: through a framework's approval flow (the AI SDK's and the OpenAI Agents SDK's `needsApproval`,
// LangChain's interrupt `when`, all through adapters/agent-bridge.ts), a call a grant covers is counted twice by the
// repeat guard: once by the approval question (`askApproval` probes with `callTool(..., { awaitApproval: true,
// session })`, which takes the session route and its guard) and once by the run (`callBridged` falls through to a
// plain `callTool` in the session). docs/policy.md promises a note from the 3rd identical call in a row and a refusal
// from the 5th; the model's 2nd call got "call 4 in a row" and its 3rd was refused ("call 6"). A call no grant covers
// is counted once (the question counts it; the approved run goes past the guard), as is one that needs no approval.
// Now the guard counts a call once per call id: the run, under the question's id, gets the question's verdict.

type Options = { toolCallId: string; messages: never[] };
type Gated = {
  needsApproval: (input: unknown, options: Options) => Promise<boolean>;
  execute: (input: unknown, options: Options) => Promise<{ ok: boolean; notice?: string; error?: { code: string } }>;
};

const removed: string[] = [];
class Files extends BaseAgent {
  static override agentName = "granted_repeat_files";
  @tool({ description: "Delete a file", params: { path: p.string() }, requiresApproval: true })
  remove({ path }: { path: string }) {
    removed.push(path);
    return `removed ${path}`;
  }
}

describe("issue 38: the repeat guard and a framework's approval question", () => {
  it("counts a granted call once: the model's 3rd identical call is noted, its 5th refused", async () => {
    const agent = new Files({ registry: new ToolRegistry() });
    // The app's UI remembered an approval for the conversation (another path, so the streak starts below).
    const asked = await agent.callTool("remove", { path: "/tmp/x" }, { session: "chat-1" });
    await agent.approvals.approve(asked.approvalId!, { remember: "session", when: { path: { prefix: "/tmp/" } } });

    const remove = toAiSdkTools(agent, { session: "chat-1" }).remove as unknown as Gated;
    const seen: string[] = [];
    for (let i = 1; i <= 5; i += 1) {
      // What the AI SDK does for each tool call of a step: ask, then (no human needed) execute.
      const options: Options = { toolCallId: `c${i}`, messages: [] };
      expect(await remove.needsApproval({ path: "/tmp/a" }, options)).toBe(false);
      const result = await remove.execute({ path: "/tmp/a" }, options);
      seen.push(result.ok ? (result.notice === undefined ? "ran" : "noted") : result.error!.code);
    }
    expect(seen).toEqual(["ran", "ran", "noted", "noted", "REPEATED_CALL"]);
  });
});

describe("issue 38: the repeat guard's call id in a shared store", () => {
  const guard = { nudgeAt: 3, refuseAt: 5 };

  it("counts a call once per id, and reads a session record an earlier version wrote (no call id)", async () => {
    const store = new MemoryStore();
    const sessions = new StoreSessions(store, "scope");
    // As written before the call id was kept: the streak of `h` at 2.
    const older = { streakHash: "h", streak: 2, preview: "earlier", untrustedFrom: null };
    await store.create("session", { id: "s", scope: "scope", status: "open", ...older }, { ttlMs: 60_000 });

    expect(await sessions.count("s", "h", guard, "c3")).toEqual({ kind: "nudge", count: 3, preview: "earlier" });
    // The same call asked about again (a framework's question, then its run): the same verdict, not a fourth call.
    expect(await sessions.count("s", "h", guard, "c3")).toEqual({ kind: "nudge", count: 3, preview: "earlier" });
    expect(await sessions.count("s", "h", guard, "c4")).toEqual({ kind: "nudge", count: 4, preview: "earlier" });
    expect(await sessions.count("s", "h", guard, "c5")).toMatchObject({ kind: "refuse", count: 5 });
    expect((await store.get("session", "scope", "s"))?.streakCallId).toBe("c5");
    // Another call, then the first id again: a new streak each time (an id names the streak's last call only).
    expect(await sessions.count("s", "other", guard, "c6")).toEqual({ kind: "run" });
    expect(await sessions.count("s", "h", guard, "c5")).toEqual({ kind: "run" });
  });
});
