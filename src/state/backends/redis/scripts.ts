// Lua scripts run by Redis as one atomic step each. A record is a hash whose fields hold JSON text, compared as text
// and never decoded here (Lua's cjson would turn an empty array into an object). Times come from Redis's own clock
// (TIME), so replicas with skewed clocks agree on leases. A scope's records and its index share a hash tag, so every
// key a script touches lives in one cluster slot. Each also keeps the scope's per-status index and publishes status
// changes (status-scripts.ts).
// The index (KEYS[2]) is a sorted set of ids scored by their record's expiry: entries of expired records are pruned on
// every create and skipped (and pruned) on every list, so it never grows past the live records.
import { BASE, NOW, READ_INDEX, STATUS_FUNCTIONS } from "./status-scripts.js";

/**
 * KEYS: record, index. ARGV: id, ttlMs, leaseMs or "", flags, the number of allowed statuses and each (JSON), the
 * number of equal-field checks and each field/JSON pair, then the patch's field/JSON pairs. Flags, one letter each:
 * `e` the lease must have run out (`e<ms>`: at least that many ms ago), `r` answer the whole record (else its status alone), `n` publish the change (else
 * nobody but the writer waits for it), `i` keep the record in its status's index (else it leaves the index). Returns
 * the record's fields after the write (or {"status", <JSON>}), or nil when it is missing or fails the guard.
 */
export const TRANSITION = `${STATUS_FUNCTIONS}
${BASE}
local flags = ARGV[4]
local function flag(letter) return string.find(flags, letter, 1, true) ~= nil end
local count = tonumber(ARGV[5])
local i = 6 + count
local checks = tonumber(ARGV[i])
i = i + 1
-- One read for the whole guard: the status, the lease, the lookup key and each checked field (all nil when the record
-- is missing).
local names = {'status', 'leaseUntil', 'lookupKey'}
for j = 0, checks - 1 do names[4 + j] = ARGV[i + 2 * j] end
local got = redis.call('HMGET', KEYS[1], unpack(names))
local status = got[1]
if not status then return nil end
local allowed = false
for j = 6, 5 + count do if ARGV[j] == status then allowed = true end end
if not allowed then return nil end
for j = 0, checks - 1 do if got[4 + j] ~= ARGV[i + 2 * j + 1] then return nil end end
i = i + 2 * checks
${NOW}
local grace = string.match(flags, 'e(%d+)')
-- A lease that is not a number (written outside toolwright) never runs out, as in MemoryStore: the guard fails and
-- nothing is taken over from a broken record, instead of the script failing on nil arithmetic.
local leased = tonumber(got[2] or '0')
if grace and (not leased or leased + tonumber(grace) > now) then return nil end
local ttl = tonumber(ARGV[2])
local write, after = fieldsFrom(i)
local changed = #write > 0
after = after or status
if ARGV[3] ~= '' then withLease(write, now + tonumber(ARGV[3])) end
if #write > 0 then redis.call('HSET', KEYS[1], unpack(write)) end
redis.call('PEXPIRE', KEYS[1], ttl)
redis.call('ZADD', KEYS[2], now + ttl, ARGV[1])
keep(KEYS[2], ttl)
-- The record stays findable by its lookup key as long as it is kept.
if got[3] then keep(keyed(base, got[3]), ttl) end
-- Statuses are compared as the JSON text they are kept as, and decoded only to name their index.
if not flag('i') then
  leave(base, ARGV[1], decoded(status))
elseif after ~= status then
  leave(base, ARGV[1], decoded(status))
  enter(base, ARGV[1], decoded(after), ttl)
end
-- A renewal (no fields) changes nothing a waiter reads; any other write is told (e.g. a result after a decision).
if flag('n') and (after ~= status or changed) then tell(base, ARGV[1], decoded(after)) end
if not flag('r') then return {'status', after} end
return redis.call('HGETALL', KEYS[1])`;

/** KEYS: index. ARGV: the record keys' common prefix. Returns each live record's fields; prunes dead entries. */
export const LIST = `${READ_INDEX}
return readIndex(KEYS[1], ARGV[1], {})`;

/** KEYS: record, index. ARGV: id. Returns 1 when the record existed. */
export const DELETE = `${STATUS_FUNCTIONS}
${BASE}
local text = redis.call('HGET', KEYS[1], 'status')
local status = text and decoded(text)
redis.call('ZREM', KEYS[2], ARGV[1])
leave(base, ARGV[1], status)
unpoint(base, ARGV[1], redis.call('HGET', KEYS[1], 'lookupKey'))
if status then tell(base, ARGV[1], 'deleted') end
return redis.call('DEL', KEYS[1])`;
