import { BaseAgent, StoreRecordError, ToolRegistry, p, tool } from "toolwright";
import { RedisStore } from "toolwright/redis";
import { useTestRedis } from "../store/use-test-redis.js";

// Issue 35, a break found last stop: a Redis approval record with a field that is not JSON made `approve()` throw
// the raw `SyntaxError` of JSON.parse, naming neither the record nor the field. It must be refused with an error that
// names both, and nothing runs.
const server = useTestRedis();

const ran: string[] = [];
class Ops extends BaseAgent {
  static override agentName = "ops";
  @tool({ description: "Remove one record", params: { name: p.string() }, requiresApproval: true })
  remove({ name }: { name: string }) {
    ran.push(name);
    return `removed ${name}`;
  }
}

describe("a Redis approval record with a broken-JSON field (issue 35)", () => {
  it("is refused by approve() with an error naming the record and the field; nothing runs", async () => {
    const store = new RedisStore({ client: server.client, prefix: "broken-json" });
    const requester = new Ops({ registry: new ToolRegistry({ scope: "t" }), store });
    const approver = new Ops({ registry: new ToolRegistry({ scope: "t" }), store });
    const { approvalId } = await requester.callTool("remove", { name: "B-7" });
    const key = `broken-json:{${encodeURIComponent("t//ops")}}:approval:${approvalId}`;
    await server.client.sendCommand(["HSET", key, "args", '{"name":"B-']);
    const refused = approver.approvals.approve(approvalId!);
    await expect(refused).rejects.toBeInstanceOf(StoreRecordError);
    await expect(refused).rejects.toMatchObject({ code: "STORE_RECORD_INVALID", field: "args" });
    await expect(refused).rejects.toThrow(new RegExp(`approval "${approvalId}".*field "args" is not JSON`));
    // The requester's own process is refused the same way (it reads the record to decide), and nothing ran anywhere.
    await expect(requester.approvals.approve(approvalId!)).rejects.toBeInstanceOf(StoreRecordError);
    expect(ran).toEqual([]);
  });

  it("leaves a broken record out of a listing rather than failing the whole scope's", async () => {
    const store = new RedisStore({ client: server.client, prefix: "broken-json-list" });
    const agent = new Ops({ registry: new ToolRegistry({ scope: "t" }), store });
    const broken = await agent.callTool("remove", { name: "B-7" });
    const sound = await agent.callTool("remove", { name: "B-8" });
    const key = `broken-json-list:{${encodeURIComponent("t//ops")}}:approval:${broken.approvalId}`;
    await server.client.sendCommand(["HSET", key, "callId", "{"]);
    expect((await agent.approvals.list()).map((approval) => approval.id)).toEqual([sound.approvalId]);
    expect(ran).toEqual([]);
  });
});
