import { BaseAgent, MemoryStore, ToolDefinitionError, ToolRegistry, p, tool } from "toolwright";

// Issue 38: a session (or scope) holding a lone surrogate, as a title cut in the middle of an emoji leaves, passed the
// session check, then broke every approval in that session: the grant lookup URI-encodes the session, which throws
// on such text, so each call needing approval ended `TOOL_FAILED` ("URI malformed"). Such text has no UTF-8 form and
// can name nothing in a store: it is refused where the app gives it, with what is wrong. Whole emoji work.

const removed: string[] = [];
class Files extends BaseAgent {
  static override agentName = "surrogate_files";
  @tool({ description: "Delete a file", params: { path: p.string() }, requiresApproval: true })
  remove({ path }: { path: string }) {
    removed.push(path);
    return `removed ${path}`;
  }
}

const cutEmoji = "😀".repeat(128).slice(0, 255); // 255 code units, the last one half of a pair

describe("issue 38: a session or scope with a lone surrogate", () => {
  beforeEach(() => {
    removed.length = 0;
  });

  it("is refused by callTool, saying it holds a lone surrogate; nothing runs", async () => {
    const agent = new Files({ store: new MemoryStore(), registry: new ToolRegistry() });
    const calling = agent.callTool("remove", { path: "/tmp/a" }, { session: cutEmoji });
    await expect(calling).rejects.toThrow(ToolDefinitionError);
    await expect(calling).rejects.toThrow(/`session` must be .*a string with a lone surrogate/);
    for (const lone of ["\uD83D", "a\uDE00b", "\uDE00\uD83D"]) {
      await expect(agent.callTool("remove", { path: "/tmp/a" }, { session: lone })).rejects.toThrow(/lone surrogate/);
    }
    await expect(agent.approvals.grants({ session: "\uD83D" })).rejects.toThrow(/lone surrogate/);
    expect(agent.approvals.pending()).toEqual([]);
    expect(removed).toEqual([]);
  });

  it("is refused as an agent's scope at construction", () => {
    expect(() => new Files({ scope: "user-\uD83D", registry: new ToolRegistry() })).toThrow(/scope.*no lone surrogate/);
  });

  it("lets whole emoji name a session: asked, approved with remember, then granted", async () => {
    const agent = new Files({ store: new MemoryStore(), registry: new ToolRegistry(), scope: "user-😀" });
    const session = "😀".repeat(128); // 256 code units, every pair whole
    const asked = await agent.callTool("remove", { path: "/tmp/a" }, { session });
    expect(asked.outcome).toBe("awaiting_approval");
    await agent.approvals.approve(asked.approvalId!, { remember: "session" });
    const later = await agent.callTool("remove", { path: "/tmp/b" }, { session });
    expect(later.ok).toBe(true);
    expect(removed).toEqual(["/tmp/a", "/tmp/b"]);
    expect((await agent.approvals.grants({ session })).map((grant) => grant.session)).toEqual([session]);
  });
});
