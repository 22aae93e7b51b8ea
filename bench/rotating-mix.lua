-- The rotating mix for wrk (bench/embedded.bench.ts): every request the next path of a list the bench wrote, one
-- path a line, each thread starting at its own place in the list so the connections do not ask in step.
-- Usage: wrk ... -s bench/rotating-mix.lua <url> -- <paths file>
local paths = {}
local next_index = 1

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
