import { BaseAgent, ToolRegistry, tool } from "toolwright";

describe("a scope checker that answers something other than true, false or a list", () => {
  it("fails closed with a result instead of rejecting", async () => {
    class Mail extends BaseAgent {
      @tool({ description: "Send", authScopes: ["mail.send"] })
      send() {
        return "sent";
      }
    }
    const bad = new Mail({ registry: new ToolRegistry(), scopeChecker: (() => "mail.send") as never });
    const result = await bad.callTool("send", {});
    expect(result.ok).toBe(false);
    expect(result.error?.message).toMatch(/scope checker must answer true, false or the missing scopes/);
  });
});
