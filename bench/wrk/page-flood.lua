-- wrk script for bench/flood.bench.mjs: every request a page-cache miss candidate (random Host,
-- path and query, as an attacker would send), counting 5xx answers per thread.
local pages = { "/", "/about", "/services", "/services/tax-consultation", "/portfolio", "/blog", "/blog/1", "/contact", "/pricing", "/terms" }
local langs = { "", "/ja", "/zh" }
local threads = {}

local function token()
  return string.format("%x", math.random(0, 0x7fffffff))
end

function setup(thread)
  thread:set("seed", math.random(1, 1000000))
  table.insert(threads, thread)
end

function init(args)
  math.randomseed(seed)
  fivexx = 0
end

function request()
  local lang = langs[math.random(#langs)]
  local roll = math.random(4)
  local path
  if roll == 1 then
    path = lang .. "/" .. token() .. "/" .. token()
  else
    path = lang .. pages[math.random(#pages)]
    if roll == 2 then path = path .. "?" .. token() .. "=" .. token() end
  end
  return wrk.format("GET", path, { ["Host"] = token() .. ".example:" .. math.random(1, 65535), ["Accept-Encoding"] = "br, gzip" })
end

function response(status, headers, body)
  if status >= 500 then fivexx = fivexx + 1 end
end

function done(summary, latency, requests)
  local total = 0
  for _, thread in ipairs(threads) do total = total + thread:get("fivexx") end
  io.write(string.format("FLOOD %d %d %.1f\n", summary.requests, total, summary.requests / (summary.duration / 1e6)))
end
