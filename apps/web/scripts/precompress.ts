import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin } from 'vite';

/** Text formats; the app's images are compressed formats already. */
const COMPRESSIBLE = /\.(?:js|css|html|svg|json|txt|xml|webmanifest)$/;

const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);

/**
 * Writes `<file>.br` and `<file>.gz` beside every compressible file of the build, at the highest
 * levels since it is done once, for the server to send as they are (@fastify/static's
 * `preCompressed`) instead of compressing on every request. A variant that would not be smaller
 * is not written; the file itself is sent then.
 */
export function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'reloop:precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      const files = await readdir(outDir, { recursive: true });
      await Promise.all(
        files
          .filter((file) => COMPRESSIBLE.test(file))
          .map(async (file) => {
            const filePath = path.join(outDir, file);
            const source = await readFile(filePath);
            const variants = await Promise.all([
              brotli(source, {
                params: {
                  [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
                  [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
                  [constants.BROTLI_PARAM_SIZE_HINT]: source.length,
                },
              }).then((bytes) => ({ bytes, extension: '.br' })),
              gzipped(source, { level: constants.Z_BEST_COMPRESSION }).then((bytes) => ({
                bytes,
                extension: '.gz',
              })),
            ]);
            for (const { bytes, extension } of variants) {
              if (bytes.length < source.length) await writeFile(filePath + extension, bytes);
            }
          }),
      );
    },
  };
}
