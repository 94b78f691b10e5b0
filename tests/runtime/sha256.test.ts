import { createHash } from "node:crypto";
import { digestHex, sha256Base64Url, sha256Hex } from "../../src/runtime/sha256.js";

const nodeDigest = (bytes: Uint8Array): string => createHash("sha256").update(bytes).digest("hex");

describe("digestHex (the SHA-256 used where node:crypto is absent)", () => {
  it("matches node:crypto for lengths around every padding boundary", () => {
    for (const length of [0, 1, 55, 56, 57, 63, 64, 65, 119, 120, 128, 1000]) {
      const bytes = Uint8Array.from({ length }, (_, i) => (i * 31 + 7) & 0xff);
      expect(digestHex(bytes)).toBe(nodeDigest(bytes));
    }
  });

  it("gives the published digest of the empty input and of 'abc'", () => {
    expect(digestHex(new Uint8Array())).toBe("e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855");
    expect(digestHex(new TextEncoder().encode("abc"))).toBe(
      "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad",
    );
  });
});

describe("sha256Hex", () => {
  it("hashes text as UTF-8, as node:crypto does, when the text is not ASCII", () => {
    const text = '{"path":"/tmp/é🙂"}';
    expect(sha256Hex(text)).toBe(createHash("sha256").update(text).digest("hex"));
    expect(digestHex(new TextEncoder().encode(text))).toBe(sha256Hex(text));
  });
});

describe("sha256Base64Url", () => {
  // MCP approval and client-input states carry this digest through the client: a state minted by a Node server must
  // be read alike by a Worker sharing its key, so the text must be node:crypto's base64url exactly.
  it("gives node:crypto's unpadded base64url digest, for ASCII and non-ASCII text", () => {
    for (const text of ["", "abc", '{"path":"/tmp/é🙂"}', "x".repeat(1000)]) {
      expect(sha256Base64Url(text)).toBe(createHash("sha256").update(text).digest("base64url"));
    }
  });
});
