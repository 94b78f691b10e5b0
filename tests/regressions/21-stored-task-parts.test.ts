import { MemoryStore, content, image, renderToolResult, toAnthropicToolResult } from "toolwright";
import { isRichContent } from "../../src/content/content-part.js";
import { PNG, readElsewhere } from "../support/stored-parts.js";

// A background task's result written to a store went through JSON, which drops the brand that makes a part a part:
// read back from another process, a screenshot came back as plain objects and every builder rendered it as JSON.

describe("#21 stored task results keep their content parts", () => {
  it("reads a background screenshot back from the store as parts, rendered as an image", async () => {
    const info = await readElsewhere(new MemoryStore());
    const result = info.result!;
    expect(result.ok && isRichContent(result.content)).toBe(true);
    expect(result.ok && result.content).toEqual(content("The page:", image({ data: PNG, mimeType: "image/png" })));
    expect(renderToolResult(result)).toBe("The page:\n[image: image/png, 70 B]");
    expect(toAnthropicToolResult({ id: "toolu_1", name: "screenshot" }, result).content).toEqual([
      { type: "text", text: "The page:" },
      { type: "image", source: { type: "base64", media_type: "image/png", data: PNG } },
    ]);
  });
});
