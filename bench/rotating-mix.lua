-- The rotating mix for wrk (bench/embedded.bench.ts): every request the next path of a list the bench wrote, one
-- path a line, each thread starting at its own place in the list so the connections do not ask in step.
-- `done` prints the answers by kind, which wrk does not tell apart: "ANSWERS {"refused":…}" (503 busy) and the
-- response cache's own `x-cache` (hit, stale, miss).
-- Usage: wrk ... -s bench/rotating-mix.lua <url> -- <paths file>
local threads = {}
local paths = {}
local next_index = 1
-- globals: `done` reads them from each thread
refused = 0
hits = 0
stale = 0
misses = 0

function setup(thread)
  table.insert(threads, thread)
end

function init(args)
  local file = assert(io.open(args[1], "r"), "no paths file")
  for line in file:lines() do
    if #line > 0 then paths[#paths + 1] = line end
  end
  file:close()
  assert(#paths > 0, "the paths file is empty")
  -- wrk runs init once per thread, each with its own Lua state; the table address differs between threads.
  math.randomseed(os.time() + tonumber(tostring({}):match("0x(%x+)"), 16) % 100000)
  next_index = math.random(#paths)
end

function request()
  local path = paths[next_index]
  next_index = next_index % #paths + 1
  return wrk.format("GET", path)
end

function response(status, headers)
  if status == 503 then refused = refused + 1 end
  local cache = headers["x-cache"] or headers["X-Cache"]
  if cache == "hit" then hits = hits + 1
  elseif cache == "stale" then stale = stale + 1
  elseif cache == "miss" then misses = misses + 1 end
end

function done()
  local totals = { refused = 0, hits = 0, stale = 0, misses = 0 }
  for _, thread in ipairs(threads) do
    for name, _ in pairs(totals) do
      totals[name] = totals[name] + (tonumber(thread:get(name)) or 0)
    end
  end
  io.write(string.format('ANSWERS {"refused":%d,"hits":%d,"stale":%d,"misses":%d}\n',
    totals.refused, totals.hits, totals.stale, totals.misses))
end
