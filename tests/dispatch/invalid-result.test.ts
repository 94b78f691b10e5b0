import { z } from "zod";
import { BaseAgent, ErrorCode, ToolRegistry, ToolResultError, image, p, renderToolResult, tool } from "toolwright";

// Each agent gets its own registry, so tools of one test never meet another's.
class Shop extends BaseAgent {
  bad = false;

  @tool({ description: "Price of an item", params: { item: p.string() }, returns: { price: p.number() } })
  price({ item }: { item: string }): { price: number } {
    return this.bad ? ({ price: `${item} is free` } as unknown as { price: number }) : { price: 3 };
  }

  @tool({
    description: "Price via zod",
    params: {},
    returns: z.object({ price: z.number().refine((n) => n < 100, "too dear") }),
  })
  zodPrice(): { price: number } {
    return { price: this.bad ? 500 : 4 };
  }

  @tool({ description: "A picture", params: {} })
  picture() {
    return image({ data: this.bad ? "not base64!!" : "aGVsbG8=", mimeType: "image/png" });
  }
}

function shop(bad: boolean): Shop {
  const agent = new Shop({ registry: new ToolRegistry() });
  agent.bad = bad;
  return agent;
}

describe("INVALID_RESULT at dispatch", () => {
  it("passes a value that matches returns", async () => {
    const result = await shop(false).callTool("price", { item: "tea" });
    expect(result).toMatchObject({ ok: true, content: { price: 3 } });
  });

  it("fails a value that breaks returns, naming the path; the model reads that the tool failed", async () => {
    const agent = shop(true);
    const errors: unknown[] = [];
    agent.on("error", (event) => void errors.push(event.error));
    const result = await agent.callTool("price", { item: "tea" });
    expect(result).toMatchObject({ ok: false, outcome: "failed", error: { code: ErrorCode.InvalidResult } });
    expect(result.error?.issues?.[0]?.path).toBe("/price");
    const text = renderToolResult(result);
    expect(text).toContain('Tool "price" failed');
    expect(text).toContain("/price");
    expect(text).not.toMatch(/fix the arguments/i);
    expect(errors[0]).toBeInstanceOf(ToolResultError);
    expect((errors[0] as ToolResultError).value).toEqual({ price: "tea is free" });
    expect((errors[0] as ToolResultError).issues[0]?.path).toBe("/price");
  });

  it("runs a Standard Schema returns after the JSON Schema check (a refinement JSON Schema cannot say)", async () => {
    expect(await shop(false).callTool("zodPrice", {})).toMatchObject({ ok: true, content: { price: 4 } });
    const failed = await shop(true).callTool("zodPrice", {});
    expect(failed).toMatchObject({ ok: false, error: { code: ErrorCode.InvalidResult } });
    expect(failed.error?.message).toContain("too dear");
  });

  it("fails a bad content part of a tool without returns, naming the part", async () => {
    expect((await shop(false).callTool("picture", {})).ok).toBe(true);
    const result = await shop(true).callTool("picture", {});
    expect(result).toMatchObject({ ok: false, error: { code: ErrorCode.InvalidResult } });
    expect(result.error?.message).toMatch(/base64/);
    expect(result.error?.message).toContain("returned content that cannot be sent");
  });
});
