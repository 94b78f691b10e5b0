import {
  BaseAgent,
  type CappedCreate,
  MemoryStore,
  type StoredRecord,
  ToolRegistry,
  type ToolResult,
  type WriteOptions,
  p,
  tool,
} from "toolwright";
import { approvalHash } from "../../src/state/approvals/index.js";
import { tamperRecord } from "../support/tamper-record.js";

// Issue 23: an edited record in the store ran arguments that fail the schema, or a different tool than the one shown:
// the argument hash did not cover the tool name and the approving replica did not re-validate. The same gap let a
// rolling deploy run requests made under an older, looser schema.

/** A MemoryStore that remembers the scope of what it was given, so a test can edit a record as an attacker would. */
class EditableStore extends MemoryStore {
  scope = "";
  override async create(kind: "approval" | "task", record: StoredRecord, options: WriteOptions): Promise<boolean> {
    this.scope = record.scope;
    return super.create(kind, record, options);
  }
  override async createCapped(...args: Parameters<MemoryStore["createCapped"]>): Promise<CappedCreate> {
    this.scope = args[1].scope;
    return super.createCapped(...args);
  }
  // An attacker edits a record in place, which tells nobody: the deletion `tamperRecord` makes to write it back is
  // not passed on, so the requesting process still waits on the record, as it would.
  readonly #edited = new Set<string>();
  override watch(...[kind, scope, listener]: Parameters<MemoryStore["watch"]>): ReturnType<MemoryStore["watch"]> {
    return super.watch(kind, scope, (change) => {
      if (change?.status !== "deleted" || !this.#edited.has(change.id)) listener(change);
    });
  }
  async edit(id: string, patch: Record<string, unknown>): Promise<void> {
    this.#edited.add(id);
    const written = await tamperRecord(this, "approval", this.scope, id, patch);
    expect(written).toBeDefined();
  }
}

const ran: string[] = [];
function opsClass(nameSchema: ReturnType<typeof p.string>) {
  return class Ops extends BaseAgent {
    static override agentName = "ops";
    @tool({ description: "Remove one record", params: { name: nameSchema }, requiresApproval: true })
    remove({ name }: { name: string }) {
      ran.push(`remove ${name}`);
      return `removed ${name}`;
    }
    @tool({ description: "Remove everything", params: { name: p.string() }, requiresApproval: true })
    purge({ name }: { name: string }) {
      ran.push(`purge ${name}`);
      return "purged";
    }
  };
}

function replicas(store: MemoryStore, schemaOfB = p.string()) {
  const requester = new (opsClass(p.string()))({ registry: new ToolRegistry({ scope: "t" }), store });
  const approver = new (opsClass(schemaOfB))({ registry: new ToolRegistry({ scope: "t" }), store });
  return { requester, approver };
}

async function requested(agent: BaseAgent): Promise<string> {
  const result = await agent.callTool("remove", { name: "B-7" });
  expect(result.outcome).toBe("awaiting_approval");
  return result.approvalId!;
}

function expectMismatch(result: ToolResult, pattern: RegExp): void {
  expect(result).toMatchObject({ ok: false, outcome: "rejected", error: { code: "APPROVAL_MISMATCH" } });
  expect(result.error?.message).toMatch(pattern);
}

beforeEach(() => void (ran.length = 0));

describe("stored approvals are checked before they run (issue 23)", () => {
  it("runs nothing when the record names another tool", async () => {
    const store = new EditableStore();
    const { requester, approver } = replicas(store);
    const id = await requested(requester);
    await store.edit(id, { toolName: "purge" });
    expectMismatch(await approver.approvals.approve(id), /changed after the approval was requested/);
    expect(ran).toEqual([]);
  });

  it("runs nothing when the record's arguments were edited, even with the hash recomputed, if they fail the schema", async () => {
    const store = new EditableStore();
    const { requester, approver } = replicas(store);
    const id = await requested(requester);
    const version = (await approver.approvals.list())[0]!.schemaVersion;
    const args = { name: 42 };
    await store.edit(id, { args, argsHash: approvalHash("remove", args, version) });
    expectMismatch(await approver.approvals.approve(id), /do not pass the tool's schema: \/name/);
    expect(ran).toEqual([]);
  });

  it("runs nothing when edited arguments keep the old hash", async () => {
    const store = new EditableStore();
    const { requester, approver } = replicas(store);
    const id = await requested(requester);
    await store.edit(id, { args: { name: "EVERYTHING" } });
    expectMismatch(await approver.approvals.approve(id), /changed after the approval was requested/);
    expect(ran).toEqual([]);
  });

  it("runs nothing when the approving replica's schema differs (a rolling deploy)", async () => {
    const store = new EditableStore();
    const { requester, approver } = replicas(store, p.string({ maxLength: 2 }));
    const id = await requested(requester);
    expectMismatch(await approver.approvals.approve(id), /input schema changed/);
    // Used up: the record cannot be approved afterwards by the older replica either.
    await expect(requester.approvals.approve(id)).rejects.toMatchObject({ code: "APPROVAL_NOT_FOUND" });
    expect(ran).toEqual([]);
  });

  it("runs nothing when the requesting process finds its record edited", async () => {
    const store = new EditableStore();
    const { requester } = replicas(store);
    const id = await requested(requester);
    const version = (await requester.approvals.list())[0]!.schemaVersion;
    const args = { name: "EVERYTHING" };
    await store.edit(id, { args, argsHash: approvalHash("remove", args, version) });
    expectMismatch(await requester.approvals.approve(id), /differs from the call requested/);
    expect(ran).toEqual([]);
  });

  it("still runs an untouched record on another replica with the same schema", async () => {
    const store = new EditableStore();
    const { requester, approver } = replicas(store);
    const id = await requested(requester);
    expect(await approver.approvals.approve(id)).toMatchObject({ ok: true, content: "removed B-7" });
    expect(ran).toEqual(["remove B-7"]);
  });
});
