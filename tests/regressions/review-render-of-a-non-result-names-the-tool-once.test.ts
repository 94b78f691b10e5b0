import { renderToolResult } from "toolwright";
import type { ToolResult } from "toolwright";

// Found by a review of the merged tree: rendering a value that is not a result doubled a word of its text.

describe("renderToolResult on something that is not a result", () => {
  it("names the tool generically without doubling the word", () => {
    const text = renderToolResult({} as ToolResult);
    expect(text).toMatch(/^Error \(INVALID_RESULT\): The tool returned a result/);
  });
});
