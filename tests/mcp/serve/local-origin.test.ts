import { isLocalRequest } from "../../../src/mcp/serve/local-origin.js";

describe("isLocalRequest", () => {
  it.each([
    [{ host: "127.0.0.1:3000" }, true],
    [{ host: "localhost:3000" }, true],
    [{ host: "[::1]:3000" }, true],
    [{ host: "localhost:3000", origin: "http://localhost:5173" }, true],
    [{ host: "127.0.0.1:3000", origin: "http://127.0.0.1:8080" }, true],
    [{ host: "evil.example:3000" }, false],
    [{}, false],
    [{ host: "127.0.0.1:3000", origin: "https://evil.example" }, false],
    [{ host: "127.0.0.1:3000", origin: "null" }, false],
  ])("answers %j for a server bound to 127.0.0.1 with %s", (headers, expected) => {
    expect(isLocalRequest(headers, "127.0.0.1")).toBe(expected);
  });

  it("does not check a server bound to a non-loopback address on purpose", () => {
    expect(isLocalRequest({ host: "my-host.lan:3000", origin: "https://app.example" }, "0.0.0.0")).toBe(true);
  });
});
