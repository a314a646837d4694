// Release builds: shortens the names a bundle's wasm and its JS glue use to talk to each other.
//   node scripts/shorten-names.mjs DIST
// wasm-bindgen names every import after the JS function and a 16-digit hash
// (`__wbg_appendChild_dbf7ad2f48413560`) under the module `./NAME_bg.js`, and every closure
// export after its Rust path; each name is written twice, in the wasm's import or export section
// and in the glue, and the hashes do not compress. For each `DIST/NAME_bg.wasm` beside
// `DIST/NAME.js`, this renames the glue's module to `w`, every import of it and every export the
// glue uses to a short name (`a`, `b`, …), drops the custom sections (producers, target features:
// no browser reads them), and rewrites both files. It refuses (exit 1) rather than guess: every
// import must be a key written exactly once in the glue, every renamed export must be read in it.
import { readFileSync, writeFileSync, readdirSync } from "node:fs";
import { join } from "node:path";

const dist = process.argv[2];
if (!dist) {
  console.error("usage: node scripts/shorten-names.mjs DIST");
  process.exit(2);
}

// Little-endian base-128 integers, as the wasm binary format writes sizes and indices.
function readU32(bytes, at) {
  let value = 0;
  let shift = 0;
  for (;;) {
    const byte = bytes[at++];
    value += (byte & 0x7f) * 2 ** shift;
    shift += 7;
    if (byte < 0x80) return [value, at];
  }
}
function writeU32(value) {
  const out = [];
  do {
    let byte = value & 0x7f;
    value = Math.floor(value / 128);
    if (value > 0) byte |= 0x80;
    out.push(byte);
  } while (value > 0);
  return out;
}
const utf8 = new TextDecoder("utf-8", { fatal: true });
function readName(bytes, at) {
  const [len, start] = readU32(bytes, at);
  return [utf8.decode(bytes.subarray(start, start + len)), start + len];
}
function writeName(name) {
  const encoded = Buffer.from(name, "utf8");
  return [...writeU32(encoded.length), ...encoded];
}
// The bytes an import's description takes after its kind byte.
function skipImportDesc(bytes, kind, at) {
  const limits = (p) => {
    const flags = bytes[p++];
    [, p] = readU32(bytes, p);
    if (flags & 1) [, p] = readU32(bytes, p);
    return p;
  };
  switch (kind) {
    case 0: // function: type index
      return readU32(bytes, at)[1];
    case 1: // table: reference type, limits
      return limits(at + 1);
    case 2: // memory: limits
      return limits(at);
    case 3: // global: value type, mutability
      return at + 2;
    case 4: // tag: attribute, type index
      return readU32(bytes, at + 1)[1];
    default:
      throw new Error(`unknown import kind ${kind}`);
  }
}

// Short names: a, b, …, Z, aa, ab, … (never `__proto__`, never a number).
const LETTERS = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ";
function shortName(i) {
  let name = "";
  do {
    name = LETTERS[i % LETTERS.length] + name;
    i = Math.floor(i / LETTERS.length) - 1;
  } while (i >= 0);
  return name;
}

const escape = (s) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
const token = (name) => new RegExp(`(?<![\\w$])${escape(name)}(?![\\w$])`, "g");
const count = (text, name) => (text.match(token(name)) || []).length;

function shorten(wasmPath, jsPath, glueModule) {
  const bytes = readFileSync(wasmPath);
  let js = readFileSync(jsPath, "utf8");
  if (bytes.readUInt32LE(0) !== 0x6d736100) throw new Error(`${wasmPath} is not WebAssembly`);
  const out = [bytes.subarray(0, 8)];
  let at = 8;
  let renamedImports = 0;
  let renamedExports = 0;
  while (at < bytes.length) {
    const id = bytes[at];
    const [size, start] = readU32(bytes, at + 1);
    const end = start + size;
    if (id === 0) {
      at = end; // a custom section: dropped
      continue;
    }
    if (id !== 2 && id !== 7) {
      out.push(bytes.subarray(at, end));
      at = end;
      continue;
    }
    let p = start;
    let n;
    [n, p] = readU32(bytes, p);
    const body = [...writeU32(n)];
    for (let i = 0; i < n; i++) {
      if (id === 2) {
        let module, field;
        [module, p] = readName(bytes, p);
        [field, p] = readName(bytes, p);
        const kind = bytes[p];
        const descEnd = skipImportDesc(bytes, kind, p + 1);
        if (module === glueModule) {
          const times = count(js, field);
          if (times !== 1) throw new Error(`${jsPath}: import ${field} is written ${times} times, not once`);
          const short = shortName(renamedImports++);
          js = js.replace(token(field), short);
          module = "w";
          field = short;
        }
        body.push(...writeName(module), ...writeName(field), ...bytes.subarray(p, descEnd));
        p = descEnd;
      } else {
        let field;
        [field, p] = readName(bytes, p);
        const kind = bytes[p];
        const [, indexEnd] = readU32(bytes, p + 1);
        // Only wasm-bindgen's own long names that the glue reads as `wasm.NAME`; short ones
        // (`memory`, `main`) stay, since the glue may use those words for something else too.
        if (field.length > 12 && field.includes("_") && new RegExp(`\\.${escape(field)}(?![\\w$])`).test(js)) {
          const short = `_${shortName(renamedExports++)}`;
          js = js.replace(token(field), short);
          field = short;
        }
        body.push(...writeName(field), ...bytes.subarray(p, indexEnd));
        p = indexEnd;
      }
    }
    if (p !== end) throw new Error(`${wasmPath}: section ${id} has ${end - p} bytes left over`);
    out.push(Uint8Array.from([id, ...writeU32(body.length), ...body]));
    at = end;
  }
  const moduleKey = JSON.stringify(glueModule);
  const keys = js.split(moduleKey).length - 1;
  if (renamedImports > 0) {
    if (keys !== 1) throw new Error(`${jsPath}: the module ${moduleKey} is written ${keys} times, not once`);
    js = js.replace(moduleKey, '"w"');
  }
  writeFileSync(wasmPath, Buffer.concat(out));
  writeFileSync(jsPath, js);
  return [renamedImports, renamedExports];
}

let bundles = 0;
for (const file of readdirSync(dist)) {
  const m = /^(.*)_bg\.wasm$/.exec(file);
  if (!m) continue;
  const [imports, exports] = shorten(join(dist, file), join(dist, `${m[1]}.js`), `./${m[1]}_bg.js`);
  console.log(`shorten-names: ${m[1]}: ${imports} imports and ${exports} exports renamed`);
  bundles++;
}
if (bundles === 0) {
  console.error(`shorten-names: no bundle in ${dist}`);
  process.exit(1);
}
