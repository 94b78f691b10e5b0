import Anthropic from "@anthropic-ai/sdk";
import OpenAI from "openai";
import { createLoadedTools, createShownTools, toAnthropicToolTurn, toOpenAIToolTurn } from "toolwright";
import { makeDeskAgent } from "../../fixtures/providers/desk-agent.js";
import { type RecordingServer, startRecordingServer } from "../../fixtures/providers/recording-server.js";
import { anthropicMessage, openaiResponse } from "../../fixtures/providers/canned-replies.js";

// Tool-set changes sent through the real SDK clients to a local server: the second request carries the first
// request's tools byte for byte, and the change where each provider takes it.

let server: RecordingServer;
afterEach(() => server.close());

describe("tool-set changes on the wire", () => {
  it("sends Anthropic's tool_addition in a system message with the beta header, tools unchanged", async () => {
    server = await startRecordingServer([
      anthropicMessage([{ type: "text", text: "ok" }], "end_turn"),
      anthropicMessage([{ type: "text", text: "ok" }], "end_turn"),
    ]);
    const client = new Anthropic({ apiKey: "k", baseURL: server.url, maxRetries: 0, timeout: 5_000 });
    const agent = makeDeskAgent();
    const loaded = createLoadedTools();
    const shown = createShownTools();
    const messages: Anthropic.Beta.BetaMessageParam[] = [{ role: "user", content: "5 EUR in USD?" }];
    const first = toAnthropicToolTurn(shown, agent.toolsForTurn(loaded), { declare: agent.tools() });
    await client.beta.messages.create({
      model: "claude-test",
      max_tokens: 64,
      messages,
      tools: first.tools,
      betas: first.betas,
    });
    await agent.callTool("tool_search", { query: "convert currency", limit: 1 }, { loadedTools: loaded });
    const second = toAnthropicToolTurn(shown, agent.toolsForTurn(loaded), { declare: agent.tools() });
    if (second.message) messages.push(second.message);
    await client.beta.messages.create({
      model: "claude-test",
      max_tokens: 64,
      messages,
      tools: second.tools,
      betas: second.betas,
    });

    const [one, two] = server.requests;
    expect(JSON.stringify(two!.body.tools)).toBe(JSON.stringify(one!.body.tools));
    expect(two!.headers["anthropic-beta"]).toBe("mid-conversation-tool-changes-2026-07-01");
    expect((two!.body.messages as unknown[]).at(-1)).toEqual({
      role: "system",
      content: [{ type: "tool_addition", tool: { type: "tool_reference", name: "convert_currency" } }],
    });
    const declared = one!.body.tools as { name: string; defer_loading?: boolean }[];
    expect(declared.find((t) => t.name === "convert_currency")?.defer_loading).toBe(true);
  });

  it("sends OpenAI's additional_tools input item, tools unchanged", async () => {
    const reply = openaiResponse([{ type: "message", id: "m", role: "assistant", status: "completed", content: [] }]);
    server = await startRecordingServer([reply, reply]);
    const client = new OpenAI({ apiKey: "k", baseURL: `${server.url}/v1`, maxRetries: 0, timeout: 5_000 });
    const agent = makeDeskAgent();
    const loaded = createLoadedTools();
    const shown = createShownTools();
    const input: OpenAI.Responses.ResponseInput = [{ role: "user", content: "5 EUR in USD?" }];
    const first = toOpenAIToolTurn(shown, agent.toolsForTurn(loaded));
    await client.responses.create({ model: "gpt-test", input, tools: first.tools });
    await agent.callTool("tool_search", { query: "convert currency", limit: 1 }, { loadedTools: loaded });
    const second = toOpenAIToolTurn(shown, agent.toolsForTurn(loaded));
    // openai 6.30 has no type for the additional_tools item (7.x has ResponseInputItem.AdditionalTools).
    input.push(...(second.items as OpenAI.Responses.ResponseInputItem[]));
    await client.responses.create({ model: "gpt-test", input, tools: second.tools });

    const [one, two] = server.requests;
    expect(JSON.stringify(two!.body.tools)).toBe(JSON.stringify(one!.body.tools));
    const item = (two!.body.input as { type?: string; role?: string; tools?: { name: string }[] }[]).at(-1);
    expect(item?.type).toBe("additional_tools");
    expect(item?.role).toBe("developer");
    expect(item?.tools?.map((t) => t.name)).toEqual(["convert_currency"]);
  });
});
