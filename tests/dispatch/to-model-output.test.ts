import {
  BaseAgent,
  ErrorCode,
  ToolRegistry,
  content,
  image,
  p,
  renderToolResult,
  toAnthropicToolResult,
  tool,
} from "toolwright";

const PNG = "iVBORw0KGgo=";

class Reports extends BaseAgent {
  @tool({
    description: "A long report",
    params: {},
    toModelOutput: (value: { rows: number[] }) => `${value.rows.length} rows, first ${value.rows[0]}`,
  })
  report(): { rows: number[] } {
    return { rows: [7, 8, 9] };
  }

  @tool({
    description: "A chart",
    params: {},
    returns: { title: p.string(), png: p.string() },
    toModelOutput: (value: { title: string; png: string }) =>
      content(value.title, image({ data: value.png, mimeType: "image/png" })),
  })
  chart(): { title: string; png: string } {
    return { title: "Sales", png: PNG };
  }

  @tool({ description: "Broken", params: {}, toModelOutput: () => image({ data: "%%", mimeType: "image/png" }) })
  broken(): number {
    return 1;
  }
}

const agent = () => new Reports({ registry: new ToolRegistry() });

describe("toModelOutput", () => {
  it("gives the model its own form while the result keeps the full value", async () => {
    const result = await agent().callTool("report", {});
    expect(result).toMatchObject({ ok: true, content: { rows: [7, 8, 9] }, modelContent: "3 rows, first 7" });
    expect(renderToolResult(result)).toBe("3 rows, first 7");
  });

  it("may return content parts, which the provider builders render", async () => {
    const result = await agent().callTool("chart", {});
    expect(result.content).toEqual({ title: "Sales", png: PNG });
    const block = toAnthropicToolResult({ id: "c1", name: "chart" }, result);
    expect(block.content).toEqual([
      { type: "text", text: "Sales" },
      { type: "image", source: { type: "base64", media_type: "image/png", data: PNG } },
    ]);
  });

  it("fails with INVALID_RESULT when it makes a bad part", async () => {
    const result = await agent().callTool("broken", {});
    expect(result).toMatchObject({ ok: false, error: { code: ErrorCode.InvalidResult } });
  });

  it("is refused at definition when it is not a function", () => {
    expect(() => new ToolRegistry().register("x", () => 1, { description: "x", toModelOutput: 3 as never })).toThrow(
      /toModelOutput/,
    );
  });
});
