// Writes FILE.gz and FILE.br beside every text and wasm file of a build (run by postbuild.sh in
// release builds), for static hosts that send precompressed files as they are: gzip at level 9
// (what every host and the budget in scripts/sizes.sh use) and brotli at quality 11 (about a fifth
// smaller, for hosts that serve .br). The e2e harness serves them the same way (E2E_ENCODING).
//   node scripts/precompress.mjs DIR
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { promisify } from 'node:util';

const gzip = promisify(zlib.gzip);
const brotli = promisify(zlib.brotliCompress);
const COMPRESSIBLE = /\.(wasm|js|mjs|html|css|svg|json|txt|csv)$/;

function files(dir) {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    return e.isDirectory() ? files(p) : COMPRESSIBLE.test(e.name) ? [p] : [];
  });
}

const dir = process.argv[2];
if (!dir) {
  console.error('usage: node scripts/precompress.mjs DIR');
  process.exit(2);
}
// zlib's async calls run on libuv's thread pool: the files compress in parallel.
await Promise.all(
  files(dir).map(async (f) => {
    const body = fs.readFileSync(f);
    const [gz, br] = await Promise.all([
      gzip(body, { level: 9 }),
      brotli(body, {
        params: {
          [zlib.constants.BROTLI_PARAM_QUALITY]: 11,
          [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length,
        },
      }),
    ]);
    fs.writeFileSync(`${f}.gz`, gz);
    fs.writeFileSync(`${f}.br`, br);
  }),
);
