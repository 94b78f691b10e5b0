import {
  audio,
  checkContent,
  content,
  file,
  image,
  isContentPart,
  isContentResult,
  renderToolResult,
  resourceLink,
} from "toolwright";

const PNG = "iVBORw0KGgo="; // 8 bytes: the PNG signature
const makeSuccess = (value: unknown) => ({
  ok: true as const,
  outcome: "success" as const,
  toolName: "shot",
  callId: "c1",
  content: value,
});

describe("content parts", () => {
  it("builds frozen parts in the documented form", () => {
    expect(image({ data: PNG, mimeType: "image/png" })).toEqual({ type: "image", data: PNG, mimeType: "image/png" });
    expect(image({ url: "https://example.com/a.png" })).toEqual({ type: "image", url: "https://example.com/a.png" });
    expect(audio({ data: "UklGRg==", mimeType: "audio/wav" })).toEqual({
      type: "audio",
      data: "UklGRg==",
      mimeType: "audio/wav",
    });
    expect(file({ data: "JVBERi0=", mimeType: "application/pdf", filename: "a.pdf" })).toEqual({
      type: "file",
      data: "JVBERi0=",
      mimeType: "application/pdf",
      filename: "a.pdf",
    });
    expect(resourceLink({ uri: "file:///tmp/a.txt", name: "a.txt" })).toEqual({
      type: "resource_link",
      uri: "file:///tmp/a.txt",
      name: "a.txt",
    });
    expect(Object.isFrozen(image({ data: PNG, mimeType: "image/png" }))).toBe(true);
  });

  it("encodes bytes given as a Uint8Array to base64", () => {
    const bytes = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    expect(image({ data: bytes, mimeType: "image/png" }).data).toBe(PNG);
  });

  it("turns strings into text parts, keeps the order and spreads a nested content(...)", () => {
    const shot = image({ data: PNG, mimeType: "image/png" });
    const result = content("Before", shot, content("nested", "parts"));
    expect(isContentResult(result)).toBe(true);
    expect(result.parts).toEqual([
      { type: "text", text: "Before" },
      shot,
      { type: "text", text: "nested" },
      { type: "text", text: "parts" },
    ]);
    expect(result.parts.every(isContentPart)).toBe(true);
  });

  it("takes a part written as a literal inside content(...), but not a look-alike returned on its own", () => {
    const literal = { type: "image" as const, data: PNG, mimeType: "image/png" };
    expect(isContentPart(content(literal).parts[0])).toBe(true);
    expect(isContentPart(literal)).toBe(false);
    expect(isContentPart({ type: "file", path: "/etc/hosts" })).toBe(false);
  });

  it("renders rich content as text with a note per medium on text-only paths, never the base64", () => {
    const text = renderToolResult(
      makeSuccess(
        content(
          "The page:",
          image({ data: PNG, mimeType: "image/png" }),
          resourceLink({ uri: "https://x.dev/r", name: "report" }),
        ),
      ),
    );
    expect(text).toBe('The page:\n[image: image/png, 8 B]\n[resource "report" at https://x.dev/r]');
    expect(text).not.toContain(PNG);
  });
});

describe("checkContent", () => {
  it("finds nothing wrong in well-formed parts", () => {
    const all = content(
      "text",
      image({ data: PNG, mimeType: "image/png" }),
      image({ url: "https://example.com/a.png", mimeType: "image/jpeg" }),
      audio({ data: "UklGRg==", mimeType: "audio/wav" }),
      file({ data: "JVBERi0=", mimeType: "text/csv; charset=utf-8", filename: "a.csv" }),
      resourceLink({ uri: "file:///a", name: "a", mimeType: "text/plain" }),
    );
    expect(checkContent(all)).toEqual([]);
  });

  it("names the part, the field and what is valid for bad base64, a data: URL and an unknown mime type", () => {
    const issues = checkContent(
      content(
        "caption",
        image({ data: "not base64!", mimeType: "image/png" }),
        image({ data: `data:image/png;base64,${PNG}`, mimeType: "image/png" }),
        audio({ data: "UklGRg==", mimeType: "image/png" }),
      ),
    );
    expect(issues.map((i) => [i.path, i.keyword])).toEqual([
      ["/parts/1/data", "base64"],
      ["/parts/2/data", "base64"],
      ["/parts/3/mimeType", "mimeType"],
    ]);
    expect(issues[0]?.message).toBe(
      "part 2 of 4: the image part's `data` is not base64 (A-Z, a-z, 0-9, +, /, padded with =)",
    );
    expect(issues[1]?.message).toMatch(/is a data: URL; give the base64 text after the comma/);
    expect(issues[2]?.message).toMatch(
      /^part 4 of 4: the audio part's `mimeType` "image\/png" is unknown; use one of audio\/wav/,
    );
  });

  it("reports missing fields and things that are not parts", () => {
    const issues = checkContent(
      content(
        file({ data: PNG, mimeType: "application/pdf", filename: "" }),
        resourceLink({ uri: "", name: "x" }),
        42 as never,
        { type: "text" } as never,
      ),
    );
    expect(issues.map((i) => [i.path, i.keyword])).toEqual([
      ["/parts/0/filename", "required"],
      ["/parts/1/uri", "required"],
      ["/parts/2", "type"],
      ["/parts/3/text", "required"],
    ]);
    expect(issues[2]?.message).toMatch(/a number is not a content part; use a string, image\(\)/);
  });

  it("answers the same for the same frozen part, each time with a list of its own", () => {
    const bad = content(image({ data: "%%", mimeType: "image/png" }));
    const first = checkContent(bad);
    first.pop();
    expect(checkContent(bad)).toEqual([expect.objectContaining({ path: "/parts/0/data", keyword: "base64" })]);
  });

  it("uses paths without /parts for a single part, and refuses a malformed mime type and a non-http URL", () => {
    expect(checkContent(image({ data: PNG, mimeType: "png" }))).toEqual([
      {
        path: "/mimeType",
        keyword: "mimeType",
        message: 'the result: the image part\'s `mimeType` "png" is not a type/subtype mime type',
      },
    ]);
    expect(checkContent(image({ url: "file:///etc/passwd" }))[0]).toMatchObject({ path: "/url", keyword: "format" });
  });
});
