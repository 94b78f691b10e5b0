// Every row of the "Common mistakes" table in docs/getting-started.md, made for real: the mistake, caught where the
// table says, with a message that contains the table's excerpt. A row without a case here, or a case without a row,
// fails too, so the table and the library cannot drift apart.
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { BaseAgent, ToolRegistry, builtinTool, p, registerGeneratedSchemas, renderToolResult, tool } from "toolwright";
import { checkAllowedAgents } from "../../src/cli/allowed-agents-check.js";
import { doctorReport } from "../../src/cli/doctor/run-doctor.js";
import { findHiddenToolMethods } from "../../src/generate/hidden-tool-methods.js";
import { loadTypeScript } from "../../src/generate/load-typescript.js";
import { tempFolders } from "../support/temp-folders.js";

const root = resolve(__dirname, "../..");

interface Row {
  readonly mistake: string;
  readonly caught: string;
  readonly message: string;
}

function tableRows(): Row[] {
  const page = readFileSync(join(root, "docs", "getting-started.md"), "utf8");
  const section = page.slice(page.indexOf("## Common mistakes"), page.indexOf("## Next"));
  return section
    .split("\n")
    .filter((line) => line.startsWith("| ") && !line.startsWith("| Mistake") && !line.startsWith("| ---"))
    .map((line) => {
      const [mistake = "", caught = "", message = ""] = line
        .split("|")
        .slice(1, -1)
        .map((cell) => cell.trim());
      return { mistake, caught, message: message.replace(/^`|`$/g, "") };
    });
}

const registry = () => ({ registry: new ToolRegistry() });

// The folders the cases write their files into, removed once the suite is done.
const tempFolder = tempFolders("toolwright-mistakes-");

function thrown(run: () => unknown): string {
  try {
    run();
  } catch (error) {
    return (error as Error).message;
  }
  return "(nothing was thrown)";
}

// Each case makes its row's mistake and returns the message toolwright gives, keyed by the start of the row.
const CASES: Record<string, () => string | Promise<string>> = {
  "Ran `toolwright generate` but did not import": () => {
    class ForgotAgent extends BaseAgent {
      /** Only generate reads this. */
      @tool()
      find({ q }: { q: string }) {
        return q;
      }
    }
    return thrown(() => new ForgotAgent(registry()));
  },
  "Changed a default in the method": () => {
    registerGeneratedSchemas({
      version: 1,
      tools: {
        "ListAgent.list": {
          kind: "builtin",
          description: "List.",
          parameters: ["limit"],
          inputSchema: { type: "object", properties: { limit: { type: "number", default: 10 } } },
        },
      },
    });
    class ListAgent extends BaseAgent {
      @builtinTool()
      list(limit = 20) {
        return limit;
      }
    }
    return thrown(() => new ListAgent(registry()));
  },
  "A typo in `allowedAgents`": () =>
    checkAllowedAgents([{ name: "add", allowedAgents: ["math_agnet"] }], ["math_agent", "file_agent"])
      .map((finding) => finding.message)
      .join("\n"),
  "`@tool` on a class that does not extend `BaseAgent`": () => {
    class Helpers {
      @tool({ description: "Echo", params: { text: p.string() } })
      echo({ text }: { text: string }) {
        return text;
      }
    }
    return thrown(() => new Helpers());
  },
  "`@tool` on a TypeScript `private` method": async () => {
    const issues = findHiddenToolMethods(
      await loadTypeScript(),
      join(root, "tests/fixtures/first-hour/hidden-tools.ts"),
    );
    return issues.map((issue) => issue.message).join("\n");
  },
  "`@tool` on a `#private` or `static` method": () =>
    thrown(() => {
      class Secret extends BaseAgent {
        @tool({ description: "Hidden", params: {} })
        // eslint-disable-next-line no-unused-private-class-members -- the decorator refuses it before any use
        #hidden() {
          return 1;
        }
      }
      return Secret;
    }),
  "Two agent classes of one name": () => {
    // Two files that each define a NotesAgent, as two test files do, loaded from tests/a.test.ts and tests/b.test.ts
    // of a folder that is the working directory while they run.
    const dir = tempFolder();
    mkdirSync(join(dir, "tests"));
    const source = (file: string) =>
      `module.exports = (Base) => class NotesAgent extends Base { static agentName = "notes"; file = "${file}"; };\n`;
    writeFileSync(join(dir, "tests", "a.test.ts"), source("a"));
    writeFileSync(join(dir, "tests", "b.test.ts"), source("b"));
    const before = process.cwd();
    process.chdir(dir);
    try {
      type Make = (base: typeof BaseAgent) => new (options: { registry: ToolRegistry }) => BaseAgent;
      // eslint-disable-next-line @typescript-eslint/no-require-imports -- files written at run time, loaded by jest
      const [A, B] = ["a", "b"].map((name) => (require(join(dir, "tests", `${name}.test.ts`)) as Make)(BaseAgent));
      const shared = new ToolRegistry();
      new A!({ registry: shared });
      return thrown(() => new B!({ registry: shared }));
    } finally {
      process.chdir(before);
    }
  },
  '`"target": "ESNext"` from `tsc --init`': () => {
    const dir = tempFolder();
    writeFileSync(join(dir, "package.json"), JSON.stringify({ type: "module" }));
    writeFileSync(
      join(dir, "tsconfig.json"),
      JSON.stringify({ compilerOptions: { target: "ESNext", module: "NodeNext" } }),
    );
    return doctorReport(join(dir, "tsconfig.json"))
      .findings.map((finding) => finding.message)
      .join("\n");
  },
  "A model calls a discriminated union": async () => {
    class NotifyAgent extends BaseAgent {
      @tool({
        description: "Notify",
        params: {
          channel: p.union([
            p.object({ kind: p.literal("email"), address: p.string() }),
            p.object({ kind: p.literal("phone"), number: p.string() }),
          ]),
        },
      })
      notify(args: { channel: unknown }) {
        return args;
      }
    }
    const result = await new NotifyAgent(registry()).callTool("notify", { channel: { kind: "phone" } });
    return result.error?.message ?? "(the call succeeded)";
  },
  "A default its own descriptor breaks": () => thrown(() => p.integer({ minimum: 1 }).default(0)),
  "A model calls a tool by a misspelt name": async () => {
    class NotesAgent extends BaseAgent {
      @tool({ description: "Search notes", params: { query: p.string() } })
      search_notes({ query }: { query: string }) {
        return query;
      }
    }
    const result = await new NotesAgent(registry()).callTool("serch_notes", { query: "x" });
    return result.error?.message ?? "(the call succeeded)";
  },
  "A handler that returns nothing": async () => {
    class QuietAgent extends BaseAgent {
      @tool({ description: "Forget everything", params: {} })
      forget() {
        // Nothing to say.
      }
    }
    return renderToolResult(await new QuietAgent(registry()).callTool("forget", {}));
  },
};

describe("docs/getting-started.md: common mistakes", () => {
  const rows = tableRows();

  it("has a case for every row and a row for every case", () => {
    const keys = Object.keys(CASES);
    expect(rows.map((row) => keys.find((key) => row.mistake.startsWith(key)) ?? row.mistake)).toEqual(keys);
  });

  it.each(rows.map((row) => [row.mistake, row] as const))(
    "%s",
    async (_mistake, row) => {
      const key = Object.keys(CASES).find((k) => row.mistake.startsWith(k));
      expect(key).toBeDefined();
      expect(await CASES[key!]!()).toContain(row.message);
    },
    60_000,
  );
});
