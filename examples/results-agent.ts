// Typed and rich results (docs/results.md): a tool returning a typed object, one returning a screenshot with a
// caption, each answered in every provider's own result form.
import {
  BaseAgent,
  type ToolRegistry,
  content,
  image,
  p,
  toAnthropicToolResult,
  toGeminiToolResult,
  toMcpToolResult,
  toOpenAIChatToolMessages,
  toOpenAIToolResult,
  tool,
} from "toolwright";
import { heading, showCall, step } from "./demo-story.js";

// A 1x1 transparent PNG, standing in for a real screenshot.
const PIXEL = "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=";

/** An agent whose results are a typed object and an image. */
export class BrowserAgent extends BaseAgent {
  static override agentName = "browser_agent";

  @tool({
    description: "Current weather for a city",
    params: { city: p.string() },
    returns: { city: p.string(), celsius: p.number(), summary: p.string() },
  })
  weather({ city }: { city: string }) {
    return { city, celsius: 21.5, summary: "sunny" };
  }

  @tool({ description: "Screenshot the page" })
  screenshot() {
    return content("The page as it looks now:", image({ data: PIXEL, mimeType: "image/png" }));
  }
}

/** Prints the section: the output schema, the calls, and each provider's answer (base64 shortened for reading). */
export async function resultsDemo(registry: ToolRegistry): Promise<void> {
  heading("Results: a typed object and a screenshot, in each provider's result form (docs/results.md)");
  const agent = new BrowserAgent({ registry });
  step(`weather's outputSchema: ${JSON.stringify(agent.toolSpecs()[0]?.outputSchema)}`);
  const weather = await agent.callTool("weather", { city: "Oslo" }, { callId: "call_w" });
  showCall("weather", { city: "Oslo" }, weather);
  const shot = await agent.callTool("screenshot", {}, { callId: "call_s" });
  showCall("screenshot", {}, shot);
  const call = { id: "call_s", name: "screenshot" };
  const short = (value: unknown) => JSON.stringify(value).replaceAll(PIXEL, `${PIXEL.slice(0, 12)}…`);
  step(`OpenAI Responses: ${short(toOpenAIToolResult(call, shot, { api: "responses" }))}`);
  step(`OpenAI Chat:      ${short(toOpenAIChatToolMessages([{ call, result: shot }]))}`);
  step(`Anthropic:        ${short(toAnthropicToolResult(call, shot))}`);
  step(`Gemini:           ${short(toGeminiToolResult(call, shot))}`);
  step(`MCP:              ${short(toMcpToolResult(shot))}`);
}
