import type Anthropic from "@anthropic-ai/sdk";
import { expectTypeOf } from "expect-type";
import type OpenAI from "openai";
import {
  type AnthropicToolChangeMessage,
  type AnthropicToolTurn,
  type ExportableTool,
  type OpenAIDeveloperNote,
  type OpenAIResponsesTool,
  BaseAgent,
  ToolRegistry,
  checkShownCall,
  createLoadedTools,
  createShownTools,
  toAnthropicToolTurn,
  toOpenAIToolTurn,
  toolSetChange,
} from "toolwright";

const schema = { type: "object", properties: { q: { type: "string" } }, required: ["q"] } as const;
const makeTool = (name: string, deferred = false): ExportableTool => ({
  name,
  description: `The ${name} tool`,
  inputSchema: schema,
  ...(deferred && { deferred: true }),
});

// An agent with one loaded tool and `count` deferred ones, each found by a search for its own name.
function makeShelfAgent(count: number) {
  const registry = new ToolRegistry();
  for (let i = 0; i < count; i++) {
    registry.register(`shelf_${i}`, () => `item ${i}`, {
      description: `Fetch shelf number ${i}`,
      inputSchema: { type: "object", properties: {} },
      deferred: true,
      allowedAgents: ["shelves"],
    });
  }
  class Shelves extends BaseAgent {
    static override agentName = "shelves";
    static override tools = [];
  }
  registry.register("look", () => "nothing", {
    description: "Look around",
    inputSchema: { type: "object", properties: {} },
    allowedAgents: ["shelves"],
  });
  return new Shelves({ registry });
}

describe("toAnthropicToolTurn", () => {
  it("declares the hidden tools deferred on the first turn and adds one by reference when it is shown", () => {
    const shown = createShownTools();
    const first = toAnthropicToolTurn(shown, [makeTool("look")], {
      declare: [makeTool("look"), makeTool("fetch", true)],
      cacheControl: { type: "ephemeral" },
    });
    expect(first.message).toBeUndefined();
    expect(first.betas).toEqual([]);
    expect(first.tools).toEqual([
      { name: "look", description: "The look tool", input_schema: schema, cache_control: { type: "ephemeral" } },
      { name: "fetch", description: "The fetch tool", input_schema: schema, defer_loading: true },
    ]);

    const second = toAnthropicToolTurn(shown, [makeTool("look"), makeTool("fetch", true)]);
    expect(JSON.stringify(second.tools)).toBe(JSON.stringify(first.tools));
    expect(second.message).toEqual({
      role: "system",
      content: [{ type: "tool_addition", tool: { type: "tool_reference", name: "fetch" } }],
    });
    expect(second.betas).toEqual(["mid-conversation-tool-changes-2026-07-01"]);
  });

  it("removes a tool by reference and adds an undeclared one by value under the inline-tools beta", () => {
    const shown = createShownTools();
    toAnthropicToolTurn(shown, [makeTool("look"), makeTool("fetch")]);
    const turn = toAnthropicToolTurn(shown, [makeTool("look"), makeTool("later")]);
    expect(turn.message).toEqual({
      role: "system",
      content: [
        {
          type: "tool_addition",
          tool: {
            type: "tool_definition",
            definition: { name: "later", description: "The later tool", input_schema: schema },
          },
        },
        { type: "tool_removal", tool: { type: "tool_reference", name: "fetch" } },
      ],
    });
    expect(turn.betas.sort()).toEqual(["inline-tools-2026-09-15", "mid-conversation-tool-changes-2026-07-01"]);
    // Shown again after it was withdrawn: by reference, since it is declared.
    const again = toAnthropicToolTurn(shown, [makeTool("look"), makeTool("later"), makeTool("fetch")]);
    expect(again.message?.content).toEqual([
      { type: "tool_addition", tool: { type: "tool_reference", name: "fetch" } },
    ]);
    expect(
      toAnthropicToolTurn(shown, [makeTool("look"), makeTool("later"), makeTool("fetch")]).message,
    ).toBeUndefined();
  });

  it("throws when the first turn would show no tool, and for an unknown option", () => {
    expect(() => toAnthropicToolTurn(createShownTools(), [], { declare: [makeTool("a")] })).toThrow(/all deferred/);
    expect(() => toAnthropicToolTurn(createShownTools(), [makeTool("a")], { toolSearch: "bm25" } as object)).toThrow(
      /toolSearch/,
    );
  });

  it("refuses a state that is not one, or that holds another provider's turns, naming what is wrong", () => {
    expect(() => toAnthropicToolTurn({ provider: null, tools: null } as never, [makeTool("a")])).toThrow(/declared/);
    const shown = createShownTools();
    toOpenAIToolTurn(shown, [makeTool("a")]);
    expect(() => toAnthropicToolTurn(shown, [makeTool("a")])).toThrow(/openai tools, not anthropic/);
    expect(() => toolSetChange(shown, [makeTool("a")])).toThrow(TypeError);
  });

  it("fits the SDK's beta message and tool types when checked by tsc", () => {
    expectTypeOf<AnthropicToolChangeMessage>().toExtend<Anthropic.Beta.BetaSystemMessageParam>();
    expectTypeOf<AnthropicToolChangeMessage>().toExtend<Anthropic.Beta.BetaMessageParam>();
    expectTypeOf<AnthropicToolTurn["tools"][number]>().toExtend<Anthropic.Beta.BetaToolUnion>();
    expectTypeOf<AnthropicToolTurn["betas"][number]>().toExtend<Anthropic.Beta.AnthropicBeta>();
  });
});

describe("toOpenAIToolTurn", () => {
  it("sends the first array again and the shown tools in one additional_tools item", () => {
    const shown = createShownTools();
    const first = toOpenAIToolTurn(shown, [makeTool("look")], { strict: false });
    expect(first.items).toEqual([]);
    const second = toOpenAIToolTurn(shown, [makeTool("look"), makeTool("fetch")], { strict: false });
    expect(JSON.stringify(second.tools)).toBe(JSON.stringify(first.tools));
    expect(second.items).toEqual([
      {
        type: "additional_tools",
        role: "developer",
        tools: [{ type: "function", name: "fetch", description: "The fetch tool", parameters: schema, strict: false }],
      },
    ]);
  });

  it("says a withdrawn tool in a developer message, since Responses has no removal item", () => {
    const shown = createShownTools();
    toOpenAIToolTurn(shown, [makeTool("look"), makeTool("fetch")]);
    const turn = toOpenAIToolTurn(shown, [makeTool("look")]);
    expect(turn.items).toEqual([
      { role: "developer", content: "These tools are no longer available; do not call them: fetch." },
    ]);
  });

  it("fits openai's function tool and input message types when checked by tsc", () => {
    expectTypeOf<OpenAIResponsesTool>().toExtend<OpenAI.Responses.FunctionTool>();
    expectTypeOf<OpenAIDeveloperNote>().toExtend<OpenAI.Responses.ResponseInputItem>();
  });
});

describe("a conversation that loads deferred tools one search at a time", () => {
  it("sends the same first tools bytes on all 20 turns while 30 tools are revealed, for both providers", async () => {
    const agent = makeShelfAgent(30);
    const loaded = createLoadedTools();
    const claude = createShownTools();
    const gpt = createShownTools();
    const firstClaude = JSON.stringify(
      toAnthropicToolTurn(claude, agent.toolsForTurn(loaded), { declare: agent.tools() }).tools,
    );
    const firstGpt = JSON.stringify(toOpenAIToolTurn(gpt, agent.toolsForTurn(loaded)).tools);
    const added: string[] = [];
    for (let turn = 1, next = 0; turn < 20; turn++) {
      // 30 tools over 19 turns: two on some turns, one on the others.
      for (const _ of turn <= 11 ? [0, 1] : [0]) {
        if (next < 30)
          await agent.callTool("tool_search", { query: `shelf_${next++}`, limit: 1 }, { loadedTools: loaded });
      }
      const visible = agent.toolsForTurn(loaded);
      const a = toAnthropicToolTurn(claude, visible, { declare: agent.tools() });
      const o = toOpenAIToolTurn(gpt, visible);
      expect(JSON.stringify(a.tools)).toBe(firstClaude);
      expect(JSON.stringify(o.tools)).toBe(firstGpt);
      const names = (a.message?.content ?? []).map((block) => (block.tool as { name: string }).name);
      expect(a.message?.content.every((b) => b.type === "tool_addition" && b.tool.type === "tool_reference")).toBe(
        true,
      );
      expect(o.items.flatMap((item) => ("tools" in item ? item.tools.map((t) => t.name) : []))).toEqual(names);
      added.push(...names);
    }
    expect(added.sort()).toEqual(Array.from({ length: 30 }, (_, i) => `shelf_${i}`).sort());
  });
});

describe("checkShownCall", () => {
  it("answers a call of a deferred tool the model was not shown, and passes one it was", () => {
    const shown = createShownTools();
    expect(checkShownCall(shown, { id: "c0", name: "fetch" })).toBeUndefined(); // nothing shown yet
    toAnthropicToolTurn(shown, [makeTool("look"), makeTool("tool_search")], { declare: [makeTool("fetch", true)] });
    const refused = checkShownCall(shown, { id: "c1", name: "fetch", arguments: { q: "x" } });
    expect(refused).toMatchObject({ ok: false, outcome: "not_found", callId: "c1", toolName: "fetch" });
    expect(refused?.error.code).toBe("TOOL_NOT_FOUND");
    expect(refused?.error.message).toMatch(/did not run\. Call tool_search/);
    expect(checkShownCall(shown, { id: "c2", name: "look" })).toBeUndefined();
    toAnthropicToolTurn(shown, [makeTool("look"), makeTool("tool_search"), makeTool("fetch", true)]);
    expect(checkShownCall(shown, { id: "c3", name: "fetch" })).toBeUndefined();
  });
});

describe("toolSetChange", () => {
  it("returns the names and a note for a provider without change blocks, and nothing on the first turn", () => {
    const shown = createShownTools();
    expect(toolSetChange(shown, [makeTool("look"), makeTool("fetch")])).toEqual({
      added: ["look", "fetch"],
      removed: [],
      note: undefined,
    });
    expect(toolSetChange(shown, [makeTool("look"), makeTool("send")])).toEqual({
      added: ["send"],
      removed: ["fetch"],
      note: "These tools are available now: send. These tools are no longer available; do not call them: fetch.",
    });
    expect(checkShownCall(shown, { name: "fetch" })?.outcome).toBe("not_found");
  });
});
