import { BaseAgent, p, tool } from "toolwright";

// The app whose bundle issue #33 sizes: a two-tool agent (`p.string`, `p.integer({ minimum })`, one tool behind
// approval) in a Worker that calls a tool per request. One file, so the three that bundle it cannot drift apart:
// scripts/bundle-size.mjs (from dist/web, every dependency included: the size),
// tests/toolchains/runtimes.integration.test.ts (the same from the packed package: the size held to the target) and
// tests/toolchains/bundle-contents.test.ts (from src/, dependencies left out: which of toolwright's modules it keeps).
// The first and last resolve "toolwright" with an alias of their own.

class FileAgent extends BaseAgent {
  static override agentName = "file_agent";

  @tool({ description: "Search for files", params: { pattern: p.string(), maxResults: p.integer({ minimum: 1 }) } })
  search({ pattern, maxResults }: { pattern: string; maxResults: number }): string {
    return pattern + maxResults;
  }

  @tool({ description: "Delete a file", params: { path: p.string() }, requiresApproval: true })
  remove({ path }: { path: string }): string {
    return "deleted " + path;
  }
}

/** The Worker: each request names a tool and its arguments, and gets the call's result as JSON. */
export default {
  async fetch(request: Request): Promise<Response> {
    const { tool, args } = (await request.json()) as { tool: string; args: unknown };
    return Response.json(await new FileAgent().callTool(tool, args));
  },
};
