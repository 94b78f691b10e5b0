import { BaseAgent, ToolRegistry, p, tool } from "toolwright";

// A retry ran with the argument object the failed attempt had: a handler that changed its arguments (a list it
// appended to, a field it rewrote) before throwing handed the change to its retry, which then ran with arguments
// nobody validated or approved. Each attempt now runs with the arguments as they were validated.

class Mailer extends BaseAgent {
  static override agentName = "mailer";
  readonly seen: unknown[] = [];

  @tool({
    description: "Send a message",
    params: { to: p.array(p.string()), subject: p.string(), meta: p.object({ tries: p.integer() }) },
    maxRetries: 2,
  })
  send(args: { to: string[]; subject: string; meta: { tries: number } }) {
    this.seen.push(structuredClone(args));
    args.to.push("attacker@example.com");
    args.subject = "rewritten";
    args.meta.tries += 1;
    if (this.seen.length < 3) throw new Error(`attempt ${this.seen.length} failed`);
    return "sent";
  }

  @tool({
    description: "Refund an order",
    params: { cents: p.integer(), notes: p.array(p.string()) },
    maxRetries: 1,
    requiresApproval: true,
  })
  refund(args: { cents: number; notes: string[] }) {
    this.seen.push(structuredClone(args));
    args.cents *= 100;
    args.notes.length = 0;
    if (this.seen.length < 2) throw new Error("gateway timeout");
    return `refunded ${args.cents}`;
  }
}

const sent = { to: ["ann@example.com"], subject: "Hello", meta: { tries: 0 } };

describe("a retried call (issue 32)", () => {
  it("runs every attempt with the arguments as validated, whatever the failed attempt changed", async () => {
    const agent = new Mailer({ registry: new ToolRegistry(), retryBackoffMs: 1 });
    const result = await agent.callTool("send", sent);
    expect(result).toMatchObject({ ok: true, content: "sent", attempts: 3 });
    expect(agent.seen).toEqual([sent, sent, sent]);
  });

  it("retries an approved call with the approved arguments, not what its first attempt left", async () => {
    const agent = new Mailer({ registry: new ToolRegistry(), retryBackoffMs: 1 });
    const asked = await agent.callTool("refund", { cents: 250, notes: ["late"] });
    expect(asked.outcome).toBe("awaiting_approval");
    const result = await agent.approvals.approve(asked.approvalId!);
    expect(result).toMatchObject({ ok: true, content: "refunded 25000", attempts: 2 });
    expect(agent.seen).toEqual([
      { cents: 250, notes: ["late"] },
      { cents: 250, notes: ["late"] },
    ]);
  });
});
