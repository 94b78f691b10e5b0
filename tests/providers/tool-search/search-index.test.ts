import fc from "fast-check";
import { type ExportableTool } from "toolwright";
import { ToolSearchIndex, searchIndexFor } from "../../../src/providers/tool-search/search-index.js";
import { plainSearch } from "./plain-search.js";

// A small vocabulary, so queries and tools share words often and scores tie often.
const word = fc.constantFrom("get", "list", "send", "email", "invoice", "customer", "file", "rate", "money", "time");
const text = fc.array(word, { minLength: 0, maxLength: 8 }).map((words) => words.join(" "));
const toolsArbitrary = fc
  .uniqueArray(fc.tuple(fc.array(word, { minLength: 1, maxLength: 3 }), text, fc.nat(99)), {
    minLength: 1,
    maxLength: 40,
    selector: ([nameWords, , n]) => `${nameWords.join("_")}_${n}`,
  })
  .map((rows) =>
    rows.map(([nameWords, description, n]): ExportableTool => ({
      name: `${nameWords.join("_")}_${n}`,
      description,
      inputSchema: { type: "object", properties: {} },
    })),
  );

describe("ToolSearchIndex", () => {
  it("ranks exactly as the plain BM25 search when tools and queries vary", () => {
    fc.assert(
      fc.property(toolsArbitrary, text, fc.integer({ min: 1, max: 25 }), (tools, query, limit) => {
        expect(new ToolSearchIndex(tools).search(query, limit)).toEqual(plainSearch(tools, query, limit));
      }),
      { numRuns: 400, seed: 23 },
    );
  });

  it("puts an exactly named tool first when its name is the query, as the plain search does", () => {
    fc.assert(
      fc.property(toolsArbitrary, fc.nat(), fc.integer({ min: 1, max: 5 }), (tools, pick, limit) => {
        const query = ` ${tools[pick % tools.length]!.name} `;
        const found = new ToolSearchIndex(tools).search(query, limit);
        expect(found[0]?.name).toBe(query.trim());
        expect(found).toEqual(plainSearch(tools, query, limit));
      }),
      { numRuns: 200, seed: 7 },
    );
  });

  it("returns every match when the limit is Infinity and none when it is not a positive number", () => {
    const tools = [
      { name: "a", description: "send email", inputSchema: { type: "object" as const, properties: {} } },
      { name: "b", description: "email", inputSchema: { type: "object" as const, properties: {} } },
    ];
    const index = new ToolSearchIndex(tools);
    expect(index.search("email", Infinity).map((m) => m.name)).toEqual(["b", "a"]);
    expect(index.search("email", 0)).toEqual([]);
    expect(index.search("email", Number.NaN)).toEqual([]);
    expect(index.search("email", -3)).toEqual([]);
  });

  it("sorts every hit when the limit is above the small-list size", () => {
    const tools = Array.from({ length: 100 }, (_, i) => ({
      name: `tool_${i}`,
      description: i % 3 === 0 ? "send email email" : "send",
      inputSchema: { type: "object" as const, properties: {} },
    }));
    expect(new ToolSearchIndex(tools).search("send email", 90)).toEqual(plainSearch(tools, "send email", 90));
  });
});

describe("searchIndexFor", () => {
  const tool = (name: string): ExportableTool => ({
    name,
    description: `Tool ${name}`,
    inputSchema: { type: "object", properties: {} },
  });

  it("returns the same index when the same tools come in a new array", () => {
    const tools = [tool("a"), tool("b")];
    expect(searchIndexFor([...tools])).toBe(searchIndexFor([...tools]));
  });

  it("builds a new index when a tool joins, leaves or is replaced", () => {
    const [a, b, c] = [tool("a"), tool("b"), tool("c")];
    const first = searchIndexFor([a, b]);
    const joined = searchIndexFor([a, b, c]);
    expect(joined).not.toBe(first);
    expect(joined.search("c", 5).map((m) => m.name)).toEqual(["c"]);
    const replaced = searchIndexFor([a, tool("b")]);
    expect(replaced).not.toBe(joined);
    expect(replaced.covers([a, b])).toBe(false);
    expect(searchIndexFor([a]).search("b", 5)).toEqual([]);
  });
});
