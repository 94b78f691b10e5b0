// `npm run demo`: the life of a tool call, from decorator to schema to dispatch, on the bundled examples.
import { ToolRegistry, renderToolResult, type ToolResult } from "../src/index.js";
import { AuditedFileAgent, MathAgent, registerMathTools } from "./file-agent.js";

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
show(
  "remove { path: README.md } (the override runs, with the parent's schema)",
  await agent.callTool("remove", { path: "README.md" }),
);
console.log(`   audit log: ${JSON.stringify(agent.auditLog)}`);

heading("Model mistakes come back as results it can read and correct");
show('search {"maxResults":0}', await agent.callTool("search", { maxResults: 0 }));
show("search with malformed JSON", await agent.callTool("search", '{"pattern": "*.ts",'));
show("delete_all {}", await agent.callTool("delete_all", {}));
show("remove a missing file", await agent.callTool("remove", { path: "nope.txt" }));

heading("Access control: the shared add tool admits math_agent only");
show(`${math.name}: add {a: 2, b: 3}`, await math.callTool("add", { a: 2, b: 3 }));
show(`${agent.name}: add {a: 2, b: 3}`, await agent.callTool("add", { a: 2, b: 3 }));
console.log(`   checkPermission(${agent.name}, add) = ${registry.checkPermission(agent.id, "add")}`);
