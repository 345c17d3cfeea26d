-- A chase from LuaJIT: floods a level (a Moving AI .map, say) from the player's last known position and
-- direction, four propagation steps per frame as a game would (Couvidou's Dishonored 2 chase chapter: a fixed
-- number of steps per frame), and prints what `kinema chase --map MAP --from X,Y --dir DX,DY --json` prints.
-- Usage: luajit flood_map.lua MAP X Y DX DY
-- Environment: KINEMA_HEADER (default include/kinema/kinema.h beside this example), KINEMA_C_LIBRARY (default
-- kinema_c: libkinema_c.so through LD_LIBRARY_PATH).
local here = (arg[0]:match("^(.*)[/\\]") or ".") .. "/"
package.path = here .. "?.lua;" .. package.path
local kinema = require("kinema_ffi").load{
  header = os.getenv("KINEMA_HEADER") or (here .. "../../include/kinema/kinema.h"),
  library = os.getenv("KINEMA_C_LIBRARY") or "kinema_c",
}
local C, ffi, check = kinema.C, kinema.ffi, kinema.check

if #arg ~= 5 then
  io.stderr:write("usage: luajit flood_map.lua MAP X Y DX DY\n")
  os.exit(2)
end

local ok, message = pcall(function()
  local space_out = ffi.new("kinema_space*[1]")
  check(C.kinema_space_load(arg[1], space_out))
  local space = ffi.gc(space_out[0], C.kinema_space_destroy)
  local settings = C.kinema_flood_settings_default()  -- H 20, M_H 25, M_S 40
  local flood_out = ffi.new("kinema_flood*[1]")
  check(C.kinema_flood_create(settings, flood_out))
  local flood = ffi.gc(flood_out[0], C.kinema_flood_destroy)
  local from = ffi.new("kinema_vec3", tonumber(arg[2]), tonumber(arg[3]), 0)  -- grids: x = column, y = row
  local dir = ffi.new("kinema_vec3", tonumber(arg[4]), tonumber(arg[5]), 0)
  check(C.kinema_flood_start(flood, space, from, dir))
  local finished = ffi.new("bool[1]")
  repeat
    check(C.kinema_flood_advance(flood, 4, finished))  -- one frame's budget
  until finished[0]
  local length = ffi.new("size_t[1]")
  check(C.kinema_flood_json(flood, nil, nil, 0, length))  -- measure, then fill
  local buffer = ffi.new("char[?]", length[0] + 1)
  check(C.kinema_flood_json(flood, nil, buffer, length[0] + 1, length))
  io.write(ffi.string(buffer, length[0]), "\n")
end)
if not ok then
  io.stderr:write("kinema: error: ", tostring(message), "\n")
  os.exit(2)
end
