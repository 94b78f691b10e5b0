import { approvedInMessages } from "../../../src/adapters/ai-sdk/approved-in-messages.js";

const request = (toolCallId: string, approvalId: string) => ({
  role: "assistant",
  content: [{ type: "tool-approval-request", approvalId, toolCallId }],
});
const response = (approvalId: string, approved: boolean) => ({
  role: "tool",
  content: [{ type: "tool-approval-response", approvalId, approved }],
});

describe("approvedInMessages", () => {
  it("finds a human's approval of exactly this tool call", () => {
    expect(approvedInMessages([request("call-1", "a-1"), response("a-1", true)], "call-1")).toBe(true);
  });

  it("fails closed: no messages, a denial, another call's approval, or an answer to no request", () => {
    expect(approvedInMessages(undefined, "call-1")).toBe(false);
    expect(approvedInMessages([], "call-1")).toBe(false);
    expect(approvedInMessages([request("call-1", "a-1"), response("a-1", false)], "call-1")).toBe(false);
    expect(approvedInMessages([request("call-2", "a-2"), response("a-2", true)], "call-1")).toBe(false);
    expect(approvedInMessages([response("a-1", true)], "call-1")).toBe(false);
    // A response must come from a tool message, a request from the assistant.
    expect(approvedInMessages([{ ...request("call-1", "a-1"), role: "user" }, response("a-1", true)], "call-1")).toBe(
      false,
    );
    expect(approvedInMessages([request("call-1", "a-1"), { ...response("a-1", true), role: "user" }], "call-1")).toBe(
      false,
    );
  });
});
