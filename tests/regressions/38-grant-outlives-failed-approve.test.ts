import { BaseAgent, MemoryStore, StoreUnavailableError, ToolRegistry, p, tool } from "toolwright";

// Issue 38: `approve(id, { remember })` writes the grant before the decision. When the decision's store write failed
// (the store blinked), approve rejected and the call stayed pending, but the grant stayed too: later calls ran under
// it without asking, and a human who then rejected the call (the approval had failed, after all) left it standing.
// A grant must not outlive an approval that was not given.

const ran: string[] = [];
class Desk extends BaseAgent {
  static override agentName = "failed_approve_desk";
  @tool({ description: "Delete a file", params: { path: p.string() }, requiresApproval: true })
  remove({ path }: { path: string }) {
    ran.push(path);
    return `removed ${path}`;
  }
}

describe("issue 38: a grant whose approval failed to be written", () => {
  it("is taken back: approve rejects, the call stays pending, and later calls ask", async () => {
    const store = new MemoryStore();
    const transition = store.transition.bind(store);
    let down = true;
    // The decision's compare-and-set fails once; everything else (the grant's write included) goes through.
    store.transition = async (kind, ...rest) => {
      if (kind === "approval" && down) {
        down = false;
        throw new StoreUnavailableError(store.description, "decide an approval", "connection reset");
      }
      return transition(kind, ...rest);
    };
    const agent = new Desk({ store, registry: new ToolRegistry() });
    const asked = await agent.callTool("remove", { path: "/tmp/a" }, { session: "s" });

    await expect(agent.approvals.approve(asked.approvalId!, { remember: "session" })).rejects.toThrow(
      StoreUnavailableError,
    );
    expect(agent.approvals.pending().map((x) => x.id)).toEqual([asked.approvalId]);
    expect(await agent.approvals.grants({ session: "s" })).toEqual([]);

    // The human, told the approval failed, rejects the call instead: nothing runs, now or later.
    await agent.approvals.reject(asked.approvalId!, "changed my mind");
    const later = await agent.callTool("remove", { path: "/etc" }, { session: "s" });
    expect(later.outcome).toBe("awaiting_approval");
    expect(ran).toEqual([]);
  });
});
