// Lua scripts run by Redis as one atomic step each. A record is a hash whose fields hold JSON text, compared as text
// and never decoded here (Lua's cjson would turn an empty array into an object). Times come from Redis's own clock
// (TIME), so replicas with skewed clocks agree on leases. A scope's records and its index share a hash tag, so every
// key a script touches lives in one cluster slot. Each also keeps the scope's per-status index and publishes status
// changes (status-scripts.ts).
import { STATUS_FUNCTIONS } from "./status-scripts.js";

const NOW = `local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)`;

// The index is a sorted set of ids scored by their record's expiry: entries of expired records are pruned on every
// create and skipped (and pruned) on every list, so it never grows past the live records.
const INDEX = `if redis.call('PTTL', KEYS[2]) < ttl then redis.call('PEXPIRE', KEYS[2], ttl) end`;

// The status a record's hash holds now (decoded from its JSON text), or nil.
const STATUS_NOW = `local function statusNow()
  local text = redis.call('HGET', KEYS[1], 'status')
  if text then return tostring(cjson.decode(text)) end
  return nil
end
local base = string.sub(KEYS[2], 1, -2)`;

/** KEYS: record, index. ARGV: id, ttlMs, leaseMs or "", then field/JSON pairs. Returns 1, or 0 when it exists. */
export const CREATE = `if redis.call('EXISTS', KEYS[1]) == 1 then return 0 end
${STATUS_FUNCTIONS}
${STATUS_NOW}
${NOW}
local ttl = tonumber(ARGV[2])
if #ARGV >= 4 then redis.call('HSET', KEYS[1], unpack(ARGV, 4)) end
if ARGV[3] ~= '' then redis.call('HSET', KEYS[1], 'leaseUntil', string.format('%d', now + tonumber(ARGV[3]))) end
redis.call('PEXPIRE', KEYS[1], ttl)
redis.call('ZREMRANGEBYSCORE', KEYS[2], '-inf', now)
redis.call('ZADD', KEYS[2], now + ttl, ARGV[1])
${INDEX}
local status = statusNow()
if status then enter(base, ARGV[1], status, ttl) end
return 1`;

/**
 * KEYS: record, index. ARGV: id, ttlMs, leaseMs or "", "1" when the lease must have run out, "1" to answer the whole
 * record ("0": its status alone), the number of allowed statuses and each (JSON), the number of equal-field checks
 * and each field/JSON pair, then the patch's field/JSON pairs. Returns the record's fields after the write (or
 * {"status", <JSON>}), or nil when it is missing or fails the guard.
 */
export const TRANSITION = `if redis.call('EXISTS', KEYS[1]) == 0 then return nil end
${STATUS_FUNCTIONS}
${STATUS_NOW}
${NOW}
local status = redis.call('HGET', KEYS[1], 'status')
local count = tonumber(ARGV[6])
local allowed = false
for j = 7, 6 + count do if ARGV[j] == status then allowed = true end end
if not allowed then return nil end
local i = 7 + count
local checks = tonumber(ARGV[i])
i = i + 1
for j = 1, checks do
  if redis.call('HGET', KEYS[1], ARGV[i]) ~= ARGV[i + 1] then return nil end
  i = i + 2
end
if ARGV[4] == '1' and tonumber(redis.call('HGET', KEYS[1], 'leaseUntil') or '0') > now then return nil end
local ttl = tonumber(ARGV[2])
if i <= #ARGV then redis.call('HSET', KEYS[1], unpack(ARGV, i)) end
if ARGV[3] ~= '' then redis.call('HSET', KEYS[1], 'leaseUntil', string.format('%d', now + tonumber(ARGV[3]))) end
redis.call('PEXPIRE', KEYS[1], ttl)
redis.call('ZADD', KEYS[2], now + ttl, ARGV[1])
${INDEX}
local before = status and tostring(cjson.decode(status))
local after = statusNow()
if after ~= before then
  leave(base, ARGV[1], before)
  if after then enter(base, ARGV[1], after, ttl) end
end
-- A renewal (no fields) changes nothing a waiter reads; any other write is told (e.g. a result after a decision).
if after ~= before or i <= #ARGV then tell(base, ARGV[1], after or 'deleted') end
if ARGV[5] == '0' then return {'status', redis.call('HGET', KEYS[1], 'status')} end
return redis.call('HGETALL', KEYS[1])`;

/** KEYS: index. ARGV: the record keys' common prefix. Returns each live record's fields; prunes dead entries. */
export const LIST = `local out = {}
for _, id in ipairs(redis.call('ZRANGE', KEYS[1], 0, -1)) do
  local fields = redis.call('HGETALL', ARGV[1] .. id)
  if #fields == 0 then redis.call('ZREM', KEYS[1], id) else out[#out + 1] = fields end
end
return out`;

/** KEYS: record, index. ARGV: id. Returns 1 when the record existed. */
export const DELETE = `${STATUS_FUNCTIONS}
${STATUS_NOW}
local status = statusNow()
redis.call('ZREM', KEYS[2], ARGV[1])
leave(base, ARGV[1], status)
if status then tell(base, ARGV[1], 'deleted') end
return redis.call('DEL', KEYS[1])`;
