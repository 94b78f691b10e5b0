import { BaseAgent, ToolRegistry, p, tool } from "toolwright";
import { toAiSdkTools } from "toolwright/ai-sdk";

// Issue 38 (open): through a framework's approval flow (the AI SDK's and the OpenAI Agents SDK's `needsApproval`,
// LangChain's interrupt `when`, all through adapters/agent-bridge.ts), a call a grant covers is counted twice by the
// repeat guard: once by the approval question (`askApproval` probes with `callTool(..., { awaitApproval: true,
// session })`, which takes the session route and its guard) and once by the run (`callBridged` falls through to a
// plain `callTool` in the session). docs/policy.md promises a note from the 3rd identical call in a row and a refusal
// from the 5th; the model's 2nd call gets "call 4 in a row" and its 3rd is refused ("call 6"). A call no grant covers
// is counted once (the question counts it; the approved run goes past the guard), as is one that needs no approval.
//
// Marked `failing` until fixed, so the suite stays green and this turns red the day it is: then make it `it`.

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
  it.failing("counts a granted call once: the model's 3rd identical call is noted, its 5th refused", async () => {
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
