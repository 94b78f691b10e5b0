// The agents `toolwright dev` shows in docs/devtools.md and its browser test drives: one tool for each thing the
// playground renders (a form of every kind, an image and a file and a link, progress, a background task, an
// approval), a second agent, and a module-level tool only one of them may see.
//
//   npx toolwright dev examples/dev-agent.ts
import { BaseAgent, content, file, image, p, resourceLink, tool, toolRegistry } from "toolwright";

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

// A 24x24 checkerboard PNG, small enough to inline and large enough to see.
const CHECKERBOARD =
  "iVBORw0KGgoAAAANSUhEUgAAABgAAAAYCAIAAABvFaqvAAAALklEQVR42mPQj76Mhr7tM0JDxKhhGDWIjgaRpw1TzahB9DRoNGWP5rVRg+hiEABTuauOqHJw5AAAAABJRU5ErkJggg==";

/** An agent with one tool for each path of a call: plain, rich results, progress, background, approval. */
export class PlaygroundAgent extends BaseAgent {
  static override agentName = "playground_agent";

  @tool({
    description: "Search the catalogue",
    params: {
      query: p.string("Words to look for"),
      limit: p.integer({ minimum: 1, maximum: 50 }).default(10),
      mode: p.enum(["fast", "thorough"]),
      includeArchived: p.boolean().optional(),
      tags: p.array(p.string()).optional(),
      price: p.object({ min: p.number().optional(), max: p.number().optional() }).optional(),
    },
    readOnly: true,
  })
  search(args: { query: string; limit: number; mode: "fast" | "thorough" }) {
    // The arguments as the tool received them (validated, defaults filled in), to see what the form sent.
    return { hits: [{ id: 1, title: `${args.query} (${args.mode})` }], args };
  }

  @tool({ description: "Take a snapshot of the board: an image, a CSV file and a link", readOnly: true })
  snapshot() {
    return content(
      "The board as it looks now:",
      image({ data: CHECKERBOARD, mimeType: "image/png" }),
      file({ data: Buffer.from("row,value\n1,42\n").toString("base64"), mimeType: "text/csv", filename: "board.csv" }),
      resourceLink({ uri: "https://example.com/board", name: "board", description: "the board online" }),
    );
  }

  @tool({ description: "Import rows one by one, reporting progress", params: { rows: p.integer({ minimum: 1 }) } })
  async *importRows({ rows }: { rows: number }) {
    for (let row = 1; row <= rows; row++) {
      await pause(250);
      yield { progress: row, total: rows, message: `row ${row}` };
    }
    return { imported: rows };
  }

  @tool({ description: "Rebuild the index in the background", timeoutMs: 50, onTimeout: "background" })
  async *reindex() {
    for (let shard = 1; shard <= 8; shard++) {
      await pause(400);
      yield { progress: shard, total: 8, message: `shard ${shard} of 8` };
    }
    return "index rebuilt";
  }

  @tool({ description: "Delete a branch", params: { branch: p.string() }, requiresApproval: true })
  deleteBranch({ branch }: { branch: string }) {
    return `deleted ${branch}`;
  }
}

/** A second agent, to show which agent sees which tool. */
export class ReaderAgent extends BaseAgent {
  static override agentName = "reader_agent";

  @tool({ description: "Read a note", params: { id: p.integer() }, readOnly: true })
  readNote({ id }: { id: number }) {
    return `note ${id}`;
  }
}

// A module-level tool shared with playground_agent only.
if (!toolRegistry.has("add")) {
  toolRegistry.register("add", ({ a, b }: { a: number; b: number }) => a + b, {
    description: "Add two numbers",
    inputSchema: {
      type: "object",
      properties: { a: { type: "number" }, b: { type: "number" } },
      required: ["a", "b"],
    },
    allowedAgents: ["playground_agent"],
  });
}
