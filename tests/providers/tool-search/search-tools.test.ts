import { type ExportableTool, p } from "toolwright";
import { rankBm25, searchTerms } from "../../../src/providers/tool-search/bm25.js";
import { searchTools } from "../../../src/providers/tool-search/search-tools.js";

const spec = (name: string, description: string, extra: Partial<ExportableTool> = {}): ExportableTool => ({
  name,
  description,
  inputSchema: { type: "object", properties: {} },
  ...extra,
});

describe("searchTerms", () => {
  it("splits snake_case and camelCase names into lower-case words when a name joins them", () => {
    expect(searchTerms("convert_currency getExchangeRate HTTPServer")).toEqual([
      "convert",
      "currency",
      "get",
      "exchange",
      "rate",
      "http",
      "server",
    ]);
  });

  it("leaves out English function words when a query is a sentence", () => {
    expect(searchTerms("convert euros to dollars for me")).toEqual(["convert", "euro", "dollar"]);
  });

  it("folds plurals when a query and a tool disagree on number", () => {
    expect(searchTerms("files emails address")).toEqual(["file", "email", "address"]);
  });
});

describe("rankBm25", () => {
  it("ranks a document with the rarer term first when both match one term", () => {
    const hits = rankBm25(
      [
        { id: "common", terms: ["get", "data", "get"] },
        { id: "rare", terms: ["get", "invoice"] },
        { id: "other", terms: ["get", "time"] },
      ],
      ["invoice", "get"],
    );
    expect(hits.map((h) => h.id)).toEqual(["rare", "common", "other"]);
    expect(hits.every((h) => h.score > 0)).toBe(true);
  });

  it("returns nothing when no document holds a query term", () => {
    expect(rankBm25([{ id: "a", terms: ["x"] }], ["y"])).toEqual([]);
  });
});

describe("searchTools", () => {
  const tools = [
    spec("send_email", "Send an email", { guidelines: "Use for letters to customers." }),
    spec("convert_currency", "Convert between currencies", {
      inputSchema: {
        type: "object",
        properties: { amount: p.number("Amount of money"), nested: p.object({ iban: p.string("Bank account") }) },
      },
    }),
    spec("get_time", "Get the time", { snippet: 'get_time({ "city": "Oslo" })' }),
  ];

  it("finds a tool by a parameter description when its name and description do not match", () => {
    expect(searchTools(tools, "money").map((m) => m.name)).toEqual(["convert_currency"]);
    expect(searchTools(tools, "bank account").map((m) => m.name)).toEqual(["convert_currency"]);
  });

  it("finds a tool by its guidelines and its snippet when only they mention the words", () => {
    expect(searchTools(tools, "customers letters").map((m) => m.name)).toEqual(["send_email"]);
    expect(searchTools(tools, "Oslo").map((m) => m.name)).toEqual(["get_time"]);
  });

  it("puts an exactly named tool first and keeps to the limit when many match", () => {
    const many = searchTools(tools, "get_time currency email", 2);
    expect(many.map((m) => m.name)).toEqual(["get_time", expect.any(String)]);
    expect(searchTools(tools, "get_time")[0]).toEqual({ name: "get_time", description: "Get the time" });
  });

  it("returns no match when no word of the query occurs", () => {
    expect(searchTools(tools, "weather forecast")).toEqual([]);
  });
});
