-- wrk script for bench/request-cost.bench.mjs: one kind of request (KIND in the environment), each
-- with fresh random parts where the kind has them, as a scanner or an attacker would send them.
local kind = os.getenv("KIND") or "cached-page"

local function token()
  return string.format("%x", math.random(0, 0x7fffffff))
end

function init(args)
  math.randomseed(os.time() + math.random(1, 1000000))
end

-- "/services" with each letter in a random case: one of 256 spellings of the same page.
local function anyCase(path)
  return (path:gsub("%a", function(letter) return math.random(2) == 1 and letter:upper() or letter end))
end

local builders = {
  ["cached-page"] = function() return wrk.format("GET", "/about", { ["Accept-Encoding"] = "gzip" }) end,
  ["unknown-path"] = function() return wrk.format("GET", "/" .. token() .. "/" .. token(), { ["Accept-Encoding"] = "gzip" }) end,
  ["unknown-article"] = function() return wrk.format("GET", "/blog/" .. token(), { ["Accept-Encoding"] = "gzip" }) end,
  ["unknown-service"] = function() return wrk.format("GET", "/ja/services/" .. token(), { ["Accept-Encoding"] = "gzip" }) end,
  ["letter-case"] = function() return wrk.format("GET", anyCase("/services"), { ["Accept-Encoding"] = "gzip" }) end,
  ["random-query"] = function() return wrk.format("GET", "/about?" .. token() .. "=" .. token(), { ["Accept-Encoding"] = "gzip" }) end,
  ["unknown-encoding"] = function() return wrk.format("GET", "/about", { ["Accept-Encoding"] = "x-" .. token() }) end,
  ["deflate-only"] = function() return wrk.format("GET", "/about", { ["Accept-Encoding"] = "deflate" }) end,
  ["identity-first"] = function() return wrk.format("GET", "/about", { ["Accept-Encoding"] = "identity, gzip" }) end,
  ["member-screen"] = function() return wrk.format("GET", "/account", { ["Accept-Encoding"] = "gzip" }) end,
  ["contact-query"] = function() return wrk.format("GET", "/contact?" .. token() .. "=" .. token(), { ["Accept-Encoding"] = "gzip" }) end,
  ["login-next"] = function() return wrk.format("GET", "/login?next=/" .. token(), { ["Accept-Encoding"] = "gzip" }) end,
  ["page-data"] = function() return wrk.format("GET", "/blog/1.data", { ["Accept-Encoding"] = "gzip" }) end,
  ["unknown-data"] = function() return wrk.format("GET", "/blog/" .. token() .. ".data") end,
  ["unknown-asset"] = function() return wrk.format("GET", "/assets/" .. token() .. ".js", { ["Accept-Encoding"] = "gzip" }) end,
  ["unknown-token"] = function()
    return wrk.format("GET", "/api/v1/user/me", { ["Authorization"] = "Bearer " .. token() .. token() .. token() .. token() .. token() .. token() })
  end,
}

request = builders[kind]
