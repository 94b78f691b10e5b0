import { BaseAgent, ToolRegistry, p, tool } from "toolwright";
import { toAiSdkTools } from "toolwright/ai-sdk";

// Issue 38 through the AI SDK's approval flow: its approval answer has no place for "remember", but a grant made
// through agent.approvals is honoured: `needsApproval` says no human is needed for a call it covers, and the call runs
// under the grant.

const removed: string[] = [];
class Files extends BaseAgent {
  static override agentName = "ai_sdk_grant_files";
  @tool({ description: "Delete a file", params: { path: p.string() }, requiresApproval: true })
  remove({ path }: { path: string }) {
    removed.push(path);
    return `removed ${path}`;
  }
}

type Options = { toolCallId: string; messages: never[] };
type Gated = {
  needsApproval: (input: unknown, options: Options) => Promise<boolean>;
  execute: (input: unknown, options: Options) => Promise<unknown>;
};

describe("grants through the AI SDK approval flow", () => {
  it("asks the framework's human only for calls no grant covers", async () => {
    const agent = new Files({ registry: new ToolRegistry() });
    const remove = toAiSdkTools(agent, { session: "chat-1" }).remove as unknown as Gated;
    const options = (toolCallId: string): Options => ({ toolCallId, messages: [] });
    expect(await remove.needsApproval({ path: "/tmp/a" }, options("c1"))).toBe(true);

    // The app's own UI remembers an approval for the session.
    const asked = await agent.callTool("remove", { path: "/tmp/x" }, { session: "chat-1" });
    await agent.approvals.approve(asked.approvalId!, { remember: "session", when: { path: { prefix: "/tmp/" } } });

    expect(await remove.needsApproval({ path: "/tmp/b" }, options("c2"))).toBe(false);
    expect(await remove.execute({ path: "/tmp/b" }, options("c2"))).toMatchObject({
      ok: true,
      content: "removed /tmp/b",
      grant: { level: "session" },
    });
    expect(await remove.needsApproval({ path: "/etc/passwd" }, options("c3"))).toBe(true);
    expect(removed).toEqual(["/tmp/x", "/tmp/b"]);

    // Another session's tools are not covered.
    const other = toAiSdkTools(agent, { session: "chat-2" }).remove as unknown as Gated;
    expect(await other.needsApproval({ path: "/tmp/c" }, options("c4"))).toBe(true);
  });
});
