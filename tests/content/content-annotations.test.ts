import { checkContent, content, image, resourceLink } from "toolwright";
import { toMcpToolResult } from "toolwright";

const PNG = "iVBORw0KGgo=";

describe("content annotations", () => {
  it("keep audience and priority on a part and send them on its MCP block", () => {
    const part = image({ data: PNG, mimeType: "image/png", annotations: { audience: ["user"], priority: 0.5 } });
    expect(checkContent(part)).toEqual([]);
    const result = { ok: true, outcome: "success", toolName: "t", callId: "c", content: part } as const;
    expect(toMcpToolResult(result).content).toEqual([
      { type: "image", data: PNG, mimeType: "image/png", annotations: { audience: ["user"], priority: 0.5 } },
    ]);
  });

  it("name an audience or priority MCP would refuse", () => {
    const bad = content(
      resourceLink({ uri: "file:///a", name: "a", annotations: { audience: ["everyone" as "user"], priority: 2 } }),
    );
    expect(checkContent(bad).map((issue) => issue.path)).toEqual([
      "/parts/0/annotations/audience",
      "/parts/0/annotations/priority",
    ]);
    expect(checkContent(bad)[1]!.message).toContain("must be a number from 0 to 1; got 2");
  });
});
