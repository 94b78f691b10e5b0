import {
  BaseAgent,
  MemoryStore,
  type RuntimeStore,
  ToolDefinitionError,
  type ToolEvent,
  StoreUnavailableError,
  ToolRegistry,
  type ToolResult,
  p,
  tool,
} from "toolwright";

// Issue 38: remembered approvals (grants) on the default backend (each agent's own MemoryStore, or one shared).

function makeDesk(options: ConstructorParameters<typeof BaseAgent>[0] = {}) {
  const ran: string[] = [];
  class Desk extends BaseAgent {
    static override agentName = "grant_desk";

    @tool({
      description: "Delete a file",
      params: { path: p.string(), force: p.boolean().default(false) },
      requiresApproval: true,
    })
    remove({ path }: { path: string }) {
      ran.push(path);
      return `removed ${path}`;
    }

    @tool({ description: "Pay", params: { amount: p.number(), to: p.string() }, requiresApproval: true })
    pay({ amount, to }: { amount: number; to: string }) {
      ran.push(`${to}:${amount}`);
      return "paid";
    }

    @tool({ description: "Read a page", params: { url: p.string() }, openWorld: true, readOnly: true })
    read({ url }: { url: string }) {
      return `page ${url}`;
    }

    @tool({ description: "Wipe", params: { path: p.string() }, destructive: true })
    wipe({ path }: { path: string }) {
      ran.push(`wipe ${path}`);
      return "wiped";
    }

    @tool({ description: "Echo", params: { text: p.string() } })
    echo({ text }: { text: string }) {
      return text;
    }
  }
  return { agent: new Desk(options), ran };
}

async function approveRemembering(
  agent: BaseAgent,
  asked: ToolResult,
  options: Parameters<BaseAgent["approvals"]["approve"]>[1],
): Promise<ToolResult> {
  expect(asked.outcome).toBe("awaiting_approval");
  return agent.approvals.approve(asked.approvalId!, options);
}

describe("grants (remembered approvals)", () => {
  it("lets a later call of the session run without asking, naming the grant on its result and events", async () => {
    const { agent, ran } = makeDesk();
    const events: ToolEvent[] = [];
    agent.on("after", (event) => void events.push(event));
    const first = await agent.callTool("remove", { path: "/tmp/a" }, { session: "s1" });
    expect(await approveRemembering(agent, first, { remember: "session" })).toMatchObject({ ok: true });
    const [grant] = await agent.approvals.grants({ session: "s1" });
    expect(grant).toMatchObject({ toolName: "remove", level: "session", session: "s1", when: {} });

    const second = await agent.callTool("remove", { path: "/tmp/b" }, { session: "s1" });
    expect(second).toMatchObject({ ok: true, content: "removed /tmp/b", grant: { id: grant!.id, level: "session" } });
    expect(events.at(-1)).toMatchObject({ event: "after", grant: { id: grant!.id } });
    expect(ran).toEqual(["/tmp/a", "/tmp/b"]);

    // Another session, or no session, asks.
    expect((await agent.callTool("remove", { path: "/tmp/c" }, { session: "s2" })).outcome).toBe("awaiting_approval");
    expect((await agent.callTool("remove", { path: "/tmp/c" })).outcome).toBe("awaiting_approval");
    // Another tool asks.
    expect((await agent.callTool("pay", { amount: 1, to: "x" }, { session: "s1" })).outcome).toBe("awaiting_approval");
  });

  it('refuses remember: "session" for a call without a session, and the call stays pending', async () => {
    const { agent, ran } = makeDesk();
    const asked = await agent.callTool("remove", { path: "/a" });
    const refused = agent.approvals.approve(asked.approvalId!, { remember: "session" });
    await expect(refused).rejects.toThrow(ToolDefinitionError);
    await expect(refused).rejects.toThrow(/needs the call's session/);
    expect(ran).toEqual([]);
    expect(agent.approvals.pending().map((x) => x.id)).toEqual([asked.approvalId]);
    expect(await agent.approvals.grants()).toEqual([]);
  });

  it('refuses remember: "user" for an agent without a scope; with one, covers its user only', async () => {
    const { agent } = makeDesk();
    const asked = await agent.callTool("remove", { path: "/a" });
    await expect(agent.approvals.approve(asked.approvalId!, { remember: "user" })).rejects.toThrow(
      /needs the agent's `scope`/,
    );

    const store = new MemoryStore();
    const registry = new ToolRegistry({ scope: "acme" });
    const alice = makeDesk({ store, registry, scope: "alice" });
    const aliceAgain = makeDesk({ store, registry, scope: "alice" });
    const bob = makeDesk({ store, registry, scope: "bob" });
    await approveRemembering(alice.agent, await alice.agent.callTool("remove", { path: "/a" }), { remember: "user" });
    expect(await aliceAgain.agent.callTool("remove", { path: "/b" })).toMatchObject({
      ok: true,
      grant: { level: "user" },
    });
    expect((await bob.agent.callTool("remove", { path: "/b" })).outcome).toBe("awaiting_approval");
    expect(await bob.agent.approvals.grants()).toEqual([]);
  });

  it('lets a "tenant" grant cover every user of the tenant, and no other tenant', async () => {
    const store = new MemoryStore();
    const acme = new ToolRegistry({ scope: "acme" });
    const alice = makeDesk({ store, registry: acme, scope: "alice" });
    const bob = makeDesk({ store, registry: acme, scope: "bob" });
    const other = makeDesk({ store, registry: new ToolRegistry({ scope: "globex" }), scope: "alice" });
    await approveRemembering(alice.agent, await alice.agent.callTool("remove", { path: "/a" }), {
      remember: "tenant",
    });
    expect(await bob.agent.callTool("remove", { path: "/b" })).toMatchObject({ ok: true, grant: { level: "tenant" } });
    expect((await other.agent.callTool("remove", { path: "/b" })).outcome).toBe("awaiting_approval");
  });

  it("matches conditions on the normalised arguments, and asks for anything outside them", async () => {
    const { agent, ran } = makeDesk();
    const asked = await agent.callTool("pay", { amount: 10, to: "acct-1" }, { session: "s" });
    await approveRemembering(agent, asked, {
      remember: "session",
      when: { amount: { min: 0, max: 50 }, to: { oneOf: ["acct-1", "acct-2"] } },
    });
    expect((await agent.callTool("pay", { amount: 50, to: "acct-2" }, { session: "s" })).ok).toBe(true);
    expect((await agent.callTool("pay", { amount: 50.5, to: "acct-2" }, { session: "s" })).outcome).toBe(
      "awaiting_approval",
    );
    expect((await agent.callTool("pay", { amount: 5, to: "acct-3" }, { session: "s" })).outcome).toBe(
      "awaiting_approval",
    );
    expect(ran).toEqual(["acct-1:10", "acct-2:50"]);

    // A default filled in by validation is what the condition sees.
    const removal = await agent.callTool("remove", { path: "/tmp/x" }, { session: "s" });
    await approveRemembering(agent, removal, { remember: "session", when: { force: { equals: false } } });
    expect((await agent.callTool("remove", { path: "/etc" }, { session: "s" })).ok).toBe(true);
    expect((await agent.callTool("remove", { path: "/etc", force: true }, { session: "s" })).outcome).toBe(
      "awaiting_approval",
    );
  });

  it("refuses conditions that cannot work, naming what is valid, and leaves the call pending", async () => {
    const { agent } = makeDesk();
    const asked = await agent.callTool("pay", { amount: 1, to: "a" }, { session: "s" });
    const approve = (when: unknown) =>
      agent.approvals.approve(asked.approvalId!, { remember: "session", when: when as never });
    await expect(approve({ amount: { below: 3 } })).rejects.toThrow(
      /unknown condition key "below". Valid keys: equals, oneOf, prefix, min, max/,
    );
    await expect(approve({ amuont: { equals: 1 } })).rejects.toThrow(
      /names "amuont", which is not a parameter of the tool. Parameters: amount, to/,
    );
    await expect(approve({ amount: { prefix: "1" } })).rejects.toThrow(/`prefix` needs a string parameter/);
    await expect(approve({ to: { min: 1 } })).rejects.toThrow(/need a number parameter/);
    await expect(approve({ amount: { min: 5, max: 1 } })).rejects.toThrow(/is above `max`/);
    await expect(approve({ to: { equals: "a", prefix: "a" } })).rejects.toThrow(/exactly one form/);
    await expect(approve({ to: { oneOf: [] } })).rejects.toThrow(/non-empty array/);
    await expect(agent.approvals.approve(asked.approvalId!, { remember: "forever" as never })).rejects.toThrow(
      /`remember` must be one of "session", "user", "tenant"/,
    );
    await expect(agent.approvals.approve(asked.approvalId!, { when: {} })).rejects.toThrow(/`remember` must be one of/);
    await expect(agent.approvals.approve(asked.approvalId!, { remember: "session", ttlMs: 0 })).rejects.toThrow(
      /`ttlMs` must be a whole number/,
    );
    expect(agent.approvals.pending().map((x) => x.id)).toEqual([asked.approvalId]);
    expect(await agent.approvals.grants({ session: "s" })).toEqual([]);
  });

  it("stops covering a tool whose input schema changed", async () => {
    // Two deployments of one agent on one store: the second changed the tool's parameters.
    const store = new MemoryStore();
    class Before extends BaseAgent {
      static override agentName = "schema_desk";
      @tool({ description: "Send", params: { to: p.string() }, requiresApproval: true })
      send({ to }: { to: string }) {
        return `sent ${to}`;
      }
    }
    class After extends BaseAgent {
      static override agentName = "schema_desk";
      @tool({ description: "Send", params: { to: p.string(), cc: p.string().optional() }, requiresApproval: true })
      send({ to }: { to: string }) {
        return `sent ${to}`;
      }
    }
    const before = new Before({ store, registry: new ToolRegistry({ scope: "t" }) });
    await approveRemembering(before, await before.callTool("send", { to: "a" }), { remember: "tenant" });
    expect((await before.callTool("send", { to: "b" })).ok).toBe(true);
    const after = new After({ store, registry: new ToolRegistry({ scope: "t" }) });
    expect((await after.callTool("send", { to: "b" })).outcome).toBe("awaiting_approval");
  });

  it("lists and revokes grants; a revoked grant asks again", async () => {
    const { agent } = makeDesk();
    await approveRemembering(agent, await agent.callTool("remove", { path: "/a" }, { session: "s" }), {
      remember: "session",
      when: { path: { prefix: "/a" } },
    });
    await approveRemembering(agent, await agent.callTool("pay", { amount: 1, to: "x" }, { session: "s" }), {
      remember: "tenant",
    });
    expect((await agent.approvals.grants()).map((g) => g.toolName)).toEqual(["pay"]);
    const listed = await agent.approvals.grants({ session: "s" });
    expect(listed.map((g) => [g.toolName, g.level])).toEqual([
      ["remove", "session"],
      ["pay", "tenant"],
    ]);
    expect(await agent.approvals.revoke(listed[0]!.id)).toBe(true);
    expect(await agent.approvals.revoke(listed[0]!.id)).toBe(false);
    expect(await agent.approvals.revoke("not-a-grant")).toBe(false);
    expect((await agent.callTool("remove", { path: "/a" }, { session: "s" })).outcome).toBe("awaiting_approval");
    expect((await agent.callTool("pay", { amount: 2, to: "y" }, { session: "s" })).ok).toBe(true);
  });

  it("expires a grant by the store's clock", async () => {
    let now = 1_000_000;
    const store = new MemoryStore({ now: () => now });
    const { agent } = makeDesk({ store });
    await approveRemembering(agent, await agent.callTool("remove", { path: "/a" }, { session: "s" }), {
      remember: "session",
      ttlMs: 60_000,
    });
    now += 59_999;
    expect((await agent.callTool("remove", { path: "/b" }, { session: "s" })).ok).toBe(true);
    now += 1;
    expect((await agent.callTool("remove", { path: "/c" }, { session: "s" })).outcome).toBe("awaiting_approval");
    expect(await agent.approvals.grants({ session: "s" })).toEqual([]);
  });

  it("does not cover a destructive call held after untrusted output unless the grant says so", async () => {
    const { agent, ran } = makeDesk();
    // The grant is made before the session read untrusted output.
    await agent.callTool("echo", { text: "hi" }, { session: "s" });
    const first = await agent.callTool("wipe", { path: "/w" }, { session: "s" });
    expect(first.ok).toBe(true); // not held yet, and `wipe` has no approval rule of its own
    await agent.callTool("read", { url: "https://evil.example" }, { session: "s" });
    const held = await agent.callTool("wipe", { path: "/w2" }, { session: "s" });
    await approveRemembering(agent, held, { remember: "session" });
    expect((await agent.callTool("wipe", { path: "/w3" }, { session: "s" })).outcome).toBe("awaiting_approval");

    const again = await agent.callTool("wipe", { path: "/w4" }, { session: "s" });
    await approveRemembering(agent, again, { remember: "session", afterUntrustedOutput: true });
    expect(await agent.callTool("wipe", { path: "/w5" }, { session: "s" })).toMatchObject({
      ok: true,
      grant: { level: "session" },
    });
    expect(ran).toEqual(["wipe /w", "wipe /w2", "wipe /w4", "wipe /w5"]);
  });

  it("never reads grants for a call that needs no approval", async () => {
    const store = new MemoryStore();
    const reads: string[] = [];
    const list = store.list.bind(store);
    store.list = async (kind, scope) => {
      reads.push(kind);
      return list(kind, scope);
    };
    // Without an approver, the approval's request reads the grants in the same store step (`unless`), by scope.
    const createCapped = store.createCapped.bind(store);
    store.createCapped = async (kind, record, options, cap, unless) => {
      reads.push(...(unless?.scopes ?? []).map(() => unless!.kind));
      return createCapped(kind, record, options, cap, unless);
    };
    const { agent } = makeDesk({ store });
    await agent.callTool("echo", { text: "a" });
    await agent.callTool("echo", { text: "a" }, { session: "s" });
    expect(reads).toEqual([]);
    await agent.callTool("remove", { path: "/a" }, { session: "s" });
    // One read per level the call can be covered at (session, tenant; no user scope): by key, never every grant.
    expect(reads).toEqual(["grant", "grant"]);
  });

  it("asks no approver for a call a grant covers", async () => {
    const store = new MemoryStore();
    const registry = new ToolRegistry({ scope: "approver" });
    const { agent } = makeDesk({ store, registry });
    await approveRemembering(agent, await agent.callTool("remove", { path: "/a" }), { remember: "tenant" });
    const asked: string[] = [];
    const withApprover = makeDesk({
      store,
      registry: new ToolRegistry({ scope: "approver" }),
      approver: (call) => (asked.push(call.toolName), false),
    });
    expect(await withApprover.agent.callTool("remove", { path: "/b" })).toMatchObject({ ok: true });
    expect(asked).toEqual([]);
    expect((await withApprover.agent.callTool("pay", { amount: 1, to: "x" })).outcome).toBe("rejected");
    expect(asked).toEqual(["pay"]);
  });

  it("honours and stops honouring grants on a store with only the five methods of RuntimeStore (issue 35)", async () => {
    // No createCapped: the approval's request lists the grant scopes itself before its create.
    const memory = new MemoryStore();
    const store: RuntimeStore = {
      description: "five methods",
      create: (...args) => memory.create(...args),
      get: (...args) => memory.get(...args),
      transition: (...args) => memory.transition(...args),
      list: (...args) => memory.list(...args),
      delete: (...args) => memory.delete(...args),
    };
    const { agent, ran } = makeDesk({ store });
    const asked = await agent.callTool("remove", { path: "/a" }, { session: "s" });
    await approveRemembering(agent, asked, { remember: "session", when: { path: { prefix: "/a" } } });
    expect(await agent.callTool("remove", { path: "/a/b" }, { session: "s" })).toMatchObject({ ok: true });
    const outside = await agent.callTool("remove", { path: "/b" }, { session: "s" });
    expect(outside.outcome).toBe("awaiting_approval");
    const [grant] = await agent.approvals.grants({ session: "s" });
    expect(await agent.approvals.revoke(grant!.id)).toBe(true);
    expect((await agent.callTool("remove", { path: "/a/c" }, { session: "s" })).outcome).toBe("awaiting_approval");
    expect(ran).toEqual(["/a", "/a/b"]);
    expect((await agent.approvals.list()).map((each) => each.args.path)).toEqual(["/b", "/a/c"]);
  });

  it("fails closed when the grants cannot be read: the call does not run", async () => {
    const store = new MemoryStore();
    const list = store.list.bind(store);
    store.list = async (kind, scope) => {
      if (kind === "grant") throw new StoreUnavailableError(store.description, `list grants of "${scope}"`, "down");
      return list(kind, scope);
    };
    // The approval's request reads the grants in the same store step: that read fails too.
    const createCapped = store.createCapped.bind(store);
    store.createCapped = async (kind, record, options, cap, unless) => {
      if (unless?.kind === "grant") throw new StoreUnavailableError(store.description, "read grants", "down");
      return createCapped(kind, record, options, cap, unless);
    };
    const { agent, ran } = makeDesk({ store });
    const result = await agent.callTool("remove", { path: "/a" }, { session: "s" });
    expect(result).toMatchObject({ ok: false, outcome: "failed", error: { code: "STORE_UNAVAILABLE" } });
    expect(result.error!.message).toMatch(/grant lookup/);
    expect(ran).toEqual([]);
  });

  it("fails closed, and says so, when the grant a call found cannot be read again before its handler", async () => {
    const store = new MemoryStore();
    const { agent, ran } = makeDesk({ store });
    const asked = await agent.callTool("remove", { path: "/a" }, { session: "s" });
    await agent.approvals.approve(asked.approvalId!, { remember: "session" });
    // The lookup finds the grant; the read just before the handler (the grant still held?) fails.
    const get = store.get.bind(store);
    store.get = async (kind, scope, id) => {
      if (kind === "grant") throw new StoreUnavailableError(store.description, `read grant ${id}`, "down");
      return get(kind, scope, id);
    };
    const result = await agent.callTool("remove", { path: "/b" }, { session: "s" });
    expect(result).toMatchObject({ ok: false, outcome: "failed", error: { code: "STORE_UNAVAILABLE" } });
    expect(result.error!.message).toMatch(/^The grant lookup of tool "remove" failed, so the tool did not run: /);
    expect(ran).toEqual(["/a"]);
  });
});
