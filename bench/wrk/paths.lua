-- wrk script of the reads bench (reads-vs-bare.bench.ts). Arguments after `--`:
--   1: a file of request paths, one a line
--   2: "random" (each request a random line: the rotating mix) or "sequence" (each line once, in order, the
--      threads taking disjoint slices: the cold mix, where no path is asked twice)
--   3: the number of wrk threads (-t), to split the sequence between them
-- Every request says Accept-Encoding: br, gzip, as browsers do. `done` prints one JSON line for the bench to read.
local threads = {}
local counter = 0

function setup(thread)
  thread:set("tid", #threads)
  table.insert(threads, thread)
end

local paths = {}
local mode = "random"
-- global: `done` reads it from each thread
wrapped = 0
local first = 1
local span = 0

function init(args)
  for line in io.lines(args[1]) do
    if #line > 0 then paths[#paths + 1] = line end
  end
  mode = args[2] or "random"
  local count = tonumber(args[3] or "1")
  span = math.floor(#paths / count)
  first = span * (tid or 0) + 1
  math.randomseed(os.time() * 1000 + (tid or 0))
  wrk.headers["Accept-Encoding"] = "br, gzip"
end

function request()
  local path
  if mode == "sequence" then
    if counter >= span then
      counter = 0
      wrapped = wrapped + 1
    end
    path = paths[first + counter]
    counter = counter + 1
  else
    path = paths[math.random(#paths)]
  end
  return wrk.format(nil, path)
end

function done(summary, latency, requests)
  local wraps = 0
  for _, thread in ipairs(threads) do
    wraps = wraps + (tonumber(thread:get("wrapped")) or 0)
  end
  local errors = summary.errors
  io.write(string.format(
    'WRK {"requests":%d,"duration_us":%d,"p50_us":%d,"p99_us":%d,"connect":%d,"read":%d,"write":%d,"status":%d,"timeout":%d,"wrapped":%d}\n',
    summary.requests, summary.duration, latency:percentile(50), latency:percentile(99), errors.connect,
    errors.read, errors.write, errors.status, errors.timeout, wraps))
end
