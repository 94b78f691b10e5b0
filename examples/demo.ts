// `npm run demo`: the life of a tool call, from decorator to schema to dispatch, on the bundled examples.
import {
  ToolRegistry,
  checkCompatibility,
  renderToolResult,
  toAnthropicTools,
  toGeminiTools,
  toMcpTools,
  toOpenAITools,
  type ToolResult,
} from "../src/index.js";
import { AuditedFileAgent, MathAgent, registerMathTools } from "./file-agent.js";
import { runtimeDemo } from "./runtime-agent.js";
import { NotesAgent } from "./typed-agent.js";
import { toolSearchDemo } from "./tool-search-agent.js";

const registry = new ToolRegistry();
registerMathTools(registry);
const agent = new AuditedFileAgent({ registry });
const math = new MathAgent({ registry });

function heading(text: string): void {
  console.log(`\n== ${text}`);
}

function show(label: string, result: ToolResult): void {
  console.log(`${label}\n   -> ${result.outcome}: ${renderToolResult(result)}`);
}

heading(`Tools of agent "${agent.name}" (inherited from FileAgent)`);
console.log(JSON.stringify(agent.toolSpecs(), null, 2));

heading("Calls, as a model would send them");
show('search {"pattern":"src/*.ts"}', await agent.callTool("search", '{"pattern":"src/*.ts"}'));
const pending = await agent.callTool("remove", { path: "README.md" });
show("remove { path: README.md } (requiresApproval: the call waits)", pending);
show(
  "approvals.approve(id): the override runs, with the parent's schema",
  await agent.approvals.approve(pending.approvalId!),
);
console.log(`   audit log: ${JSON.stringify(agent.auditLog)}`);

heading("Model mistakes come back as results it can read and correct");
show('search {"maxResults":0}', await agent.callTool("search", { maxResults: 0 }));
show("search with malformed JSON", await agent.callTool("search", '{"pattern": "*.ts",'));
show("delete_all {}", await agent.callTool("delete_all", {}));
const missing = await agent.callTool("remove", { path: "nope.txt" });
show("remove a missing file, approved", await agent.approvals.approve(missing.approvalId!));
const rejected = await agent.callTool("remove", { path: "src/index.ts" });
show(
  "remove src/index.ts, rejected by the user",
  await agent.approvals.reject(rejected.approvalId!, "keep the entry point"),
);

heading("Access control: the shared add tool admits math_agent only");
show(`${math.name}: add {a: 2, b: 3}`, await math.callTool("add", { a: 2, b: 3 }));
show(`${agent.name}: add {a: 2, b: 3}`, await agent.callTool("add", { a: 2, b: 3 }));
console.log(`   checkPermission(${agent.name}, add) = ${registry.checkPermission(agent.id, "add")}`);

heading("The same tools for each provider");
const specs = agent.toolSpecs();
console.log("OpenAI Chat (strict):", JSON.stringify(toOpenAITools(specs, { api: "chat", strict: true })[0]));
console.log("OpenAI Responses:    ", JSON.stringify(toOpenAITools(specs, { api: "responses", strict: true })[0]));
console.log("Anthropic:           ", JSON.stringify(toAnthropicTools(specs)[0]));
console.log("Gemini (openapi):    ", JSON.stringify(toGeminiTools(specs, { mode: "openapi" })[0]));
console.log("MCP:                 ", JSON.stringify(toMcpTools(agent.tools())[0]));
const findings = checkCompatibility(specs, "gemini", { mode: "openapi" });
console.log(`Compatibility findings for Gemini: ${findings.length === 0 ? "none" : JSON.stringify(findings)}`);

heading("TypeScript-first: schemas from signatures and JSDoc (npx toolwright generate, see docs/generate.md)");
const notes = new NotesAgent({ registry });
console.log(JSON.stringify(notes.toolSpecs()[0], null, 2));
show('search {"pattern":"notes/*"}', await notes.callTool("search", { pattern: "notes/*" }));
show('find {"text":"ship","tags":["todo"]}', await notes.callTool("find", { text: "ship", tags: ["todo"] }));
show('search {"pattern":"*","maxResults":1.5}', await notes.callTool("search", { pattern: "*", maxResults: 1.5 }));

heading("Deferred tools: a search loads a tool for the next turn");
await toolSearchDemo();

heading("The runtime: background hand-off, approval, retry, batches");
await runtimeDemo();

heading("MCP both ways: serve the file agent, import its tools into another registry (127.0.0.1 only)");
await import("./mcp-roundtrip.js");
