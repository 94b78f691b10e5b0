import { ToolRegistry, registerGeneratedSchemas } from "toolwright";
import { MappingAgent } from "../fixtures/generate/mapping-agent.js";
import { generateFixture, schemasOf } from "./generate-fixture.js";

describe("generated schemas, end to end", () => {
  it("validates calls against the generated schema when the generated module was registered", async () => {
    registerGeneratedSchemas(schemasOf(await generateFixture("mapping-agent.ts")));
    const agent = new MappingAgent({ registry: new ToolRegistry() });

    const ok = await agent.callTool("optionals", { first: "a" });
    expect(ok.ok).toBe(true);
    expect(ok.content).toEqual(["a", 10, true, ["a"], expect.any(Number)]); // Date.now() ran as the JS default

    const bad = await agent.callTool("constraints", { amount: 0, name: "ABC", list: [], id: "x" });
    expect(bad.error?.code).toBe("INVALID_ARGUMENTS");
    const paths = new Set(bad.error?.issues?.map((issue) => issue.path));
    expect([...paths].sort()).toEqual(["/amount", "/id", "/list", "/name"]); // minimum, format, minItems, pattern

    const spec = agent.toolSpecs().find((tool) => tool.name === "search");
    expect(spec?.description).toBe("Search with defaults.");
    expect(await agent.callTool("search", { query: "q" })).toMatchObject({ ok: true, content: ["q", 5] });
  }, 30_000);
});
