// The API server as one bundled ES module (apps/api/dist/server.mjs), rebuilt when its sources
// change. Loading one file starts about a second faster than compiling the TypeScript sources
// on the fly; development and tests still run the sources through tsx.
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { cachedBuild, root } from './build-cache.mjs';

export const serverEntry = 'apps/api/dist/server.mjs';

export const serverBuild = cachedBuild({
  name: 'the API server',
  inputs: [
    'apps/api/src',
    'apps/api/package.json',
    'packages/shared/src',
    'packages/db/src',
    'packages/db/package.json',
    'package-lock.json',
    'scripts/server-build.mjs',
  ],
  outDir: 'apps/api/dist',
  artifact: 'server.mjs',
  build: async () => {
    const result = await build({
      absWorkingDir: root,
      // The PDF worker thread is a second entry, loaded by the server from beside it.
      entryPoints: {
        server: 'apps/api/src/server.ts',
        'pdf-worker': 'apps/api/src/modules/documents/pdf-worker.ts',
      },
      outdir: 'apps/api/dist',
      outExtension: { '.js': '.mjs' },
      bundle: true,
      platform: 'node',
      format: 'esm',
      target: 'node20',
      sourcemap: 'linked',
      logLevel: 'warning',
      metafile: true,
      // PGlite loads its WebAssembly and extensions from files beside its modules; pg has an
      // optional native binding. Both stay in node_modules.
      // Native or large optional modules load from node_modules at run time.
      external: [
        '@electric-sql/pglite',
        'pg',
        'pg-native',
        'sharp',
        // Native addons load their prebuilt binary beside their own files.
        '@node-rs/argon2',
        '@aws-sdk/client-s3',
        // Locate their worker scripts, data and models beside their own files.
        'tesseract.js',
        '@tesseract.js-data/por',
        '@vladmandic/human',
        '@tensorflow/tfjs-backend-wasm',
        '@hyzyla/pdfium',
      ],
      // Bundled CommonJS dependencies call require().
      banner: {
        js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);",
      },
    });
    // Demo data and test helpers live outside src/ and never ship in the server.
    const stray = Object.keys(result.metafile.inputs).filter((input) =>
      /^apps\/api\/(test|demo)\//.test(input),
    );
    if (stray.length > 0) {
      throw new Error(`The server bundle must not include test or demo code: ${stray.join(', ')}`);
    }
  },
});

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  try {
    await serverBuild.ensure({ force: !process.argv.includes('--if-needed') });
  } catch (error) {
    process.stderr.write(`${error.message}\n`);
    process.exit(1);
  }
}
