import { RESULT_LIMITS, checkCompatibility } from "toolwright";
import { PROVIDER_NAMES, isProviderName } from "../../src/providers/provider-rules.js";
import { PROVIDER_TABLE } from "../../src/providers/provider-table.js";
import { noParams } from "../fixtures/providers/tool-specs.js";

describe("PROVIDER_TABLE", () => {
  it("lists every provider once, in the order inspect checks them", () => {
    expect(PROVIDER_NAMES).toEqual(["openai", "anthropic", "gemini", "mcp"]);
    expect(isProviderName("gemini")).toBe(true);
    expect(isProviderName("cohere")).toBe(false);
    expect(isProviderName("toString")).toBe(false);
  });

  it("exports and checks through each row as the public functions do", () => {
    for (const name of PROVIDER_NAMES) {
      const row = PROVIDER_TABLE[name];
      expect(row.exportTools([noParams])).toHaveLength(1);
      expect(checkCompatibility([{ ...noParams, name: "bad name" }], name)).toEqual([
        expect.objectContaining({ rule: `${name}.name`, severity: "error" }),
      ]);
    }
  });

  it("gives RESULT_LIMITS every row's result paths", () => {
    expect(Object.keys(RESULT_LIMITS)).toEqual(["openai-responses", "openai-chat", "anthropic", "gemini", "mcp"]);
    expect(RESULT_LIMITS.anthropic.imageBytes).toBe(5 * 1024 * 1024);
  });
});
