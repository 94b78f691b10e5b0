import { type ToolResult, audio, checkResultCompatibility, content, file, image } from "toolwright";

const success = (value: unknown): ToolResult => ({
  ok: true,
  outcome: "success",
  toolName: "shot",
  callId: "c1",
  content: value,
});
// Base64 of `bytes` zero bytes, without building the bytes.
const ofSize = (bytes: number) => "A".repeat(Math.ceil(bytes / 3) * 4);
const MB = 1024 * 1024;

describe("checkResultCompatibility", () => {
  it("reports nothing for a result every path takes", () => {
    const shot = success(content("caption", image({ data: "iVBORw0KGgo=", mimeType: "image/png" })));
    for (const path of ["openai-responses", "openai-chat", "anthropic", "gemini", "mcp"] as const) {
      expect(checkResultCompatibility(shot, path)).toEqual([]);
    }
  });

  it("names an image over Anthropic's 5 MB limit and media over Gemini's 20 MB request limit as errors", () => {
    const big = success(content("caption", image({ data: ofSize(6 * MB), mimeType: "image/png" })));
    expect(checkResultCompatibility(big, "anthropic")).toEqual([
      {
        tool: "shot",
        path: "/parts/1",
        rule: "anthropic.result.image-size",
        severity: "error",
        message: expect.stringMatching(
          /^the image is 8\.0 MB as sent \(base64\); anthropic takes images up to 5\.0 MB/,
        ),
      },
    ]);
    expect(checkResultCompatibility(big, "openai-responses")).toEqual([]);
    // The limits count the base64 text of the request: 4.5 MB of image is 6 MB as sent, over Anthropic's 5 MB.
    const sent = success(image({ data: ofSize(4.5 * MB), mimeType: "image/png" }));
    expect(checkResultCompatibility(sent, "anthropic")).toMatchObject([{ rule: "anthropic.result.image-size" }]);
    const under = success(image({ data: ofSize(3.5 * MB), mimeType: "image/png" }));
    expect(checkResultCompatibility(under, "anthropic")).toEqual([]);
    const many = success(
      content(
        file({ data: ofSize(12 * MB), mimeType: "application/pdf", filename: "a.pdf" }),
        file({ data: ofSize(12 * MB), mimeType: "application/pdf", filename: "b.pdf" }),
      ),
    );
    expect(checkResultCompatibility(many, "gemini")).toContainEqual(
      expect.objectContaining({ path: "", rule: "gemini.result.request-size", severity: "error" }),
    );
  });

  it("warns about media a path names in text instead of sending, and about text that will be cut", () => {
    const voice = success(audio({ data: "UklGRg==", mimeType: "audio/ogg" }));
    expect(checkResultCompatibility(voice, "openai-chat").map((f) => [f.rule, f.severity])).toEqual([
      ["openai-chat.result.audio-type", "warning"],
    ]);
    expect(checkResultCompatibility(voice, "mcp")).toEqual([]);
    const tiff = success(content(image({ data: "AAAA", mimeType: "image/tiff" })));
    expect(checkResultCompatibility(tiff, "gemini")[0]).toMatchObject({
      path: "/parts/0",
      rule: "gemini.result.image-type",
    });
    expect(checkResultCompatibility(success("x".repeat(60_000)), "mcp")).toEqual([
      expect.objectContaining({ rule: "mcp.result.length", severity: "warning" }),
    ]);
    expect(checkResultCompatibility(success("x".repeat(60_000)), "mcp", { maxResultChars: 100_000 })).toEqual([]);
  });

  it("reports a part the checker refuses as an error", () => {
    const bad = success(image({ data: "!!", mimeType: "image/png" }));
    expect(checkResultCompatibility(bad, "anthropic")).toEqual([
      expect.objectContaining({ path: "/data", rule: "anthropic.result.invalid", severity: "error" }),
    ]);
  });
});
