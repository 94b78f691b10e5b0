import { BaseAgent, ToolRegistry, p, tool } from "toolwright";
import { RedisStore } from "toolwright/redis";
import { useTestRedis } from "../store/use-test-redis.js";
import { StoreThatGoesDown } from "../store/store-that-goes-down.js";
import { approvalHash } from "../../src/state/approvals/index.js";

// Issue 40, item 12: a background task taken over by another replica ran with its stored arguments unchecked against
// the taker's tool. After a deploy that changed the tool's schema, the new version's handler got arguments its schema
// refuses. A taken-over task now gets a stored approval's check (same schema version, arguments that pass the tool
// here) and, failing it, ends `failed` with an error naming the tool and the mismatch; nothing runs.

jest.setTimeout(30_000);
const LEASE_MS = 200;
const server = useTestRedis();

const ran: string[] = [];
const hanging: (() => void)[] = [];
afterAll(() => hanging.forEach((release) => release()));

// The version running before the deploy: any name.
class ExportV1 extends BaseAgent {
  static override agentName = "exporter";
  @tool({ description: "Export a table", params: { table: p.string() }, timeoutMs: 1, onTimeout: "background" })
  async export({ table }: { table: string }) {
    ran.push(`v1 ${table}`);
    // Never ends on its own: the replica is cut off from the store before it could write a result.
    await new Promise<void>((resolve) => hanging.push(resolve));
    return `exported ${table}`;
  }
}

// The version after the deploy: only lower-case table names.
class ExportV2 extends BaseAgent {
  static override agentName = "exporter";
  @tool({ description: "Export a table", params: { table: p.string({ pattern: "^[a-z]+$" }) } })
  export({ table }: { table: string }) {
    ran.push(`v2 ${table}`);
    return `exported ${table}`;
  }
}

// The same schema as v1: a replica of the same version.
class ExportV1Again extends BaseAgent {
  static override agentName = "exporter";
  @tool({ description: "Export a table", params: { table: p.string() } })
  export({ table }: { table: string }) {
    ran.push(`v1 again ${table}`);
    return `exported ${table}`;
  }
}

let prefixes = 0;
async function startedThenOrphaned(table: string) {
  const shared = new RedisStore({ client: server.client, prefix: `taskcheck${(prefixes += 1)}` });
  const old = new StoreThatGoesDown(shared);
  const options = { leaseMs: LEASE_MS, storePollMs: 20 };
  const first = new ExportV1({ registry: new ToolRegistry({ scope: "t" }), store: old, ...options });
  const handed = await first.callTool("export", { table });
  expect(handed.outcome).toBe("backgrounded");
  // The replica dies (for the store): its lease is no longer renewed.
  old.goDown();
  return { shared, taskId: handed.taskId!, options };
}

describe("a taken-over task is checked against the taker's tool (issue 40)", () => {
  beforeEach(() => {
    ran.length = 0;
  });

  it("refuses to run a task whose tool's schema changed since it started, saying why", async () => {
    const { shared, taskId, options } = await startedThenOrphaned("Orders");
    const taker = new ExportV2({ registry: new ToolRegistry({ scope: "t" }), store: shared, ...options });
    const result = await taker.tasks.wait(taskId);
    expect(ran).toEqual(["v1 Orders"]);
    expect(result).toMatchObject({ ok: false, outcome: "failed", taskId, error: { code: "INVALID_ARGUMENTS" } });
    expect(result.error?.message).toContain('tool "export"');
    expect(result.error?.message).toContain("the tool's input schema changed since the task was started");
    expect(await taker.tasks.fetch(taskId)).toMatchObject({ status: "failed" });
  });

  it("refuses stored arguments the taker's tool refuses, even when their record was re-bound to them", async () => {
    const { shared, taskId, options } = await startedThenOrphaned("orders");
    const taker = new ExportV1Again({ registry: new ToolRegistry({ scope: "t" }), store: shared, ...options });
    // Someone with access to the store swaps the arguments and recomputes the record's hash, as an attacker would.
    const [key] = await server.client.keys(`taskcheck${prefixes}:*:task:${taskId}`);
    const version = JSON.parse((await server.client.hGet(key!, "schemaVersion"))!) as string;
    const args = { table: 42 };
    await server.client.hSet(key!, {
      args: JSON.stringify(args),
      argsHash: JSON.stringify(approvalHash("export", args, version)),
    });
    const result = await taker.tasks.wait(taskId);
    expect(ran).toEqual(["v1 orders"]);
    expect(result).toMatchObject({ ok: false, outcome: "failed", error: { code: "INVALID_ARGUMENTS" } });
    expect(result.error?.message).toContain('tool "export"');
    expect(result.error?.message).toContain("its stored arguments do not pass the tool's schema");
  });

  it("refuses a task whose record does not say which schema its arguments were checked by", async () => {
    const { shared, taskId, options } = await startedThenOrphaned("orders");
    const taker = new ExportV1Again({ registry: new ToolRegistry({ scope: "t" }), store: shared, ...options });
    // As a record written by an earlier toolwright, which bound nothing.
    const [key] = await server.client.keys(`taskcheck${prefixes}:*:task:${taskId}`);
    await server.client.hDel(key!, ["schemaVersion", "argsHash"]);
    const result = await taker.tasks.wait(taskId);
    expect(ran).toEqual(["v1 orders"]);
    expect(result).toMatchObject({ ok: false, outcome: "failed", error: { code: "INVALID_ARGUMENTS" } });
    expect(result.error?.message).toContain("does not say which version of the tool's input schema");
  });

  it("still runs a taken-over task on a replica whose tool has the same schema", async () => {
    const { shared, taskId, options } = await startedThenOrphaned("orders");
    const taker = new ExportV1Again({ registry: new ToolRegistry({ scope: "t" }), store: shared, ...options });
    const result = await taker.tasks.wait(taskId);
    expect(result).toMatchObject({ ok: true, content: "exported orders", taskId });
    expect(ran).toEqual(["v1 orders", "v1 again orders"]);
  });
});
