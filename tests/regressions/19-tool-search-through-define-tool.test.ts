import type { ToolSpec } from "toolwright";
import { toolSearchCall } from "../../src/agent/tool-search.js";
import { buildAgentView } from "../../src/registry/access-control.js";
import { TOOL_SEARCH_SPEC } from "../../src/providers/tool-search/tool-search-spec.js";
import { defineTool } from "../../src/tool/define-tool.js";
import { definitionOfTool, developerDescriptionOf } from "../../src/tool/tool-definition.js";
import { makeDeskAgent } from "../fixtures/providers/desk-agent.js";

// Issue 19: the built-in tool_search was hand-built (`Object.freeze({ ...TOOL_SEARCH_SPEC, ... })`), the one
// definition not made by defineTool: it had no developerDescription, and the Tool a turn lists had no definition
// behind it, unlike every other tool an agent hands out.

describe("the tool_search tool (issue 19)", () => {
  it("lists a Tool made from its defineTool definition, the spec unchanged", () => {
    const search = makeDeskAgent()
      .toolsForTurn()
      .find((t) => t.name === "tool_search")!;
    const definition = definitionOfTool(search);
    expect(definition).toMatchObject({ kind: "tool", method: "run", readOnly: true });
    expect(definition?.developerDescription).toBe(TOOL_SEARCH_SPEC.description);
    expect(developerDescriptionOf(search)).toBe(TOOL_SEARCH_SPEC.description);
    const spec: ToolSpec = { name: search.name, description: search.description, inputSchema: search.inputSchema };
    expect(spec).toEqual(TOOL_SEARCH_SPEC);
    expect(search.inputSchema).toBe(TOOL_SEARCH_SPEC.inputSchema);
  });

  it("runs calls through a definition equal to what defineTool builds of its spec", () => {
    const deferred = defineTool({
      name: "lookup",
      description: "Look a word up",
      options: { deferred: true },
      inputSchema: { type: "object", properties: {} },
      runner: { kind: "function", handler: () => "x" },
    });
    const found = toolSearchCall(buildAgentView("a", [], [deferred]), undefined);
    const expected = defineTool({
      name: TOOL_SEARCH_SPEC.name,
      description: TOOL_SEARCH_SPEC.description,
      options: { readOnly: true },
      inputSchema: TOOL_SEARCH_SPEC.inputSchema,
      runner: { kind: "tool", method: "run" },
    });
    expect(found?.definition).toStrictEqual(expected);
    expect(Object.isFrozen(found?.definition)).toBe(true);
  });
});
