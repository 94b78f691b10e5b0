// The example of DESIGN §1: a module-level tool shared with one agent, an agent with a @tool and a @builtinTool,
// and a subclass that inherits both and overrides one. Files live in memory so the demo touches no disk.
import { BaseAgent, builtinTool, p, tool, type ToolRegistry } from "toolwright";

/** An in-memory file system the agents work on. */
export const files = new Map<string, string>([
  ["src/index.ts", "export {};"],
  ["src/agent.ts", "export class Agent {}"],
  ["README.md", "# demo"],
]);

/** Registers the module-level `add` tool, shared with the agent named "math_agent" only. */
export function registerMathTools(registry: ToolRegistry): void {
  registry.register("add", ({ a, b }: { a: number; b: number }) => a + b, {
    description: "Add two numbers",
    inputSchema: {
      type: "object",
      properties: { a: { type: "number" }, b: { type: "number" } },
      required: ["a", "b"],
    },
    allowedAgents: ["math_agent"],
  });
}

function globToRegExp(pattern: string): RegExp {
  const escaped = pattern
    .replace(/[.+^${}()|[\]\\]/g, "\\$&")
    .replace(/\*/g, ".*")
    .replace(/\?/g, ".");
  return new RegExp(`^${escaped}$`);
}

/** An agent that searches and deletes files. */
export class FileAgent extends BaseAgent {
  static override agentName = "file_agent";

  // @tool: the schema is declared; the method receives the validated arguments object.
  @tool({
    description: "Search for files matching a glob pattern",
    params: { pattern: p.string("Glob pattern"), maxResults: p.integer({ minimum: 1 }).default(10) },
    readOnly: true,
    timeoutMs: 5_000,
  })
  async search({ pattern, maxResults }: { pattern: string; maxResults: number }) {
    const regex = globToRegExp(pattern);
    return [...files.keys()].filter((path) => regex.test(path)).slice(0, maxResults);
  }

  // @builtinTool: the method's own parameters are the tool's parameters.
  @builtinTool({ description: "Delete a file", params: { path: p.string("File path") }, requiresApproval: true })
  async remove(path: string) {
    if (!files.delete(path)) throw new Error(`no such file: ${path}`);
    return `deleted ${path}`;
  }
}

/** Inherits search and remove, schemas and all; its remove keeps the parent's schema and adds an audit line. */
export class AuditedFileAgent extends FileAgent {
  static override agentName = "audited_file_agent";
  readonly auditLog: string[] = [];

  override async remove(path: string) {
    this.auditLog.push(`remove ${path}`);
    return super.remove(path);
  }
}

/** An agent with no tools of its own, allowed to use the shared `add`. */
export class MathAgent extends BaseAgent {
  static override agentName = "math_agent";
}
