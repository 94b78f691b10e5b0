// `npm run demo`: the life of a tool call, from decorator to schema to dispatch, on the bundled examples.
import {
  ToolRegistry,
  checkCompatibility,
  toAnthropicTools,
  toGeminiTools,
  toMcpTools,
  toOpenAITools,
} from "toolwright";
import { finished, heading, showCall, step } from "./demo-story.js";
import { AuditedFileAgent, MathAgent, registerMathTools } from "./file-agent.js";
import { runtimeDemo } from "./runtime-agent.js";
import { NotesAgent } from "./typed-agent.js";
import { toolSearchDemo } from "./tool-search-agent.js";
import { resultsDemo } from "./results-agent.js";
import { progressDemo } from "./progress-agent.js";

const registry = new ToolRegistry();
registerMathTools(registry);
const agent = new AuditedFileAgent({ registry });
const math = new MathAgent({ registry });

heading(`Tools of agent "${agent.name}" (inherited from FileAgent)`);
for (const spec of agent.toolSpecs())
  step(`${spec.name}: ${spec.description}\n   schema: ${JSON.stringify(spec.inputSchema)}`);

heading("Calls, as a model would send them");
showCall("search", '{"pattern":"src/*.ts"}', await agent.callTool("search", '{"pattern":"src/*.ts"}'));
const pending = await agent.callTool("remove", { path: "README.md" });
showCall("remove", { path: "README.md" }, pending, "requiresApproval: the call waits");
step(`approvals.approve("${pending.approvalId}"): the override runs, with the parent's schema`);
showCall("remove", { path: "README.md" }, await agent.approvals.approve(pending.approvalId!));
step(`audit log: ${JSON.stringify(agent.auditLog)}`);

heading("Model mistakes come back as results it can read and correct");
showCall("search", { maxResults: 0 }, await agent.callTool("search", { maxResults: 0 }));
showCall("search", '{"pattern": "*.ts",', await agent.callTool("search", '{"pattern": "*.ts",'), "malformed JSON");
showCall("delete_all", {}, await agent.callTool("delete_all", {}));
const missing = await agent.callTool("remove", { path: "nope.txt" });
showCall("remove", { path: "nope.txt" }, await agent.approvals.approve(missing.approvalId!), "approved");
const rejected = await agent.callTool("remove", { path: "src/index.ts" });
const refusal = await agent.approvals.reject(rejected.approvalId!, "keep the entry point");
showCall("remove", { path: "src/index.ts" }, refusal, "rejected by the user");

heading("Access control: the shared add tool admits math_agent only");
showCall("add", { a: 2, b: 3 }, await math.callTool("add", { a: 2, b: 3 }), `called by ${math.name}`);
showCall("add", { a: 2, b: 3 }, await agent.callTool("add", { a: 2, b: 3 }), `called by ${agent.name}`);
step(`checkPermission(${agent.name}, add) = ${registry.checkPermission(agent.id, "add")}`);

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
step(JSON.stringify(notes.toolSpecs()[0], null, 2));
showCall("search", { pattern: "notes/*" }, await notes.callTool("search", { pattern: "notes/*" }));
showCall("find", { text: "ship", tags: ["todo"] }, await notes.callTool("find", { text: "ship", tags: ["todo"] }));
showCall(
  "search",
  { pattern: "*", maxResults: 1.5 },
  await notes.callTool("search", { pattern: "*", maxResults: 1.5 }),
);

await resultsDemo(registry);
await progressDemo(registry);

heading("Deferred tools: a search loads a tool for the next turn");
await toolSearchDemo();

await runtimeDemo();

heading("MCP both ways: serve the file agent, import its tools into another registry (127.0.0.1 only)");
await import("./mcp-roundtrip.js");

finished();
