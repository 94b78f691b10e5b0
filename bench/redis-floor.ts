// The floors `npm run bench:redis` sets an approval through the Redis store beside: raw node-redis doing an approval's
// Redis work by hand, one round trip per step (request, approve, result), with a direct call of the same function
// between. Two of them:
//   same work: what the store must do for the same guarantees, each step one small hand-written script, loaded once
//     and run by EVALSHA: the request writes the record the store writes (the same fields) with its expiry, within a
//     cap on the pending count, and indexes it as pending; the approval is a compare-and-set out of `pending` that
//     names the runner, starts a run lease, leaves the pending index, tells waiters and answers the record; the result
//     is a compare-and-set that only the runner still holding the run may make, and tells waiters.
//   bare: the floor quoted before issue 24's last round, which does less than the store does: a 4-field record and
//     no cap or index, a claim with no runner or lease, an unguarded result write and no notices.
import { createHash, randomUUID } from "node:crypto";
import { createClient } from "redis";

/** A plain node-redis client for the floors (connect it). */
export const floorClient = (url: string) => createClient({ url });
type Client = ReturnType<typeof floorClient>;

/** One approval's Redis work, with the function it runs. */
export type FloorApproval = (n: number) => Promise<void>;

const guarded = ({ n }: { n: number }) => n;

// KEYS: record, pending index. ARGV: id, ttl, max pending, then field/JSON pairs.
const REQUEST = `if redis.call('EXISTS', KEYS[1]) == 1 then return 0 end
if redis.call('ZCARD', KEYS[2]) >= tonumber(ARGV[3]) then return -1 end
redis.call('HSET', KEYS[1], unpack(ARGV, 4))
redis.call('PEXPIRE', KEYS[1], ARGV[2])
redis.call('ZADD', KEYS[2], 0, ARGV[1])
return 1`;

// KEYS: record, pending index. ARGV: id, runner (JSON), lease ms, ttl, channel.
const APPROVE = `if redis.call('HGET', KEYS[1], 'status') ~= '"pending"' then return nil end
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
redis.call('HSET', KEYS[1], 'status', '"approved"', 'runner', ARGV[2], 'leaseUntil', now + tonumber(ARGV[3]))
redis.call('PEXPIRE', KEYS[1], ARGV[4])
redis.call('ZREM', KEYS[2], ARGV[1])
redis.call('PUBLISH', ARGV[5], 'approved ' .. ARGV[1])
return redis.call('HGETALL', KEYS[1])`;

// KEYS: record. ARGV: id, runner (JSON), result (JSON), ttl, channel.
const FINISH = `if redis.call('HGET', KEYS[1], 'status') ~= '"approved"' then return 0 end
if redis.call('HGET', KEYS[1], 'runner') ~= ARGV[2] then return 0 end
redis.call('HSET', KEYS[1], 'status', '"done"', 'result', ARGV[3])
redis.call('PEXPIRE', KEYS[1], ARGV[4])
redis.call('PUBLISH', ARGV[5], 'done ' .. ARGV[1])
return 1`;

/** The same work as the store's approval, by hand: three round trips, each one small script. */
export async function sameWorkFloor(client: Client): Promise<FloorApproval> {
  const request = await client.scriptLoad(REQUEST);
  const approve = await client.scriptLoad(APPROVE);
  const finish = await client.scriptLoad(FINISH);
  const runner = JSON.stringify(randomUUID());
  const base = "floor:{bench}:approval";
  const index = `${base}s:pending`;
  const channel = `${base}:changes`;
  return async (n) => {
    const id = randomUUID();
    const key = `${base}:${id}`;
    const callId = `call_${n}`;
    const args = JSON.stringify({ n });
    const now = String(Date.now());
    const fields = {
      id: JSON.stringify(id),
      toolName: '"guarded"',
      callId: JSON.stringify(callId),
      args,
      argsHash: JSON.stringify(createHash("sha256").update(args).digest("hex").slice(0, 32)),
      schemaVersion: '"0123456789abcdef"',
      requestedAt: now,
      scope: '"bench"',
      status: '"pending"',
      createdAt: now,
    };
    const made = await client.evalSha(request, {
      keys: [key, index],
      arguments: [id, "86400000", "100", ...Object.entries(fields).flat()],
    });
    if (made !== 1) throw new Error(`floor request ${n} failed: ${String(made)}`);
    const claimed = (await client.evalSha(approve, {
      keys: [key, index],
      arguments: [id, runner, "30000", "87000000", channel],
    })) as string[] | null;
    if (!claimed) throw new Error(`floor claim ${n} failed`);
    const value = guarded(JSON.parse(claimed[claimed.indexOf("args") + 1]!) as { n: number });
    const result = JSON.stringify({ ok: true, outcome: "success", toolName: "guarded", callId, value });
    const written = await client.evalSha(finish, { keys: [key], arguments: [id, runner, result, "600000", channel] });
    if (written !== 1) throw new Error(`floor result ${n} was not written`);
  };
}

// The compare-and-set out of "pending", answering the record.
const CLAIM = `if redis.call('HGET', KEYS[1], 'status') ~= '"pending"' then return nil end
redis.call('HSET', KEYS[1], 'status', '"approved"')
return redis.call('HGETALL', KEYS[1])`;

/** The floor before: a 4-field record, a claim without runner or lease, an unguarded result, no index or notice. */
export function bareFloor(client: Client): FloorApproval {
  return async (n) => {
    const key = `bare:${n}`;
    const fields = { id: `"${n}"`, status: '"pending"', toolName: '"guarded"', args: JSON.stringify({ n }) };
    await client.multi().hSet(key, fields).pExpire(key, 60_000).exec();
    const claimed = (await client.eval(CLAIM, { keys: [key] })) as string[] | null;
    if (!claimed) throw new Error(`floor claim ${n} failed`);
    const result = guarded(JSON.parse(claimed[claimed.indexOf("args") + 1]!) as { n: number });
    await client
      .multi()
      .hSet(key, { status: '"done"', result: String(result) })
      .pExpire(key, 60_000)
      .exec();
  };
}
