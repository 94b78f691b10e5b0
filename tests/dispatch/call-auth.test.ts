// A call made for a verified token (`callTool(..., { auth })`, what serveMcp passes for an HTTP request under
// `auth`): the token's scopes decide a tool's authScopes before any scope checker, and the token reaches the handler,
// the approver and the checker.
import {
  BaseAgent,
  type CallAuth,
  ErrorCode,
  type GatedCall,
  ToolRegistry,
  type ToolCallContext,
  p,
  tool,
} from "toolwright";

const ALICE: CallAuth = Object.freeze({ subject: "alice", scopes: Object.freeze(["mail.send"]) });
const ADMIN: CallAuth = Object.freeze({ subject: "root", scopes: Object.freeze(["mail.send", "mail.admin"]) });

function makeAgent(options: { scopeChecker?: (scopes: readonly string[], call: GatedCall) => boolean } = {}) {
  const seen: (CallAuth | undefined)[] = [];
  class Mailer extends BaseAgent {
    @tool({ description: "Send mail", params: { to: p.string() }, authScopes: ["mail.send"] })
    send({ to }: { to: string }, context: ToolCallContext) {
      seen.push(context.auth);
      return `sent to ${to}`;
    }

    @tool({ description: "Purge mail", authScopes: ["mail.send", "mail.admin"] })
    purge() {
      return "purged";
    }
  }
  return { agent: new Mailer({ registry: new ToolRegistry(), ...options }), seen };
}

describe("a call with auth", () => {
  it("runs a tool whose scopes the token grants, without a scope checker, and hands the handler the token", async () => {
    const { agent, seen } = makeAgent();
    expect(await agent.callTool("send", { to: "ada" }, { auth: ALICE })).toMatchObject({ ok: true });
    expect(seen).toEqual([ALICE]);
  });

  it("ends auth_required naming what the token lacks, and says so in the model's text", async () => {
    const { agent } = makeAgent({ scopeChecker: () => true });
    const result = await agent.callTool("purge", {}, { auth: ALICE });
    expect(result).toMatchObject({
      ok: false,
      outcome: "auth_required",
      error: { code: ErrorCode.AuthRequired, missingScopes: ["mail.admin"] },
    });
    expect(result.error?.message).toContain("which the current user does not hold");
  });

  it("still asks the scope checker when the token grants the scopes, and shows it the token", async () => {
    const asked: (CallAuth | undefined)[] = [];
    const { agent } = makeAgent({
      scopeChecker: (_scopes, call) => (asked.push(call.auth), call.auth?.subject === "root"),
    });
    expect(await agent.callTool("purge", {}, { auth: ALICE })).toMatchObject({ outcome: "auth_required" });
    expect(asked).toEqual([]);
    expect(await agent.callTool("purge", {}, { auth: ADMIN })).toMatchObject({ ok: true });
    expect(asked).toEqual([ADMIN]);
  });

  it("without auth, keeps what a tool with scopes did before: the checker decides, none means auth_required", async () => {
    const { agent } = makeAgent();
    expect(await agent.callTool("send", { to: "ada" })).toMatchObject({ outcome: "auth_required" });
  });
});
