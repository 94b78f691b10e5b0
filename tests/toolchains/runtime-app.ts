/**
 * The app every runtime row runs (issue #33): a two-tool agent (`p.string`, `p.integer({ minimum })`, one tool behind
 * approval), its OpenAI export, a valid call, invalid arguments and an approval round trip. Text, not a file: it
 * imports "toolwright" by its package name from a consumer project. `runChecks()` resolves with what each step gave.
 */
export const runtimeAppTs = `import { BaseAgent, ToolRegistry, p, tool, toOpenAITools } from "toolwright";

class FileAgent extends BaseAgent {
  static agentName = "file_agent";

  @tool({
    description: "Search for files",
    params: { pattern: p.string("Glob pattern"), maxResults: p.integer({ minimum: 1 }) },
    readOnly: true,
  })
  search({ pattern, maxResults }: { pattern: string; maxResults: number }): string {
    return pattern + " x" + maxResults;
  }

  @tool({ description: "Delete a file", params: { path: p.string("File path") }, requiresApproval: true })
  async remove({ path }: { path: string }): Promise<string> {
    await Promise.resolve();
    return "deleted " + path;
  }
}

export async function runChecks(): Promise<Record<string, unknown>> {
  const agent = new FileAgent();
  const valid = await agent.callTool("search", { pattern: "*.ts", maxResults: 2 });
  const invalid = await agent.callTool("search", { maxResults: 0, extra: true });
  const asked = await agent.callTool("remove", { path: "a.txt" });
  const approved = await agent.approvals.approve(asked.approvalId!);
  // Hand-written schemas, checked against the 2020-12 meta-schema at definition (dist/web: the no-eval engine and the
  // meta-schemas it bundles without their own titles and comments). One uses those keywords itself; one is not JSON
  // Schema.
  const registry = new ToolRegistry();
  const annotated = { type: "object", title: "Find", description: "Query", $comment: "hand-written",
    properties: { title: { type: "string", title: "Title", description: "A title" } }, required: ["title"] };
  registry.register("find", ({ title }: { title: string }) => "found " + title, { description: "Find", inputSchema: annotated });
  let refused = "";
  let badTitle = "";
  try {
    registry.register("titled", () => 1, { description: "Titled", inputSchema: { type: "object", title: 5 } });
  } catch (error) {
    badTitle = (error as Error).message;
  }
  try {
    registry.register("broken", () => 1, { description: "Broken", inputSchema: { type: "object", properties: { q: { type: 5 } } } });
  } catch (error) {
    refused = (error as Error).message;
  }
  const found = await registry.dispatch("find", { title: "a" });
  // A bare registry's dispatch throws what an agent's call answers.
  const notFound = await registry.dispatch("find", { title: 1 }).catch((error: Error) => error.message);
  return {
    handWritten: { found: found.content, invalid: notFound, refused, badTitle },
    exported: toOpenAITools(agent.toolSpecs(), { strict: true }),
    valid: { ok: valid.ok, content: valid.content },
    invalid: { ok: invalid.ok, code: invalid.error?.code, message: invalid.error?.message },
    asked: { outcome: asked.outcome, code: asked.error?.code },
    approved: { ok: approved.ok, content: approved.content },
  };
}
`;

/** A Worker (module syntax) that answers every request with the checks' JSON. */
export const workerTs = `import { runChecks } from "./app.js";

export default {
  async fetch(): Promise<Response> {
    try {
      return Response.json(await runChecks());
    } catch (error) {
      return Response.json({ threw: String((error as Error)?.stack ?? error) });
    }
  },
};
`;

/** A script that prints the checks' JSON (Node, Deno, Bun). */
export const printTs = `import { runChecks } from "./app.js";

runChecks().then((checks) => console.log(JSON.stringify(checks)), (error) => console.log(JSON.stringify({ threw: String(error?.stack ?? error) })));
`;

/** A page script for the browser row: it puts the checks' JSON on the page, and whether eval was refused. */
export const pageTs = `import { runChecks } from "./app.js";

// Under the page's CSP, code generation must be refused, or the row would not prove that toolwright needs none.
try {
  new Function("return 1");
  document.body.dataset.evalRefused = "no";
} catch {
  document.body.dataset.evalRefused = "yes";
}
runChecks().then(
  (checks) => { document.body.dataset.checks = JSON.stringify(checks); },
  (error) => { document.body.dataset.checks = JSON.stringify({ threw: String(error?.stack ?? error) }); },
);
`;
