import { MockActivityEnvironment } from "@temporalio/testing";
import { BaseAgent, ToolRegistry, p, tool } from "toolwright";
import { toolActivities } from "toolwright/temporal";
import { type TemporalToolSpec, activityNames } from "toolwright/temporal-workflow";

// A Temporal workflow is the session of its calls (issue 38): once one of its activities returned untrusted output,
// the workflow asks (the needsApproval activity) before a destructive tool's activity, and runs it only with a decision.
function makeAgent() {
  const ran: string[] = [];
  class Inbox extends BaseAgent {
    static override agentName = "inbox";
    @tool({ description: "Read a mail", params: { id: p.string() }, openWorld: true, readOnly: true })
    read({ id }: { id: string }) {
      ran.push(`read ${id}`);
      return `mail ${id}`;
    }
    @tool({ description: "Delete a mail", params: { id: p.string() }, destructive: true })
    remove({ id }: { id: string }) {
      ran.push(`remove ${id}`);
      return `deleted ${id}`;
    }
  }
  const agent = new Inbox({ registry: new ToolRegistry() });
  return { ran, activities: toolActivities(agent) as Record<string, (input: unknown) => Promise<unknown>> };
}

const names = activityNames("inbox");
const env = (workflowId: string) =>
  new MockActivityEnvironment({ workflowExecution: { workflowId, runId: "run-1" }, activityId: "1" });

describe("a Temporal workflow as a session (issue 38)", () => {
  it("asks before a destructive call once the workflow read untrusted output, and runs it only when approved", async () => {
    const { ran, activities } = makeAgent();
    const listed: unknown = await env("w1").run(activities[names.specs]!, undefined);
    const specs = listed as TemporalToolSpec[];
    // The workflow asks the worker about a destructive tool's calls.
    expect(specs.find((spec) => spec.name === "remove")?.approval).toBe("predicate");
    const ask = activities[names.needsApproval]!;
    expect(await env("w1").run(ask, { name: "remove", args: { id: "7" }, callId: "c2" })).toBe(false);

    await env("w1").run(activities["inbox.read"]!, { args: { id: "7" }, callId: "c1" });
    expect(await env("w1").run(ask, { name: "remove", args: { id: "7" }, callId: "c2" })).toBe(true);
    expect(await env("w2").run(ask, { name: "remove", args: { id: "7" }, callId: "c2" })).toBe(false);

    const refused = await env("w1").run(activities["inbox.remove"]!, { args: { id: "7" }, callId: "c2" });
    expect(refused).toMatchObject({ outcome: "rejected" });
    const approved = await env("w1").run(activities["inbox.remove"]!, {
      args: { id: "7" },
      callId: "c3",
      decision: { approved: true },
    });
    expect(approved).toMatchObject({ ok: true, content: "deleted 7" });
    expect(ran).toEqual(["read 7", "remove 7"]);
  });
});
