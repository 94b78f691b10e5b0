import { type ToolResult, toOpenAITools } from "toolwright";
import { TodoAgent } from "./agent.js";

// The calls a model would make, made here in order; the page shows each result as the model would read it.
const agent = new TodoAgent();
const log = document.querySelector<HTMLOListElement>("#log")!;
const shown: Record<string, unknown>[] = [];

function show(call: string, result: ToolResult): void {
  const content = typeof result.content === "string" ? result.content : JSON.stringify(result.content);
  const text = result.ok ? content : `${result.error?.code}: ${result.error?.message}`;
  shown.push({ call, ok: result.ok, outcome: result.outcome, text });
  const item = document.createElement("li");
  item.textContent = `${call} → ${text}`;
  log.append(item);
}

document.querySelector("#tools")!.textContent = JSON.stringify(toOpenAITools(agent.toolSpecs()), null, 2);

show('add({ text: "buy milk" })', await agent.callTool("add", { text: "buy milk" }));
show('add({ text: "water the plants" })', await agent.callTool("add", { text: "water the plants" }));
// A model's mistake comes back as a result it can read and fix, validated without eval (the page's CSP forbids it).
show("list({ limit: 0 })", await agent.callTool("list", { limit: 0 }));
show("list({ limit: 5 })", await agent.callTool("list", { limit: 5 }));

// clear() needs approval: the call returns at once with an approval id, and the person answers with a button.
const asked = await agent.callTool("clear", {});
show("clear()", asked);
const question = document.querySelector<HTMLElement>("#approval")!;
question.hidden = false;
const answered = await new Promise<ToolResult>((resolve) => {
  document
    .querySelector("#approve")!
    .addEventListener("click", () => resolve(agent.approvals.approve(asked.approvalId!)));
  document
    .querySelector("#reject")!
    .addEventListener("click", () => resolve(agent.approvals.reject(asked.approvalId!, "the person said no")));
});
question.hidden = true;
show("clear(), answered", answered);
show("list({ limit: 5 })", await agent.callTool("list", { limit: 5 }));

// What the example's test reads.
document.body.dataset.results = JSON.stringify(shown);
