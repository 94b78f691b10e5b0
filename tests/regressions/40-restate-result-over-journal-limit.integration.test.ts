import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { ToolResult } from "toolwright";
import { type TestRestate, freePort, startTestRestate } from "../adapters/restate/restate-server.js";
import { type ServiceProcess, startToolService } from "../adapters/restate/tool-service-process.js";

// Restate journaled the whole ToolResult as one step: a result over the server's message limit (32 MiB) could not be
// journaled, the invocation was retried, and the handler ran again and again (30+ runs in 20 s), never answering.
// Now the step records a small INVALID_RESULT failure instead, once. A real restate-server and the fixture service.
jest.setTimeout(90_000);

let restate: TestRestate;
let service: ServiceProcess | undefined;
let dir: string;

beforeAll(async () => {
  restate = await startTestRestate();
  dir = mkdtempSync(join(tmpdir(), "toolwright-restate-40-"));
  const port = await freePort();
  service = await startToolService(port, dir);
  await restate.register(`http://127.0.0.1:${port}`);
});

afterAll(async () => {
  await service?.kill();
  await restate?.close();
  rmSync(dir, { recursive: true, force: true });
});

describe("a Restate tool call whose result is over the journal limit", () => {
  it("answers INVALID_RESULT once, having run the tool once", async () => {
    const response = await fetch(`${restate.ingress}/tools/call`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ name: "export_all", args: { mib: 33 }, callId: "c40" }),
    });
    expect(response.status).toBe(200);
    const result = (await response.json()) as ToolResult;
    expect(result).toMatchObject({ ok: false, outcome: "failed", callId: "c40", error: { code: "INVALID_RESULT" } });
    expect(result.error?.message).toMatch(/larger than the 32,505,856 bytes the durable engine can record/);
    const runs = existsSync(join(dir, "exports.log")) ? readFileSync(join(dir, "exports.log"), "utf8") : "";
    expect(runs).toBe("ran\n");
  });
});
