import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { ToolResult } from "toolwright";
import { type TestRestate, freePort, startTestRestate, waitFor } from "./restate-server.js";
import { type ServiceProcess, startToolService } from "./tool-service-process.js";

// A real restate-server (the binary npm installs with @restatedev/restate-server) and the fixture service in a child
// process that the tests kill with SIGKILL and start again, on the same port, as a crash and a restart.
jest.setTimeout(90_000);

let restate: TestRestate;
let port: number;
let dir: string;
let service: ServiceProcess | undefined;

const lines = (name: string) => {
  const file = join(dir, name);
  return existsSync(file) ? readFileSync(file, "utf8").split("\n").filter(Boolean) : [];
};

async function ingress(path: string, body?: unknown, headers: Record<string, string> = {}): Promise<unknown> {
  const response = await fetch(`${restate.ingress}${path}`, {
    method: body === undefined ? "GET" : "POST",
    headers: { "content-type": "application/json", ...headers },
    ...(body !== undefined && { body: JSON.stringify(body) }),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${path}: ${response.status} ${text}`);
  return text === "" ? undefined : JSON.parse(text);
}

async function restart(crash?: string): Promise<void> {
  await service?.kill();
  service = await startToolService(port, dir, crash);
}

beforeAll(async () => {
  restate = await startTestRestate();
  port = await freePort();
});

beforeEach(async () => {
  dir = mkdtempSync(join(tmpdir(), "toolwright-restate-effects-"));
});

afterEach(async () => {
  await service?.kill();
  service = undefined;
  rmSync(dir, { recursive: true, force: true });
});

afterAll(async () => {
  await restate?.close();
});

async function registered(crash?: string): Promise<void> {
  await restart(crash);
  await restate.register(`http://127.0.0.1:${port}`);
}

describe("toolwright/restate on a real Restate server", () => {
  it("completes a call once, with one side effect, when the service is killed mid-call and restarted", async () => {
    await registered("during-tool");
    const sent = (await ingress("/checkout/run/send", { cents: 500 })) as { invocationId: string };
    await waitFor("the first attempt to reach the tool", () => lines("attempts.log").length === 1);
    await restart();

    const result = (await ingress(`/restate/invocation/${sent.invocationId}/attach`)) as ToolResult;
    expect(result).toMatchObject({ ok: true, outcome: "success", toolName: "charge" });
    const attempts = lines("attempts.log");
    // At least once: the attempt cut short ran the handler again, with the same key, so the charge happened once.
    expect(attempts).toHaveLength(2);
    expect(attempts[1]).toBe(attempts[0]);
    expect(attempts[0]).toMatch(/^tw1-[0-9a-f]{64}$/);
    expect(lines("ledger.log")).toEqual([attempts[0]]);
    expect(result.content).toEqual({ charged: 500, key: attempts[0] });
  });

  it("returns the recorded result without running the tool again when the crash comes after its step", async () => {
    await registered("after-tool");
    const sent = (await ingress("/checkout/run/send", { cents: 700 })) as { invocationId: string };
    await waitFor("the handler to pass the tool's step", () => lines("after.log").length === 1);
    await restart();

    const result = (await ingress(`/restate/invocation/${sent.invocationId}/attach`)) as ToolResult;
    expect(result).toMatchObject({ ok: true, outcome: "success", content: { charged: 700 } });
    expect(lines("attempts.log")).toHaveLength(1);
    expect(lines("ledger.log")).toHaveLength(1);
  });

  it("runs an approved call once when the approval is given after a restart", async () => {
    await registered();
    await ingress("/cleanup/wf-approve/run/send", { path: "/tmp/report.txt" });
    await waitFor("the approval request", () => lines("requests.log").length >= 1);
    const request = JSON.parse(lines("requests.log")[0]!) as { signalId: string; toolName: string; args: unknown };
    expect(request).toMatchObject({ toolName: "remove", signalId: "toolwright-approval-call_1" });
    expect(request.args).toEqual({ path: "/tmp/report.txt" });
    expect(lines("deleted.log")).toEqual([]);
    await restart();

    await ingress("/cleanup/wf-approve/decide", { signalId: request.signalId, approved: true });
    const result = (await ingress("/restate/workflow/cleanup/wf-approve/attach")) as ToolResult;
    expect(result).toMatchObject({ ok: true, outcome: "success", content: "deleted /tmp/report.txt" });
    expect(lines("deleted.log")).toHaveLength(1);
    expect(lines("deleted.log")[0]).toMatch(/^\/tmp\/report\.txt tw1-[0-9a-f]{64}$/);
  });

  it("ends a refused call as rejected with the reason, without running it", async () => {
    await registered();
    await ingress("/cleanup/wf-reject/run/send", { path: "/etc/passwd" });
    await waitFor("the approval request", () => lines("requests.log").length >= 1);
    const { signalId } = JSON.parse(lines("requests.log")[0]!) as { signalId: string };

    await ingress("/cleanup/wf-reject/decide", { signalId, approved: false, reason: "not that file" });
    const result = (await ingress("/restate/workflow/cleanup/wf-reject/attach")) as ToolResult;
    expect(result).toMatchObject({ ok: false, outcome: "rejected", toolName: "remove" });
    expect(result.error?.message).toContain("not that file");
    expect(lines("deleted.log")).toEqual([]);
  });

  it("waits on an awakeable in a plain service and runs the call once it is resolved over HTTP", async () => {
    await registered();
    const sent = (await ingress("/tools/call/send", { name: "remove", args: '{"path":"/tmp/a"}', callId: "c9" })) as {
      invocationId: string;
    };
    await waitFor("the approval request", () => lines("requests.log").length >= 1);
    const { signalId } = JSON.parse(lines("requests.log")[0]!) as { signalId: string };
    expect(signalId).not.toBe("toolwright-approval-c9");

    await ingress(`/restate/awakeables/${signalId}/resolve`, { approved: true });
    const result = (await ingress(`/restate/invocation/${sent.invocationId}/attach`)) as ToolResult;
    expect(result).toMatchObject({ ok: true, outcome: "success", callId: "c9" });
    expect(lines("deleted.log")).toHaveLength(1);
  });

  it("answers a model mistake with a recorded result, never a failed invocation", async () => {
    await registered();
    const result = (await ingress("/tools/call", { name: "charge", args: { cents: 0 } })) as ToolResult;
    expect(result).toMatchObject({ ok: false, outcome: "invalid_arguments" });
    expect(result.error?.issues?.[0]?.path).toBe("/cents");
    expect(lines("attempts.log")).toEqual([]);
  });
});
