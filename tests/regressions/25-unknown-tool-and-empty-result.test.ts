import {
  BaseAgent,
  ToolRegistry,
  p,
  renderToolResult,
  toAnthropicToolResult,
  toOpenAIToolResult,
  tool,
} from "toolwright";

// Issue 25: an unknown tool got no "did you mean", and a handler returning nothing sent the model the text "null".
function makeAgent() {
  const registry = new ToolRegistry();
  class NotesAgent extends BaseAgent {
    static override agentName = "notes_agent_25";

    @tool({ description: "Search notes", params: { query: p.string() } })
    search_notes({ query }: { query: string }) {
      return [query];
    }

    @tool({ description: "Forget everything", params: {} })
    forget() {
      // Nothing to report.
    }
  }
  return new NotesAgent({ registry });
}

describe("an unknown tool", () => {
  it("names the closest available tool when the call looks like a typo", async () => {
    const result = await makeAgent().callTool("serch_notes", { query: "x" });
    expect(result.error?.code).toBe("TOOL_NOT_FOUND");
    expect(result.error?.message).toContain('Did you mean "search_notes"?');
    expect(result.error?.message).toContain("Available tools: ");
  });

  it("suggests nothing when no name is close", async () => {
    const result = await makeAgent().callTool("deploy_production", {});
    expect(result.error?.code).toBe("TOOL_NOT_FOUND");
    expect(result.error?.message).not.toContain("Did you mean");
  });
});

describe("a handler that returns nothing", () => {
  it("reads as no result to the model on every result path", async () => {
    const result = await makeAgent().callTool("forget", {});
    expect(result.ok).toBe(true);
    const text = 'Tool "forget" ran and returned no result.';
    expect(renderToolResult(result)).toBe(text);
    const call = { id: result.callId, name: "forget", arguments: {} };
    expect(toOpenAIToolResult(call, result).content).toBe(text);
    expect(toOpenAIToolResult(call, result, { api: "responses" }).output).toBe(text);
    expect(toAnthropicToolResult(call, result)).toMatchObject({ type: "tool_result", content: text, is_error: false });
  });
});
