"""Reading kinema's ASCII levels (docs/levels.md, "kinema ASCII levels") for the scripts that write their
twins in designers' formats (make-tiled-levels.py, make-ldtk-levels.py). Python standard library only."""

# Each position marker and the direction it gives ("DX,DY"); 'P' marks the position alone.
MARKER_DIRECTIONS = {">": "1,0", "<": "-1,0", "^": "0,-1", "v": "0,1", "P": None}


def read_ascii_level(path):
    """(title or None, rows padded with '#', marker (col, row) or None, direction "DX,DY" or None), as
    src/levels/ascii_level.cpp reads the file: ';' comments, "key: value" headers before the map, a blank
    line ending it, short rows padded with walls, the direction header before an arrow's."""
    title, direction, rows = None, None, []
    for line in path.read_text().splitlines():
        if line.startswith(";"):
            continue
        if not rows and ":" in line:
            key, value = (part.strip() for part in line.split(":", 1))
            if key == "name":
                title = value
            elif key == "direction":
                direction = value.replace(" ", "")
            continue
        if not line.strip():
            if rows:
                break
            continue
        rows.append(line)
    width = max(len(r) for r in rows)
    rows = [r.ljust(width, "#") for r in rows]
    marker = None
    for y, row in enumerate(rows):
        for x, c in enumerate(row):
            if c in MARKER_DIRECTIONS:
                marker = (x, y)
                direction = direction or MARKER_DIRECTIONS[c]
    return title, rows, marker, direction
