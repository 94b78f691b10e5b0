// Lua for the per-status index of a scope's records (issue 23): each status of a scope has a sorted set of ids scored
// by the order they entered it (a per-scope counter), so a script counts a scope's pending approvals or kept tasks,
// evicts the oldest and pages through them in short steps, never reading every record at once. Each status change is
// published on the scope's channel ("<status> <id>"), so waiting processes are told instead of polling. Keys are
// built from the scope's base key, which carries the scope's hash tag: one cluster slot, as a script's keys need.

/**
 * Lua functions shared by the scripts: `enter` adds an id to its status's set (and drops up to two ids at the bottom
 * whose records expired), `leave` removes it, `tell` publishes a change. `base` is the scope's key base
 * (`<prefix>:{<scope>}:<kind>`); a record's key is `base .. ':' .. id`. `fieldsFrom` copies the field/JSON pairs of
 * ARGV from an index into one HSET's arguments and finds the status and the lookup key among them (as JSON text),
 * `withLease` adds the lease's end to them, and `decoded` turns a status's JSON text into the name its set is keyed
 * by. `point` makes a record findable by its lookup key (`<base>:key:<key>` holds its id, and expires with it),
 * `unpoint` removes that pointer when it still names the record. `insert` writes a new record (KEYS: record, index;
 * ARGV: id, ttlMs, leaseMs or "", …, its field/JSON pairs from `at`) with its index entries and its pointer.
 */
export const STATUS_FUNCTIONS = `local function keep(key, ttl)
  if redis.call('PTTL', key) < ttl then redis.call('PEXPIRE', key, ttl) end
end
local function enter(base, id, status, ttl)
  local set = base .. ':st:' .. status
  local order = redis.call('INCR', base .. ':seq')
  keep(base .. ':seq', ttl)
  redis.call('ZADD', set, order, id)
  keep(set, ttl)
  local bottom = redis.call('ZRANGE', set, 0, 1)
  -- Both records alive, the usual case, is one read; only a dead one costs a second look and its removal.
  if #bottom == 2 and redis.call('EXISTS', base .. ':' .. bottom[1], base .. ':' .. bottom[2]) == 2 then return end
  for _, old in ipairs(bottom) do
    if redis.call('EXISTS', base .. ':' .. old) == 0 then redis.call('ZREM', set, old) end
  end
end
local function leave(base, id, status)
  if status then redis.call('ZREM', base .. ':st:' .. status, id) end
end
local function tell(base, id, status)
  redis.call('PUBLISH', base .. ':changes', status .. ' ' .. id)
end
local function fieldsFrom(at)
  local write, status, lookup = {}, nil, nil
  for k = at, #ARGV, 2 do
    write[#write + 1] = ARGV[k]
    write[#write + 1] = ARGV[k + 1]
    if ARGV[k] == 'status' then status = ARGV[k + 1] end
    if ARGV[k] == 'lookupKey' then lookup = ARGV[k + 1] end
  end
  return write, status, lookup
end
local function withLease(write, untilMs)
  write[#write + 1] = 'leaseUntil'
  write[#write + 1] = string.format('%d', untilMs)
end
local function decoded(text)
  return tostring(cjson.decode(text))
end
local function keyed(base, lookup)
  return base .. ':key:' .. decoded(lookup)
end
local function point(base, id, lookup, ttl)
  if lookup then redis.call('SET', keyed(base, lookup), id, 'PX', ttl) end
end
local function unpoint(base, id, lookup)
  if lookup and redis.call('GET', keyed(base, lookup)) == id then redis.call('DEL', keyed(base, lookup)) end
end
local function insert(base, now, ttl, at)
  local write, status, lookup = fieldsFrom(at)
  if ARGV[3] ~= '' then withLease(write, now + tonumber(ARGV[3])) end
  if #write > 0 then redis.call('HSET', KEYS[1], unpack(write)) end
  redis.call('PEXPIRE', KEYS[1], ttl)
  redis.call('ZREMRANGEBYSCORE', KEYS[2], '-inf', now)
  redis.call('ZADD', KEYS[2], now + ttl, ARGV[1])
  keep(KEYS[2], ttl)
  if status then enter(base, ARGV[1], decoded(status), ttl) end
  point(base, ARGV[1], lookup, ttl)
end`;

/** Lua: `now`, in ms, by Redis's own clock (TIME), so replicas with skewed clocks agree on leases. */
export const NOW = `local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)`;

/** Lua: `base`, the scope's key base, from a script's index key (`<base>s`, KEYS[2]). */
export const BASE = `local base = string.sub(KEYS[2], 1, -2)`;

/**
 * A Lua function, `readIndex(index, prefix, out)`: appends to `out` the fields of each live record of an index (its
 * records are `prefix .. id`) and answers `out`; an entry whose record expired is pruned. How LIST reads a scope, and
 * CREATE_CAPPED the scopes it reads first.
 */
export const READ_INDEX = `local function readIndex(index, prefix, out)
  for _, id in ipairs(redis.call('ZRANGE', index, 0, -1)) do
    local fields = redis.call('HGETALL', prefix .. id)
    if #fields == 0 then redis.call('ZREM', index, id) else out[#out + 1] = fields end
  end
  return out
end`;

/**
 * KEYS: record, index, then the indexes of the scopes to read first (`UnlessFound`; same slot). ARGV: id, ttlMs,
 * leaseMs or "", max, then counted statuses (count, each), evictable statuses (count, each), leased statuses (count,
 * each), then the record's field/JSON pairs. Returns {1, evicted record fields...}, {0, "exists"}, {0, "full"}, or
 * {0, "found", record fields...} when the scopes read first hold records (nothing written).
 */
export const CREATE_CAPPED = `${STATUS_FUNCTIONS}
${BASE}
${READ_INDEX}
if redis.call('EXISTS', KEYS[1]) == 1 then return {0, 'exists'} end
-- The scopes read first, as LIST reads one (an index's key is its records' prefix and an "s").
local found = {0, 'found'}
for k = 3, #KEYS do readIndex(KEYS[k], string.sub(KEYS[k], 1, -2) .. ':', found) end
if #found > 2 then return found end
${NOW}
local ttl = tonumber(ARGV[2])
local max = tonumber(ARGV[4])
local function group(at)
  local n = tonumber(ARGV[at])
  local out = {}
  for j = 1, n do out[ARGV[at + j]] = j end
  return out, at + n + 1
end
local counted, i = group(5)
local evictable, j = group(i)
local leased, fields = group(j)
local function count()
  local total = 0
  for status in pairs(counted) do
    local set = base .. ':st:' .. status
    if leased[status] then
      for _, id in ipairs(redis.call('ZRANGE', set, 0, -1)) do
        local lease = redis.call('HGET', base .. ':' .. id, 'leaseUntil')
        -- A lease that is not a number (written outside toolwright) counts as run out, as MemoryStore counts it: a
        -- nil compared would fail this script, and with it every create of the scope.
        if not lease then redis.call('ZREM', set, id) elseif (tonumber(lease) or 0) > now then total = total + 1 end
      end
    else
      total = total + redis.call('ZCARD', set)
    end
  end
  return total
end
local evicted = {1}
local rounds = 0
while count() >= max do
  rounds = rounds + 1
  local oldest, oldestStatus, oldestOrder = nil, nil, nil
  for status in pairs(evictable) do
    local bottom = redis.call('ZRANGE', base .. ':st:' .. status, 0, 0, 'WITHSCORES')
    if bottom[1] and (not oldestOrder or tonumber(bottom[2]) < oldestOrder) then
      oldest, oldestStatus, oldestOrder = bottom[1], status, tonumber(bottom[2])
    end
  end
  if not oldest or rounds > 10000 then return {0, 'full'} end
  local key = base .. ':' .. oldest
  leave(base, oldest, oldestStatus)
  if redis.call('EXISTS', key) == 1 then
    unpoint(base, oldest, redis.call('HGET', key, 'lookupKey'))
    evicted[#evicted + 1] = redis.call('HGETALL', key)
    redis.call('DEL', key)
    redis.call('ZREM', KEYS[2], oldest)
    tell(base, oldest, 'evicted')
  end
end
insert(base, now, ttl, fields)
return evicted`;

/**
 * KEYS: index. ARGV: a lookup key (JSON text). Returns the fields of the record written last with that key, or an
 * empty list: one read of the pointer and one of the record, whatever the scope holds.
 */
export const FIND_BY_KEY = `${STATUS_FUNCTIONS}
local base = string.sub(KEYS[1], 1, -2)
local id = redis.call('GET', keyed(base, ARGV[1]))
if not id then return {} end
return redis.call('HGETALL', base .. ':' .. id)`;

/**
 * KEYS: index. ARGV: after (an order number, "0" for the start), limit, then statuses. Returns {next or "", record
 * fields...}: at most `limit` records in the statuses, in the order they entered them; drops ids whose record expired.
 */
export const LIST_PAGE = `local base = string.sub(KEYS[1], 1, -2)
local after = ARGV[1]
local limit = tonumber(ARGV[2])
local found = {}
for k = 3, #ARGV do
  local set = base .. ':st:' .. ARGV[k]
  local rows = redis.call('ZRANGEBYSCORE', set, '(' .. after, '+inf', 'WITHSCORES', 'LIMIT', 0, limit)
  for r = 1, #rows, 2 do found[#found + 1] = {tonumber(rows[r + 1]), rows[r], set} end
end
table.sort(found, function(a, b) return a[1] < b[1] end)
local out = {''}
local last = nil
for _, row in ipairs(found) do
  if #out > limit then break end
  local fields = redis.call('HGETALL', base .. ':' .. row[2])
  if #fields == 0 then redis.call('ZREM', row[3], row[2]) else out[#out + 1] = fields end
  last = row[1]
end
if #out > limit or #found > limit then out[1] = string.format('%d', last) end
return out`;
