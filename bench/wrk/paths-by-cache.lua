-- paths.lua, plus a count of the response cache's answers by kind (its `x-cache` header: hit, stale, miss), for the
-- rotating run over several expiries of reads-vs-bare.bench.ts. `done` prints one more line:
-- CACHE {"hits":…,"stale":…,"misses":…}. The bare server sends the headers the app sent when it was recorded.
local here = debug.getinfo(1, "S").source:match("^@(.*/)") or "./"
dofile(here .. "paths.lua")

local counted_threads = {}
local paths_setup = setup
function setup(thread)
  table.insert(counted_threads, thread)
  paths_setup(thread)
end

-- globals: `done` reads them from each thread
hits = 0
stale = 0
misses = 0

function response(status, headers)
  local cache = headers["x-cache"] or headers["X-Cache"]
  if cache == "hit" then hits = hits + 1
  elseif cache == "stale" then stale = stale + 1
  elseif cache == "miss" then misses = misses + 1 end
end

local paths_done = done
function done(summary, latency, requests)
  paths_done(summary, latency, requests)
  local totals = { hits = 0, stale = 0, misses = 0 }
  for _, thread in ipairs(counted_threads) do
    for name, _ in pairs(totals) do
      totals[name] = totals[name] + (tonumber(thread:get(name)) or 0)
    end
  end
  io.write(string.format('CACHE {"hits":%d,"stale":%d,"misses":%d}\n', totals.hits, totals.stale, totals.misses))
end
