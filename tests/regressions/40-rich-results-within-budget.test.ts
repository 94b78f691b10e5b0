import {
  type ToolResult,
  content,
  image,
  modelOutput,
  resourceLink,
  toAnthropicToolResult,
  toGeminiToolResult,
  toMcpToolResult,
  toOpenAIToolResult,
} from "toolwright";

// For rich results, maxResultChars gave every text part at least one character and counted no resource_link: 20,000
// short parts under a 1,000-character cap reached the model as ~660,000 characters, and a 300,000-character link name
// passed every builder. The budget now bounds what the model reads: parts beyond it are dropped with one notice, and
// link names and URIs count.
const success = (value: unknown, maxResultChars?: number): ToolResult => ({
  ok: true,
  outcome: "success",
  toolName: "listing",
  callId: "c1",
  content: value,
  ...(maxResultChars !== undefined && { maxResultChars }),
});
const call = { id: "c1", name: "listing" };

/** Everything each builder sends for a result, as JSON text: what reaches the model, structure included. */
function sentByEveryBuilder(result: ToolResult): Record<string, number> {
  return {
    chat: JSON.stringify(toOpenAIToolResult(call, result)).length,
    responses: JSON.stringify(toOpenAIToolResult(call, result, { api: "responses" })).length,
    anthropic: JSON.stringify(toAnthropicToolResult(call, result)).length,
    gemini: JSON.stringify(toGeminiToolResult(call, result)).length,
    mcp: JSON.stringify(toMcpToolResult(result)).length,
  };
}

const textOf = (result: ToolResult) =>
  modelOutput(result)
    .parts.map((part) => (part.type === "text" ? part.text : JSON.stringify(part)))
    .join("\n");

describe("the budget of a rich result", () => {
  it("bounds 20,000 short parts under a 1,000-character cap, with one notice for the parts left out", () => {
    const many = success(content(...Array.from({ length: 20_000 }, (_, i) => `part ${i}`)), 1_000);
    const { parts } = modelOutput(many);
    expect(textOf(many).length).toBeLessThanOrEqual(1_000);
    expect(parts[0]).toEqual({ type: "text", text: "part 0" });
    const notices = parts.filter((part) => part.type === "text" && part.text.includes("parts not shown"));
    expect(notices).toHaveLength(1);
    expect(parts.at(-1)).toBe(notices[0]);
    expect(notices[0]).toMatchObject({ text: expect.stringMatching(/of 20,000 parts not shown/) });
    for (const [builder, sent] of Object.entries(sentByEveryBuilder(many)))
      expect([builder, sent < 10_000]).toEqual([builder, true]);
  });

  it("counts a link's name and URI, under the default cap and a set one", () => {
    const link = resourceLink({ uri: "file:///report.csv", name: "n".repeat(300_000) });
    for (const max of [undefined, 1_000]) {
      const result = success(content("The report:", link), max);
      expect(textOf(result).length).toBeLessThanOrEqual(max ?? 50_000);
      for (const [builder, sent] of Object.entries(sentByEveryBuilder(result)))
        expect([builder, sent < (max ?? 50_000) + 2_000]).toEqual([builder, true]);
      expect(textOf(result)).toContain("The report:");
      expect(textOf(result)).toMatch(/1 of 2 parts not shown/);
    }
  });

  it("keeps a rich result under its budget whole, and still shares the budget between long text parts", () => {
    const small = success(content("caption", resourceLink({ uri: "file:///a.csv", name: "a.csv" })), 1_000);
    expect(modelOutput(small).parts).toEqual(partsOfSmall());
    const mixed = success(
      content("a".repeat(3_000), image({ url: "https://example.com/x.png" }), "b".repeat(1_000)),
      2_000,
    );
    const { parts } = modelOutput(mixed);
    expect(parts.map((part) => part.type)).toEqual(["text", "image", "text"]);
    const texts = parts.flatMap((part) => (part.type === "text" ? [part.text] : []));
    expect(texts[0]!.length).toBeGreaterThan(texts[1]!.length);
    expect(texts.join("").length).toBeLessThanOrEqual(2_000);
  });
});

function partsOfSmall() {
  return [
    { type: "text", text: "caption" },
    expect.objectContaining({ type: "resource_link", uri: "file:///a.csv", name: "a.csv" }),
  ];
}
