-- kinema's C ABI for LuaJIT's FFI, declared from the one description of it: include/kinema/kinema.h, read at
-- load time. ffi.cdef takes declarations without a preprocessor, and the header keeps every declaration plain C
-- (its only macro in a declaration is the export macro KINEMA_API), so loading it takes three rules: drop the
-- preprocessor lines, drop what only C++ compilers see (#ifdef __cplusplus ... #endif) and version 5's names
-- (#ifdef KINEMA_C_API_V5_NAMES ... #endif), remove KINEMA_API; a numeric #define (KINEMA_C_API_VERSION,
-- KINEMA_INTERNAL_CHECK) becomes an enum constant.
--
--   local kinema = require("kinema_ffi").load{header = "include/kinema/kinema.h", library = "kinema_c"}
--   -- kinema.C.kinema_version(), kinema.check(status), kinema.ffi
local ffi = require("ffi")

local M = {}

-- The header's text as ffi.cdef takes it.
function M.cdef_text(header_text)
  local out = {}
  local depth = 0       -- nesting of #if blocks
  local cplusplus = nil -- the depth of the #if block that only C++ sees, when inside one
  for line in (header_text .. "\n"):gmatch("([^\n]*)\n") do
    local directive, rest = line:match("^%s*#%s*(%a+)%s*(.*)$")
    if directive == "if" or directive == "ifdef" or directive == "ifndef" then
      depth = depth + 1
      -- What only C++ compilers see, and version 5's names (declared only when a program asks for them).
      local skipped = rest:find("__cplusplus", 1, true) or
        (directive ~= "ifndef" and rest:find("KINEMA_C_API_V5_NAMES", 1, true))
      if cplusplus == nil and skipped then
        cplusplus = depth
      end
    elseif directive == "endif" then
      if cplusplus == depth then
        cplusplus = nil
      end
      depth = depth - 1
    elseif directive == "define" and cplusplus == nil then
      local name, value = rest:match("^([%w_]+)%s+(%-?%d+)%s*$")
      if name then
        out[#out + 1] = "enum { " .. name .. " = " .. value .. " };"
      end
    elseif directive == nil and cplusplus == nil then
      out[#out + 1] = line
    end
  end
  return (table.concat(out, "\n"):gsub("KINEMA_API%s+", ""))
end

local function read_file(path)
  local file = assert(io.open(path, "rb"), "cannot open " .. path)
  local text = file:read("*a")
  file:close()
  return text
end

-- Declares the header and loads the library (a name such as "kinema_c", found as libkinema_c.so through
-- LD_LIBRARY_PATH, or a path). Returns {C = the library, ffi = ffi, check = a function that raises the C
-- library's message for a status other than KINEMA_OK}.
function M.load(options)
  ffi.cdef(M.cdef_text(read_file(options.header)))
  local C = ffi.load(options.library or "kinema_c")
  if C.kinema_c_api_version() ~= C.KINEMA_C_API_VERSION then
    error("libkinema_c has C API version " .. C.kinema_c_api_version() .. ", the header " ..
          C.KINEMA_C_API_VERSION .. ": a stale library", 2)
  end
  local function check(status)
    if status ~= C.KINEMA_OK then
      error(ffi.string(C.kinema_last_error()), 0)
    end
  end
  return {C = C, ffi = ffi, check = check}
end

return M
