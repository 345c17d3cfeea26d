// The playground's static file server (docs/web.md): serves build-web/site/ and, when ../shared/data/maps is
// present, those Moving AI maps under /maps/ (with a /maps/index.json list the level pickers read), and
// ../shared/data/meshes likewise under /meshes/ (the flood page's 3D levels), straight from those
// directories: nothing is copied, so a rebuild of the site loses nothing. The browser test uses it;
//   node web/test/serve.mjs [PORT]
// serves the site for a browser (default port 8000; scripts/web.sh --build-only first).
import fs from "node:fs";
import http from "node:http";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
export const defaultSite = path.join(root, "build-web/site");
const sharedData = process.env.KINEMA_SHARED_DATA_DIR || path.join(root, "../shared/data");
export const defaultMaps = path.join(sharedData, "maps");
// The shared 3D meshes (the Recast demo's dungeon.obj, nav_test.obj), served as /meshes/ the same way.
export const defaultMeshes = path.join(sharedData, "meshes");

const types = { ".html": "text/html", ".js": "text/javascript", ".css": "text/css", ".wasm": "application/wasm",
  ".json": "application/json", ".txt": "text/plain", ".map": "text/plain", ".png": "image/png",
  ".svg": "image/svg+xml", ".obj": "text/plain" };

// The file a URL path names under `dir`, or null (outside it, missing, a directory).
function fileUnder(dir, urlPath) {
  const file = path.join(dir, urlPath);
  if (!file.startsWith(dir + path.sep) || !fs.existsSync(file) || fs.statSync(file).isDirectory()) return null;
  return file;
}

// Starts the server on `port` (0: any free port); resolves to the http.Server.
export function serve(site = defaultSite, maps = defaultMaps, port = 0, meshes = defaultMeshes) {
  // URL folder -> [directory, the extension its index.json lists], for the shared folders that exist.
  const shared = new Map([["maps", [maps, ".map"]], ["meshes", [meshes, ".obj"]]]
    .filter(([, [dir]]) => fs.existsSync(dir)));
  const server = http.createServer((req, res) => {
    const urlPath = decodeURIComponent(new URL(req.url, "http://x").pathname);
    const folder = shared.get(urlPath.split("/")[1]);
    if (folder && urlPath.endsWith("/index.json") && urlPath.split("/").length === 3) {
      const names = fs.readdirSync(folder[0]).filter((f) => f.endsWith(folder[1])).sort();
      res.writeHead(200, { "content-type": types[".json"] }).end(JSON.stringify(names));
      return;
    }
    const file = folder ? fileUnder(folder[0], urlPath.slice(urlPath.indexOf("/", 1)))
      : fileUnder(site, urlPath === "/" ? "/index.html" : urlPath);
    if (!file) {
      res.writeHead(404).end("not found");
      return;
    }
    res.writeHead(200, { "content-type": types[path.extname(file)] || "application/octet-stream" });
    fs.createReadStream(file).pipe(res);
  });
  return new Promise((resolve) => server.listen(port, "127.0.0.1", () => resolve(server)));
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const server = await serve(defaultSite, defaultMaps, Number(process.argv[2] || 8000));
  console.error(`serving ${defaultSite} on http://127.0.0.1:${server.address().port}/` +
    (fs.existsSync(defaultMaps) ? ` (and ${defaultMaps} as /maps/)` : "") +
    (fs.existsSync(defaultMeshes) ? ` (and ${defaultMeshes} as /meshes/)` : "") + "; Ctrl-C stops");
}
