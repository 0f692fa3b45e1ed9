import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { extname, join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';

/** Kinds of file worth compressing (images and fonts other than SVG are compressed already). */
export const COMPRESSIBLE = new Set(['.js', '.mjs', '.css', '.html', '.json', '.svg', '.txt', '.xml', '.webmanifest', '.map']);
/** Below this a compressed copy saves less than its headers cost. */
const MIN_BYTES = 512;

function* files(dir: string): Generator<string> {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) yield* files(path);
    else yield path;
  }
}

/**
 * Writes `<file>.br` (brotli, best quality) and `<file>.gz` (gzip -9) beside every compressible file of a built
 * directory, once at build time: the server sends these files and never compresses a request itself (issue 16).
 * A copy that is not smaller than the file is not written. Answers how many files were compressed.
 */
export function precompress(dir: string): { files: number; bytes: number; brotli: number; gzip: number } {
  const report = { files: 0, bytes: 0, brotli: 0, gzip: 0 };
  for (const path of [...files(dir)]) {
    if (!COMPRESSIBLE.has(extname(path))) continue;
    const raw = readFileSync(path);
    if (raw.length < MIN_BYTES) continue;
    const br = brotliCompressSync(raw, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_SIZE_HINT]: raw.length,
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
      },
    });
    const gz = gzipSync(raw, { level: 9 });
    report.files++;
    report.bytes += raw.length;
    if (br.length < raw.length) {
      writeFileSync(`${path}.br`, br);
      report.brotli += br.length;
    }
    if (gz.length < raw.length) {
      writeFileSync(`${path}.gz`, gz);
      report.gzip += gz.length;
    }
  }
  return report;
}

/** Vite plugin: precompress the output directory after a production build. */
export function precompressPlugin(): Plugin {
  let outDir = 'dist';
  return {
    name: 'simu-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = config.build.outDir;
    },
    closeBundle() {
      const r = precompress(outDir);
      const kb = (n: number) => `${(n / 1024).toFixed(0)} kB`;
      console.log(`precompressed ${r.files} files: ${kb(r.bytes)} -> brotli ${kb(r.brotli)}, gzip ${kb(r.gzip)}`);
    },
  };
}
