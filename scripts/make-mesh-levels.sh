#!/usr/bin/env bash
# Regenerates the 3D scene twins of data/levels/corner_ramp.obj (docs/levels.md, "3D scenes"), every one
# written by a tool, none by hand: Assimp's command-line tool (Debian's assimp-utils, in the `all` set of
# scripts/install-deps.sh) converts the OBJ, and a few lines of Python (standard library only) write what
# Assimp cannot: the OBJ in centimetres or z up (as FBX and 3DS files state them), a glTF with its buffer
# embedded, and a glTF whose node scales centimetres to metres. tests/formats/assimp_test.cpp checks that each
# reads back as the OBJ up to float rounding.
#
#   corner_ramp.gltf + .bin   glTF 2.0, external buffer          (assimp export -fgltf2)
#   corner_ramp.glb           binary glTF                        (assimp export -fglb2)
#   corner_ramp_embedded.gltf the .gltf with its buffer as a data: URI (Python)
#   corner_ramp_cm.gltf       vertices in centimetres under a node scaled 0.01 (Python)
#   corner_ramp.fbx           ASCII FBX of the OBJ in centimetres (assimp export -ffbxa): Assimp's FBX writer
#                             states UnitScaleFactor 1 (centimetres) whatever the numbers are, so it is given
#                             centimetres; its binary FBX writer's output does not read back in Assimp 5.2
#   corner_ramp.dae, .ply, .stl  COLLADA, PLY, STL                (assimp export)
#   corner_ramp.3ds           3DS of the OBJ turned z up (assimp export): Assimp's 3DS reader turns a 3DS
#                             file's z up into y up (3ds Max's axes), its writer does not turn y up into z up
set -euo pipefail
cd "$(dirname "$0")/../data/levels"
command -v assimp >/dev/null || { echo "make-mesh-levels: needs assimp (apt-get install assimp-utils)" >&2; exit 1; }
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

# The OBJ's vertices changed by a Python expression of x, y, z (faces and comments kept).
transformed_obj() {
  python3 - "$1" "$2" <<'PY'
import sys
expression = sys.argv[2]
for line in open(sys.argv[1]):
    if line.startswith("v "):
        x, y, z = (float(n) for n in line.split()[1:4])
        line = "v " + " ".join(repr(n) for n in eval(expression)) + "\n"
    print(line, end="")
PY
}
transformed_obj corner_ramp.obj "(x * 100, y * 100, z * 100)" >"$work/corner_ramp_cm.obj"
transformed_obj corner_ramp.obj "(x, -z, y)" >"$work/corner_ramp_zup.obj"

quiet() { "$@" >/dev/null; }
quiet assimp export corner_ramp.obj corner_ramp.gltf -fgltf2
quiet assimp export corner_ramp.obj corner_ramp.glb -fglb2
quiet assimp export corner_ramp.obj corner_ramp.dae -fcollada
quiet assimp export corner_ramp.obj corner_ramp.ply -fply
quiet assimp export corner_ramp.obj corner_ramp.stl -fstl
quiet assimp export "$work/corner_ramp_cm.obj" "$work/corner_ramp.fbx" -ffbxa
quiet assimp export "$work/corner_ramp_zup.obj" "$work/corner_ramp.3ds" -f3ds
# Assimp writes the time of writing into FBX and COLLADA files and the source's name into the FBX: both are
# fixed here (to the day these twins were first written, 2026-11-29), so the files are the same from run to run.
sed -e 's/corner_ramp_cm\.obj/corner_ramp.obj/g' \
  -e 's/^\t\tYear: .*/\t\tYear: 2026/; s/^\t\tMonth: .*/\t\tMonth: 11/; s/^\t\tDay: .*/\t\tDay: 29/' \
  -e 's/^\(\t\t\(Hour\|Minute\|Second\): \).*/\10/' \
  "$work/corner_ramp.fbx" >corner_ramp.fbx
cp "$work/corner_ramp.3ds" corner_ramp.3ds
sed -i -e 's|\(<created>\).*\(</created>\)|\12026-11-29T00:00:00\2|' \
  -e 's|\(<modified>\).*\(</modified>\)|\12026-11-29T00:00:00\2|' corner_ramp.dae

python3 - <<'PY'
import base64, copy, json, struct
gltf = json.load(open("corner_ramp.gltf"))
data = open("corner_ramp.bin", "rb").read()

# The same scene with its buffer inside the file.
embedded = copy.deepcopy(gltf)
embedded["buffers"][0]["uri"] = "data:application/octet-stream;base64," + base64.b64encode(data).decode()
json.dump(embedded, open("corner_ramp_embedded.gltf", "w"), indent=1)

# Positions (accessor 0, float VEC3) in centimetres, under a root node scaled 0.01: a level modelled in
# centimetres, as DCC tools export one.
positions = gltf["accessors"][0]
view = gltf["bufferViews"][positions["bufferView"]]
start = view.get("byteOffset", 0) + positions.get("byteOffset", 0)
count = positions["count"]
floats = struct.unpack_from("<%df" % (3 * count), data, start)
centimetres = struct.pack("<%df" % (3 * count), *(f * 100 for f in floats))
scaled_data = data[:start] + centimetres + data[start + len(centimetres):]
scaled = copy.deepcopy(gltf)
scaled["accessors"][0]["min"] = [v * 100 for v in positions["min"]]
scaled["accessors"][0]["max"] = [v * 100 for v in positions["max"]]
scaled["buffers"][0]["uri"] = "data:application/octet-stream;base64," + base64.b64encode(scaled_data).decode()
scaled["nodes"][0]["name"] = "centimetres to metres"
scaled["nodes"][0]["scale"] = [0.01, 0.01, 0.01]
json.dump(scaled, open("corner_ramp_cm.gltf", "w"), indent=1)
PY
ls -l corner_ramp.*  corner_ramp_*.gltf | awk '{print $5, $9}'
