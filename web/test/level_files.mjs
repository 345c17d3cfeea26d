// Small level files written by the tests (the npm package's web/test/package/formats.test.mjs and the
// browser test's formats_checks.mjs): one room in every format the WebAssembly build reads, Tiled (.tmx, .tmj
// with each encoding of a layer), PNG and BMP masks, and its twin in kinema ASCII.
import zlib from "node:zlib";

// A room of 3 x 3 tiles with a pillar in the middle: walls '#' (GID 1 in Tiled, pixel 0 in the images), floor '.'.
export const rows = ["#####", "#...#", "#.#.#", "#...#", "#####"];
export const width = rows[0].length;
export const height = rows.length;
export const twinText = rows.join("\n") + "\n";
export const wallGids = rows.flatMap((r) => [...r].map((c) => (c === "#" ? 1 : 0)));

export function gidBytes() {
    const bytes = Buffer.alloc(wallGids.length * 4);
    wallGids.forEach((gid, i) => bytes.writeUInt32LE(gid, i * 4));
    return bytes;
}

// The same layer as zstd writes it: `zstd -19` of gidBytes() (the 100 bytes of the 25 GIDs above), made
// once with Debian's zstd 1.5.4 command, as Node 20 has no zstd.
export const zstdLayer = "KLUv/SRkxQAASAEAAAABAAAAAAUAuxosBepNOQAHeJcIiXJn9g==";

/** A Tiled JSON map of the level whose walls layer holds `data` (an array, or base64 with `compression`). */
export function tmj(data, compression, tilesets) {
    const layer = { type: "tilelayer", name: "walls", width, height, x: 0, y: 0, opacity: 1, visible: true, data };
    if (typeof data === "string") {
        layer.encoding = "base64";
        if (compression) layer.compression = compression;
    }
    return JSON.stringify({
        type: "map", version: "1.10", orientation: "orthogonal", renderorder: "right-down", infinite: false,
        width, height, tilewidth: 16, tileheight: 16, layers: [layer],
        tilesets: tilesets || [{ firstgid: 1, name: "walls", tilewidth: 16, tileheight: 16, tilecount: 1, columns: 1,
            image: "walls.png", imagewidth: 16, imageheight: 16 }],
    });
}

export function tmx() {
    const csv = rows.map((r) => [...r].map((c) => (c === "#" ? 1 : 0)).join(",")).join(",\n");
    return `<?xml version="1.0" encoding="UTF-8"?>
<map version="1.10" orientation="orthogonal" renderorder="right-down" width="${width}" height="${height}" tilewidth="16" tileheight="16" infinite="0">
 <tileset firstgid="1" name="walls" tilewidth="16" tileheight="16" tilecount="1" columns="1">
  <image source="walls.png" width="16" height="16"/>
 </tileset>
 <layer id="1" name="walls" width="${width}" height="${height}">
  <data encoding="csv">
${csv}
</data>
 </layer>
</map>
`;
}

// CRC-32 of PNG chunks (ISO 3309, the polynomial zlib uses): Node 20's zlib has no crc32.
function crc32(bytes) {
    let c = ~0;
    for (const b of bytes) {
        c ^= b;
        for (let k = 0; k < 8; ++k) c = (c >>> 1) ^ (0xedb88320 & -(c & 1));
    }
    return ~c >>> 0;
}

function pngChunk(type, data) {
    const out = Buffer.alloc(12 + data.length);
    out.writeUInt32BE(data.length, 0);
    out.write(type, 4, "latin1");
    data.copy(out, 8);
    out.writeUInt32BE(crc32(out.subarray(4, 8 + data.length)), 8 + data.length);
    return out;
}

/** The level as an 8-bit greyscale PNG, one pixel a tile: walls black, floor white. */
export function png() {
    const header = Buffer.alloc(13);
    header.writeUInt32BE(width, 0);
    header.writeUInt32BE(height, 4);
    header[8] = 8; // bit depth
    header[9] = 0; // greyscale
    const scanlines = Buffer.concat(rows.map((r) => Buffer.from([0, ...[...r].map((c) => (c === "#" ? 0 : 255))])));
    return new Uint8Array(Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
        pngChunk("IHDR", header), pngChunk("IDAT", zlib.deflateSync(scanlines)), pngChunk("IEND", Buffer.alloc(0))]));
}

/** The level as a 24-bit BMP (rows bottom-up, each padded to 4 bytes): walls black, floor white. */
export function bmp() {
    const stride = Math.ceil((width * 3) / 4) * 4;
    const out = Buffer.alloc(54 + stride * height);
    out.write("BM", 0, "latin1");
    out.writeUInt32LE(out.length, 2);
    out.writeUInt32LE(54, 10);
    out.writeUInt32LE(40, 14);
    out.writeInt32LE(width, 18);
    out.writeInt32LE(height, 22);
    out.writeUInt16LE(1, 26);
    out.writeUInt16LE(24, 28);
    out.writeUInt32LE(stride * height, 34);
    rows.forEach((r, row) => [...r].forEach((c, col) => {
        out.fill(c === "#" ? 0 : 255, 54 + (height - 1 - row) * stride + col * 3, 54 + (height - 1 - row) * stride + col * 3 + 3);
    }));
    return new Uint8Array(out);
}

/** True when the level names another file it needs: an external tileset (Tiled) or level (LDtk). */
export function refersToFiles(text) {
    return /<tileset[^>]*\ssource=|"source"\s*:\s*"[^"]*\.ts[xj]"|"externalRelPath"\s*:\s*"/.test(text);
}
