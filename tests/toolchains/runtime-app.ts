/**
 * The app every runtime row runs (issue #33): a two-tool agent (`p.string`, `p.integer({ minimum })`, one tool behind
 * approval), its OpenAI export, a valid call, invalid arguments and an approval round trip. Text, not a file: it
 * imports "toolwright" by its package name from a consumer project. `runChecks()` resolves with what each step gave.
 */
export const runtimeAppTs = `import { BaseAgent, p, tool, toOpenAITools } from "toolwright";

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
  return {
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
