// What the npm package's tests share: where the staged package and the native CLI are, and the CLI's output.
import { execFileSync, spawnSync } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../..");
/** The staged package (scripts/web.sh --build-only makes it); KINEMA_NPM_PACKAGE overrides. */
export const packageDir = process.env.KINEMA_NPM_PACKAGE || path.join(root, "build-web/package");
export const cli = process.env.KINEMA_CLI || path.join(root, "build/bin/kinema");
export const levelsDir = path.join(root, "data/levels");
export const sharedMaps = path.join(root, "../shared/data/maps");

/** What `kinema ARGS` prints on stdout, without its final newline; throws when it fails. */
export function cliOutput(args) {
    return execFileSync(cli, args, { encoding: "utf8", stdio: ["ignore", "pipe", "pipe"], maxBuffer: 1 << 28 })
        .trimEnd();
}

/** The CLI's error message after "kinema: error: " for a command that must fail with exit code 2. */
export function cliError(args) {
    const run = spawnSync(cli, args, { encoding: "utf8" });
    if (run.status !== 2 || run.stdout !== "") {
        throw new Error(`kinema ${args.join(" ")}: expected exit 2 and no output, got ${run.status}`);
    }
    const prefix = "kinema: error: ";
    const line = run.stderr.trimEnd().split("\n").pop();
    if (!line.startsWith(prefix)) {
        throw new Error(`kinema ${args.join(" ")}: unexpected stderr ${run.stderr}`);
    }
    return line.slice(prefix.length);
}

/** The package as staged, loaded (its ES module face). */
export async function loadPackage() {
    const kinema = await import(path.join(packageDir, "index.mjs"));
    await kinema.init();
    return kinema;
}

/** `kinema chase` flags for a query: from/dir points and settings given as {hot, maxHeated, ...}. */
export function chaseFlags({ from, dir, connectivity, settings = {} }) {
    const flags = ["--from", `${from.x},${from.y}`];
    if (dir) {
        flags.push("--dir", `${dir.x},${dir.y}`);
    }
    if (connectivity) {
        flags.push("--connectivity", String(connectivity));
    }
    const names = { hot: "--hot", maxHeated: "--max-heated", maxSteps: "--max-steps" };
    for (const [key, value] of Object.entries(settings)) {
        flags.push(names[key], String(value));
    }
    return flags;
}
