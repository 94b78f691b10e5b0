import { Agent, Runner, setTracingDisabled } from "@openai/agents";
import { toOpenAIAgentsTools } from "toolwright/openai-agents";
import { PDF, PNG, makeRichAgent } from "../rich-agent.js";
import { oneCallModel } from "../../support/scripted-agents-model.js";

setTracingDisabled(true);

async function sentOutput(toolName: string, args: unknown = {}, outputSchema = false) {
  const model = oneCallModel(toolName, args, { reply: "ok" });
  const tools = toOpenAIAgentsTools(makeRichAgent(), { outputSchema });
  await new Runner().run(new Agent({ name: "rich", instructions: "Help.", model, tools }), "Go");
  return model.lastOutput;
}

describe("toOpenAIAgentsTools with rich and typed results", () => {
  it("sends a screenshot with its caption as the SDK's text and image outputs", async () => {
    expect(await sentOutput("screenshot")).toEqual([
      { type: "input_text", text: "The page as it looks now:" },
      expect.objectContaining({ type: "input_image", image: `data:image/png;base64,${PNG}` }),
    ]);
  });

  it("sends a PDF as the SDK's file output with its file name", async () => {
    expect(await sentOutput("report")).toEqual([
      { type: "input_text", text: "Sales report attached." },
      expect.objectContaining({
        type: "input_file",
        file: `data:application/pdf;base64,${PDF}`,
        filename: "sales.pdf",
      }),
    ]);
  });

  it("passes an object output schema only when asked, and answers such a tool with its value as JSON", async () => {
    const plain = toOpenAIAgentsTools(makeRichAgent());
    expect(plain.find((t) => t.name === "forecast")).not.toHaveProperty("outputSchema");
    const typed = toOpenAIAgentsTools(makeRichAgent(), { outputSchema: true });
    expect(typed.find((t) => t.name === "forecast")?.outputSchema).toMatchObject({
      type: "object",
      properties: { city: { type: "string" }, celsius: { type: "number" } },
    });
    // An integer root is no object: the SDK's outputSchema is not passed for it.
    expect(typed.find((t) => t.name === "broken")).not.toHaveProperty("outputSchema");
    const sent = (await sentOutput("forecast", { city: "Oslo" }, true)) as { type: string; text: string };
    expect(sent.type).toBe("text");
    expect(JSON.parse(sent.text)).toEqual({ city: "Oslo", celsius: 21.5 });
  });

  it("tells the model a value that breaks returns failed with INVALID_RESULT", async () => {
    const sent = (await sentOutput("broken")) as { type: string; text: string };
    expect(sent.text).toMatch(/^Error \(INVALID_RESULT\)/);
  });
});
