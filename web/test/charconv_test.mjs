// Checks web/compat/charconv (the floating-point std::to_chars / std::from_chars that Debian's emscripten
// lacks) through the module's formatNumber (kinema::format_number) and parseNumber (std::from_chars), against
// JavaScript's own shortest round-trip printing (ECMA-262 Number::toString): for 200 000 doubles of every
// magnitude, the text must read back to the same double, have exactly as many significant digits as
// JavaScript's, and use kinema's notation (fixed for decimal exponents -4..15, else d.ddde+XX).
// Usage: node web/test/charconv_test.mjs [build-web/site]
import fs from "node:fs";
import path from "node:path";
import { createRequire } from "node:module";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const site = path.resolve(process.argv[2] || path.join(root, "build-web/site"));
const createKinema = createRequire(import.meta.url)(path.join(site, "kinema.js"));
const K = await createKinema({ wasmBinary: fs.readFileSync(path.join(site, "kinema.wasm")) });

// Significant digits and decimal exponent of a finite non-zero number's text.
function digits(text) {
  const m = /^-?(\d+)(?:\.(\d+))?(?:e([+-]?\d+))?$/.exec(text);
  if (!m) throw new Error("not a number text: " + text);
  let all = m[1] + (m[2] || "");
  let exponent = m[1].length - 1 + Number(m[3] || 0);
  const lead = all.length - all.replace(/^0+/, "").length;
  all = all.slice(lead);
  exponent -= lead;
  return { digits: all.replace(/0+$/, "") || "0", exponent };
}

let failures = 0;
function fail(message) {
  if (++failures <= 10) console.log("  FAIL " + message);
}

// A deterministic spread of doubles: random bit patterns (every magnitude), decimal fractions, integers,
// and the edges.
let seed = 12345n;
function nextBits() {
  seed = (seed * 6364136223846793005n + 1442695040888963407n) & 0xffffffffffffffffn;
  return seed;
}
const view = new DataView(new ArrayBuffer(8));
const values = [0, -0, 1, -1, 0.1, 0.5, 1e15, 1e16, 9007199254740993, 1e-4, 9.999e-5, 123456789012345680,
  5e-324, 1.7976931348623157e308, 2.2250738585072014e-308, 1 / 3, 2 / 3, 100, 1e21, 1e22];
for (let i = 0; i < 100000; ++i) {
  view.setBigUint64(0, nextBits());
  const v = view.getFloat64(0);
  if (Number.isFinite(v)) values.push(v);
  values.push(Number(nextBits() % 100000000n) / 1000);
  values.push(Number(nextBits() % 10000000000000000n) * (i % 2 ? 1 : -1));
}

for (const v of values) {
  const text = K.formatNumber(v);
  if (v === 0) {
    if (text !== (Object.is(v, -0) ? "-0" : "0")) fail(`formatNumber(${v}) = ${text}`);
    continue;
  }
  const back = K.parseNumber(text);
  if (back !== v) fail(`formatNumber(${v}) = ${text} reads back as ${back}`);
  const ours = digits(text);
  const js = digits(String(Math.abs(v)).replace(/^/, v < 0 ? "-" : ""));
  if (ours.digits !== js.digits || ours.exponent !== js.exponent) {
    fail(`formatNumber(${v}) = ${text}: digits ${ours.digits}e${ours.exponent}, JavaScript ${js.digits}e${js.exponent}`);
  }
  const fixed = ours.exponent >= -4 && ours.exponent < 16;
  if (fixed === /e/.test(text)) fail(`formatNumber(${v}) = ${text}: wrong notation for exponent ${ours.exponent}`);
}
// from_chars: the syntax the core accepts and refuses.
for (const [text, want] of [["1", 1], ["-0.5", -0.5], ["1e-3", 0.001], ["1E3", 1000], [".5", 0.5], ["5.", 5],
  ["inf", Infinity], ["-infinity", -Infinity], ["+1", NaN], [" 1", NaN], ["1x", NaN], ["", NaN], ["e5", NaN],
  ["0x10", NaN], ["1e", NaN], ["1e+", NaN], ["1e400", NaN]]) {
  const got = K.parseNumber(text);
  if (!Object.is(got, want)) fail(`parseNumber("${text}") = ${got}, expected ${want}`);
}
console.log(`charconv shim: ${values.length} numbers printed and read back, ${failures} failures`);
process.exit(failures ? 1 : 0);
