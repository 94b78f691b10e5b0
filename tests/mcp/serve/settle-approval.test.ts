import type { ToolResult } from "toolwright";
import { type McpApprovals, toMcpCallToolResult } from "toolwright/mcp";
import { settleApproval } from "../../../src/mcp/serve/settle-approval.js";

const waiting: ToolResult = {
  ok: false,
  outcome: "awaiting_approval",
  toolName: "remove",
  callId: "call-1",
  approvalId: "a1",
  error: { code: "APPROVAL_REQUIRED", message: "waiting" },
};

function makeApprovals(overrides: Partial<McpApprovals> = {}) {
  const log: string[] = [];
  const approvals: McpApprovals = {
    pending: () => [{ id: "a1", args: { path: "x" } }],
    approve: async (id, options) => {
      log.push(`approve ${id} ${JSON.stringify(options?.expectedArgs)}`);
      return { ok: true, outcome: "success", toolName: "remove", callId: "call-1", content: "done" };
    },
    reject: async (id, reason) => {
      log.push(`reject ${id} ${reason}`);
      const error = { code: "APPROVAL_REJECTED" as const, message: String(reason) };
      return { ok: false, outcome: "rejected", toolName: "remove", callId: "call-1", error };
    },
    ...overrides,
  };
  return { approvals, log };
}

const signal = new AbortController().signal;

describe("settleApproval", () => {
  it("refuses, and rejects the pending approval, when the client cannot be asked", async () => {
    const { approvals, log } = makeApprovals();
    const result = await settleApproval({ result: waiting, approvals, ask: undefined, signal });
    expect(result).toMatchObject({ ok: false, error: { code: "APPROVAL_REQUIRED" } });
    expect(log).toEqual(["reject a1 the MCP client cannot ask its user for approval"]);
  });

  it("runs the call bound to the arguments the user was shown when the user allows it", async () => {
    const { approvals, log } = makeApprovals();
    const questions: string[] = [];
    const ask = async (question: string) => (questions.push(question), { approve: true });
    const result = await settleApproval({ result: waiting, approvals, ask, signal });
    expect(result).toMatchObject({ ok: true, content: "done" });
    expect(questions[0]).toContain('tool "remove" with {"path":"x"}');
    expect(log).toEqual(['approve a1 {"path":"x"}']);
  });

  it("binds the approval to the arguments shown when the pending arguments change while the user is asked", async () => {
    const args = { path: "x" };
    const { approvals, log } = makeApprovals({ pending: () => [{ id: "a1", args }] });
    const ask = async () => {
      args.path = "/etc";
      return { approve: true };
    };
    await settleApproval({ result: waiting, approvals, ask, signal });
    expect(log).toEqual(['approve a1 {"path":"x"}']);
  });

  it("rejects without asking, as an isError result, when the arguments cannot be written as JSON", async () => {
    const { approvals, log } = makeApprovals({ pending: () => [{ id: "a1", args: { size: 10n } }] });
    const questions: string[] = [];
    const ask = async (question: string) => (questions.push(question), { approve: true });
    const result = await settleApproval({ result: waiting, approvals, ask, signal });
    expect(result).toMatchObject({ ok: false, outcome: "rejected", error: { code: "APPROVAL_REJECTED" } });
    expect(result.error?.message).toMatch(/cannot be written as JSON.*BigInt/);
    expect(toMcpCallToolResult(result).isError).toBe(true);
    expect(questions).toEqual([]);
    expect(log).toEqual(["reject a1 its arguments cannot be shown to the user"]);
  });

  it("rejects the call when the user declines", async () => {
    const { approvals, log } = makeApprovals();
    const result = await settleApproval({ result: waiting, approvals, ask: async () => undefined, signal });
    expect(result.outcome).toBe("rejected");
    expect(log).toEqual(["reject a1 the user declined the call"]);
  });

  it("refuses with the reason when asking fails or the approval is gone meanwhile", async () => {
    const failing = makeApprovals();
    const askFails = async (): Promise<undefined> => {
      throw new Error("client went away");
    };
    const asked = await settleApproval({ result: waiting, approvals: failing.approvals, ask: askFails, signal });
    expect(asked.error?.message).toContain("(client went away)");
    expect(failing.log).toEqual(["reject a1 the approval request failed"]);

    const gone = makeApprovals({
      approve: async () => {
        throw new Error('No pending approval has id "a1"');
      },
    });
    const approved = await settleApproval({
      result: waiting,
      approvals: gone.approvals,
      ask: async () => ({ approve: true }),
      signal,
    });
    expect(approved).toMatchObject({ ok: false, error: { code: "APPROVAL_REQUIRED" } });
    expect(approved.error?.message).toContain("No pending approval");
  });

  it("refuses when the agent has no approvals to settle", async () => {
    const result = await settleApproval({
      result: waiting,
      approvals: undefined,
      ask: async () => ({ approve: true }),
      signal,
    });
    expect(result).toMatchObject({
      ok: false,
      toolName: "remove",
      callId: "call-1",
      error: { code: "APPROVAL_REQUIRED" },
    });
  });
});
