import { MockActivityEnvironment } from "@temporalio/testing";
import { ApplicationFailure } from "@temporalio/activity";
import { BaseAgent, ToolRegistry, p, tool } from "toolwright";
import { toolActivities } from "toolwright/temporal";
import { NON_RETRYABLE_INPUT } from "../../src/adapters/temporal-workflow/tool-activity-options.js";

// Issue 24: a tool activity that needs approval, started without the decision (not by workflowTools, which waits for
// the signal first), left a pending approval in the worker's memory (outcome awaiting_approval) that no signal could
// reach; on the durable port it is refused, and a malformed input fails without Temporal retrying it.
describe("a Temporal tool activity without its approval decision", () => {
  function makeAgent() {
    let ran = 0;
    class Vault extends BaseAgent {
      static override agentName = "vault";
      @tool({ description: "Open the vault", params: { door: p.string() }, requiresApproval: true })
      open() {
        ran += 1;
        return "open";
      }
    }
    const agent = new Vault({ registry: new ToolRegistry() });
    const activities = toolActivities(agent) as Record<string, (input: unknown) => Promise<unknown>>;
    return { agent, activities, ran: () => ran };
  }

  it("is refused with a reason naming the signal, runs nothing and leaves nothing pending", async () => {
    const { agent, activities, ran } = makeAgent();
    const env = new MockActivityEnvironment({ workflowExecution: { workflowId: "w", runId: "r" } });
    const result = await env.run(activities["vault.open"]!, { args: { door: "front" }, callId: "c1" });
    expect(result).toMatchObject({ ok: false, outcome: "rejected" });
    expect(result).toHaveProperty("error.message", expect.stringContaining("toolwright.approve"));
    expect(ran()).toBe(0);
    expect(agent.approvals.pending()).toEqual([]);
  });

  it("fails a malformed input as a non-retryable ApplicationFailure", async () => {
    const { activities } = makeAgent();
    const env = new MockActivityEnvironment();
    const failure = await env.run(activities["toolwright:vault:call"]!, { args: {} }).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ApplicationFailure);
    expect(failure).toMatchObject({ nonRetryable: true, type: NON_RETRYABLE_INPUT });
  });
});
