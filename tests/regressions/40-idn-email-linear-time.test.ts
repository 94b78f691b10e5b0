import type { ToolValidationError } from "toolwright";
import { ToolRegistry } from "toolwright";

// `format: "idn-email"` was checked with a pattern that backtracks 2^n ways over n non-ASCII letters that fail at the
// end: 40 letters blocked the event loop for hours. Finishing at all (within jest's timeout) is the proof here: with
// backtracking, the 10,000-letter cases would not end in the lifetime of the machine.
describe("idn-email format", () => {
  const registry = new ToolRegistry();
  registry.register("mail", () => "sent", {
    description: "Send mail",
    inputSchema: { type: "object", properties: { to: { type: "string", format: "idn-email" } }, required: ["to"] },
  });
  const verdict = (to: string) =>
    registry.dispatch("mail", { to }).then(
      () => "valid",
      (error: ToolValidationError) => error.issues.map((issue) => `${issue.path} ${issue.keyword}`).join(),
    );

  it("refuses a long run of non-ASCII letters that fails at its end, at once", async () => {
    expect(await verdict(`${"é".repeat(40)}!`)).toBe("/to format");
    expect(await verdict(`${"é".repeat(10_000)}!`)).toBe("/to format");
    expect(await verdict(`${"é".repeat(10_000)}@${"é".repeat(10_000)}!`)).toBe("/to format");
    expect(await verdict(`"${"é".repeat(10_000)}`)).toBe("/to format");
  });

  it("accepts a long non-ASCII address that is valid", async () => {
    expect(await verdict(`${"é".repeat(10_000)}@example.com`)).toBe("valid");
  });

  it("keeps the verdicts of RFC 6531 on local parts, domains and address literals", async () => {
    const valid = [
      "joe.bloggs@example.com",
      "δοκιμή@example.com",
      '"δοκιμή test"@example.com',
      "실례@실례.테스트",
      "user@[127.0.0.1]",
      "user@[IPv6:::1]",
      "user@[IPv6:2001:db8::1]",
      "user@[tag:anything]",
      "a\u{1F600}b@example.com",
      '"a\\"b"@example.com',
    ];
    const invalid = [
      "2962",
      ".joe@example.com",
      "joe.@example.com",
      "joe..bloggs@example.com",
      "joe@-example.com",
      "joe@example-.com",
      "joe@[300.0.0.1]",
      "joe@[]",
      "joe@[IPv6:1::2::3]x",
      "a\uD800b@example.com",
      '"unterminated@example.com',
      "joe@",
      "@example.com",
    ];
    for (const to of valid) expect([to, await verdict(to)]).toEqual([to, "valid"]);
    for (const to of invalid) expect([to, await verdict(to)]).toEqual([to, "/to format"]);
  });
});

// ajv-formats' `url` pattern retried its optional `user:pass@` part at every split: quadratic, 40,000 characters took
// seconds and a megabyte would take many minutes. RE2 now matches the same language.
describe("url format", () => {
  const registry = new ToolRegistry();
  registry.register("fetch", () => "fetched", {
    description: "Fetch a page",
    inputSchema: { type: "object", properties: { url: { type: "string", format: "url" } }, required: ["url"] },
  });
  const verdict = (url: string) =>
    registry.dispatch("fetch", { url }).then(
      () => "valid",
      (error: ToolValidationError) => error.issues.map((issue) => `${issue.path} ${issue.keyword}`).join(),
    );

  it("refuses a megabyte of colons at once", async () => {
    expect(await verdict(`http://${"::".repeat(500_000)}..`)).toBe("/url format");
  });

  it("keeps ajv-formats' verdicts, private IPv4 hosts included", async () => {
    const valid = [
      "http://example.com",
      "HTTPS://user:pass@example.com:8080/a/b?c#d",
      "ftp://8.8.8.8/file",
      "http://172.15.0.1",
      "http://172.32.0.1",
      "http://169.253.1.1",
      "http://192.167.1.1",
      "http://11.0.0.1",
      "http://bücher.de/",
    ];
    const invalid = [
      "http://10.0.0.1",
      "http://127.0.0.1:8080",
      "http://169.254.1.1",
      "http://192.168.1.1",
      "http://172.16.0.1",
      "http://172.31.255.1",
      "http://224.0.0.1",
      "http://example",
      "http://exa mple.com",
      "mailto:joe@example.com",
    ];
    for (const url of valid) expect([url, await verdict(url)]).toEqual([url, "valid"]);
    for (const url of invalid) expect([url, await verdict(url)]).toEqual([url, "/url format"]);
  });
});
