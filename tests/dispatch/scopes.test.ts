import { BaseAgent, ErrorCode, type ScopeChecker, type ToolEvent, ToolRegistry, p, tool } from "toolwright";

function makeAgent(scopeChecker?: ScopeChecker) {
  const ran: string[] = [];
  class Mailer extends BaseAgent {
    @tool({ description: "Send mail", params: { to: p.string() }, authScopes: ["mail.send", "contacts.read"] })
    send({ to }: { to: string }) {
      ran.push(to);
      return `sent to ${to}`;
    }

    @tool({ description: "Public", authScopes: [] })
    hello() {
      return "hi";
    }
  }
  const agent = new Mailer({ registry: new ToolRegistry(), ...(scopeChecker ? { scopeChecker } : {}) });
  return { agent, ran };
}

describe("auth scopes", () => {
  it("runs the tool when the scope checker says every scope is held", async () => {
    const checker = jest.fn<ReturnType<ScopeChecker>, Parameters<ScopeChecker>>(() => true);
    const { agent, ran } = makeAgent(checker);
    expect(await agent.callTool("send", { to: "ada" })).toMatchObject({ ok: true, content: "sent to ada" });
    expect(checker).toHaveBeenCalledWith(
      ["mail.send", "contacts.read"],
      expect.objectContaining({ toolName: "send", args: { to: "ada" } }),
    );
    expect(ran).toEqual(["ada"]);
  });

  it("names the missing scopes and does not run the handler when the checker returns them", async () => {
    const { agent, ran } = makeAgent(async (scopes) => scopes.filter((scope) => scope !== "contacts.read"));
    const result = await agent.callTool("send", { to: "ada" });
    expect(result).toMatchObject({
      ok: false,
      outcome: "auth_required",
      error: { code: ErrorCode.AuthRequired, missingScopes: ["mail.send"] },
    });
    expect(result.error?.message).toContain("mail.send");
    expect(result.error?.message).not.toContain("contacts.read");
    expect(ran).toEqual([]);
  });

  it("names every scope as missing when the checker returns false", async () => {
    const { agent } = makeAgent(() => false);
    expect((await agent.callTool("send", { to: "ada" })).error?.missingScopes).toEqual(["mail.send", "contacts.read"]);
  });

  it("ends with auth_required when the agent has no scope checker", async () => {
    const { agent, ran } = makeAgent();
    const result = await agent.callTool("send", { to: "ada" });
    expect(result.outcome).toBe("auth_required");
    expect(result.error?.message).toContain("no scopeChecker");
    expect(ran).toEqual([]);
  });

  it("does not ask the checker when the tool lists no scopes", async () => {
    const checker = jest.fn(() => false);
    const { agent } = makeAgent(checker);
    expect((await agent.callTool("hello", {})).ok).toBe(true);
    expect(checker).not.toHaveBeenCalled();
  });

  it("fails closed and reports the exception when the scope checker throws", async () => {
    const boom = new Error("token service down");
    const { agent, ran } = makeAgent(() => {
      throw boom;
    });
    const errors: ToolEvent[] = [];
    agent.on("error", (event) => void errors.push(event));
    const result = await agent.callTool("send", { to: "ada" });
    expect(result).toMatchObject({ ok: false, outcome: "failed" });
    expect(errors[0]?.error).toBe(boom);
    expect(ran).toEqual([]);
  });

  it("checks scopes before asking for approval", async () => {
    class Admin extends BaseAgent {
      @tool({ description: "Drop", authScopes: ["admin"], requiresApproval: true })
      drop() {
        return "dropped";
      }
    }
    const agent = new Admin({ registry: new ToolRegistry(), scopeChecker: () => false });
    expect((await agent.callTool("drop", {})).outcome).toBe("auth_required");
    expect(agent.approvals.pending()).toEqual([]);
  });
});
