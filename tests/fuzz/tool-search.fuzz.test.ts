import fc from "fast-check";
import {
  BaseAgent,
  type ExportableTool,
  ToolRegistry,
  type ToolResult,
  type ToolSearchReport,
  toAnthropicTools,
  toOpenAITools,
} from "toolwright";
import { searchTerms } from "../../src/providers/tool-search/bm25.js";
import { plainSearch } from "../providers/tool-search/plain-search.js";

// `npm test` makes about 2,000 tool_search calls; `npm run fuzz` (FUZZ_CALLS=1000000) about 100,000. FUZZ_SEED
// replays a reported failure.
const RUNS = Math.max(100, Math.ceil(Number(process.env.FUZZ_CALLS ?? 20_000) / 100));
const SEED = Number(process.env.FUZZ_SEED ?? 20261201);
const CALLS_PER_RUN = 8;

const VOCABULARY = ["get", "send", "email", "invoice", "customer", "files", "rate", "to", "the", "HTTPServer", "café"];
const word = fc.oneof(fc.constantFrom(...VOCABULARY), fc.string({ unit: "binary", minLength: 1, maxLength: 8 }));
const words = (max: number) => fc.array(word, { maxLength: max }).map((list) => list.join(" "));
const toolName = fc.stringMatching(/^[A-Za-z][A-Za-z0-9_]{0,15}$/);

interface FuzzedTool {
  readonly name: string;
  readonly description: string;
  readonly visible: boolean;
  readonly deferred: boolean;
}

const toolsArbitrary = fc.uniqueArray(
  fc.record({ name: toolName, description: words(12), visible: fc.boolean(), deferred: fc.boolean() }),
  { minLength: 1, maxLength: 30, selector: (t) => t.name.toLowerCase() },
);

const queryArbitrary: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 4, arbitrary: words(6) },
  { weight: 2, arbitrary: fc.string({ unit: "binary", maxLength: 60 }) },
  {
    weight: 1,
    arbitrary: fc.integer({ min: 33, max: 60 }).map((n) => Array.from({ length: n }, (_, i) => `w${i}`).join(" ")),
  },
  { weight: 1, arbitrary: fc.integer({ min: 990, max: 1_100 }).map((n) => "ab ".repeat(n).slice(0, n)) },
  { weight: 1, arbitrary: fc.constantFrom("", " ", "to the of", "__proto__", "constructor") },
  { weight: 1, arbitrary: fc.constantFrom(42, null, ["send"], { query: "send" }) },
);
const limitArbitrary: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 4, arbitrary: fc.constant(undefined) },
  { weight: 4, arbitrary: fc.integer({ min: 1, max: 20 }) },
  { weight: 1, arbitrary: fc.constantFrom(0, -1, 21, 1.5, "3", null, Number.NaN) },
);
const storedArbitrary = (names: readonly string[]) =>
  fc.array(fc.oneof(fc.constantFrom(...names), fc.constant("unknown_tool")), { maxLength: 6 });

class Searcher extends BaseAgent {
  static override agentName = "fuzz_searcher";
}

function makeAgent(tools: readonly FuzzedTool[]): { agent: Searcher; visibleDeferred: ExportableTool[] } {
  const registry = new ToolRegistry();
  const visibleDeferred: ExportableTool[] = [];
  for (const t of tools) {
    const registered = registry.register(t.name, () => t.name, {
      description: t.description || "A tool",
      inputSchema: { type: "object", properties: {} },
      deferred: t.deferred,
      ...(t.visible ? {} : { allowedAgents: ["someone_else"] }),
    });
    if (t.visible && t.deferred) visibleDeferred.push(registered);
  }
  return { agent: new Searcher({ registry }), visibleDeferred };
}

const names = (tools: readonly { name: string }[]) => tools.map((t) => t.name);

let unhandled = 0;
const onUnhandled = () => void (unhandled += 1);
beforeAll(() => process.on("unhandledRejection", onUnhandled));
afterAll(() => void process.off("unhandledRejection", onUnhandled));

describe("tool_search under fuzzed tools, queries, limits and stored states", () => {
  it(`answers every query as the plain BM25 search does, within its limits, over ${RUNS * CALLS_PER_RUN} calls`, async () => {
    await fc.assert(
      fc.asyncProperty(
        toolsArbitrary.chain((tools) =>
          fc.tuple(
            fc.constant(tools),
            fc.array(fc.tuple(queryArbitrary, limitArbitrary), { minLength: CALLS_PER_RUN, maxLength: CALLS_PER_RUN }),
            storedArbitrary(tools.map((t) => t.name)),
          ),
        ),
        async ([tools, calls, stored]) => {
          const { agent, visibleDeferred } = makeAgent(tools);
          const loaded = { names: [...stored] };
          for (const [query, limit] of calls) {
            const args = limit === undefined ? { query } : { query, limit };
            let result: ToolResult;
            try {
              result = await agent.callTool("tool_search", args, { loadedTools: loaded });
            } catch (error) {
              throw new Error(`callTool threw for ${JSON.stringify(args)}: ${String(error)}`, { cause: error });
            }
            if (visibleDeferred.length === 0) {
              expect(result.error?.code).toBe("TOOL_NOT_FOUND");
              continue;
            }
            // null for an optional field means absent (DESIGN §2, docs/providers.md), so the default applies.
            const given = limit === null ? undefined : limit;
            const validLimit =
              given === undefined || (Number.isInteger(given) && (given as number) >= 1 && (given as number) <= 20);
            const validQuery = typeof query === "string" && query.length >= 1 && query.length <= 1_000;
            if (!validLimit || !validQuery || searchTerms(query).length > 32) {
              expect(result).toMatchObject({ ok: false, error: { code: "INVALID_ARGUMENTS" } });
              continue;
            }
            expect(result.ok).toBe(true);
            const report = result.content as ToolSearchReport;
            expect(report.tools).toEqual(plainSearch(visibleDeferred, query, (given as number | undefined) ?? 5));
            for (const found of report.tools) expect(loaded.names).toContain(found.name);
          }
          // What the state lists next turn: each tool once, only tools the agent may see, and every exporter takes it.
          const turn = agent.toolsForTurn(loaded);
          expect(new Set(names(turn)).size).toBe(turn.length);
          const allowed = new Set(["tool_search", ...tools.filter((t) => t.visible).map((t) => t.name)]);
          for (const name of names(turn)) expect(allowed.has(name)).toBe(true);
          toOpenAITools(turn);
          toAnthropicTools(turn);
        },
      ),
      { seed: SEED, numRuns: RUNS, endOnFailure: true },
    );
  }, 600_000);

  // Its own test, so it runs whatever the property above found.
  it("leaves no unhandled rejection behind when the searches are done", async () => {
    await new Promise((resolve) => setImmediate(resolve));
    expect(unhandled).toBe(0);
  });
});
