/// <reference types="vitest/config" />
import { brotliCompressSync, gzipSync, constants } from 'node:zlib';
import { createReadStream, readFileSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { basename, dirname, join } from 'node:path';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { moduleMockingTests } from './module-mocking-tests';
import { defineConfig, type Plugin } from 'vite';

/** Writes .gz and .br next to every text asset so the server sends them pre-compressed. */
function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'medipay:precompress',
    apply: 'build',
    configResolved(config) {
      outDir = config.build.outDir;
    },
    writeBundle(_options, bundle) {
      for (const fileName of Object.keys(bundle)) {
        if (!/\.(js|css|svg|json|txt|webmanifest)$/.test(fileName)) continue;
        const file = join(outDir, fileName);
        const content = readFileSync(file);
        if (content.length < 1024) continue;
        writeFileSync(`${file}.gz`, gzipSync(content, { level: 9 }));
        writeFileSync(
          `${file}.br`,
          brotliCompressSync(content, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
        );
      }
    },
  };
}

const require = createRequire(import.meta.url);
// Human's package `exports` map has no './package.json' (its keys lack './'), but its main entry
// resolves (to dist/human.node.js): reach its other files from there.
const humanDist = dirname(require.resolve('@vladmandic/human'));
/** Human's browser ESM build (TensorFlow.js 4.22 bundled in), imported as '@medipay/human-browser'. */
const humanBrowserBuild = join(humanDist, 'human.esm.js');
const wasmPackage = dirname(require.resolve('@tensorflow/tfjs-backend-wasm/package.json'));

/** URL folder of the face models and TensorFlow.js WASM binaries (face-tracker.ts loads from it). */
const faceModelsUrl = '/models/face/';

/** The only files the face tracker needs: the face detector, the face mesh and the WASM backend. */
function faceModelFiles(): Map<string, string> {
  const models = join(humanDist, '..', 'models');
  const wasm = join(wasmPackage, 'dist');
  // The WASM binaries must be those of the TensorFlow.js version Human bundles.
  const { version } = JSON.parse(readFileSync(join(wasmPackage, 'package.json'), 'utf8')) as {
    version: string;
  };
  if (!readFileSync(join(humanDist, 'tfjs.version.js'), 'utf8').includes(`"${version}"`)) {
    throw new Error(`Human does not bundle @tensorflow/tfjs-backend-wasm ${version}.`);
  }
  const files = [
    join(models, 'blazeface.json'),
    join(models, 'blazeface.bin'),
    join(models, 'facemesh.json'),
    join(models, 'facemesh.bin'),
    join(wasm, 'tfjs-backend-wasm.wasm'),
    join(wasm, 'tfjs-backend-wasm-simd.wasm'),
    join(wasm, 'tfjs-backend-wasm-threaded-simd.wasm'),
  ];
  return new Map(files.map((file) => [basename(file), file]));
}

const contentTypes: Record<string, string> = {
  '.json': 'application/json',
  '.bin': 'application/octet-stream',
  '.wasm': 'application/wasm',
};

/**
 * Serves the face tracker's models and WASM binaries from our own origin: copied from
 * node_modules into dist/models/face/ by the build, served from node_modules by the dev server.
 */
function faceModels(): Plugin {
  const files = faceModelFiles();
  return {
    name: 'medipay:face-models',
    configureServer(server) {
      server.middlewares.use(faceModelsUrl, (request, response, next) => {
        const name = (request.url ?? '').split('?')[0]?.replace(/^\//, '') ?? '';
        const file = files.get(name);
        if (!file) return next();
        response.setHeader('content-type', contentTypes[name.slice(name.lastIndexOf('.'))]!);
        response.setHeader('content-length', statSync(file).size);
        createReadStream(file).pipe(response);
      });
    },
    generateBundle() {
      for (const [name, file] of files) {
        this.emitFile({
          type: 'asset',
          fileName: `${faceModelsUrl.slice(1)}${name}`,
          source: readFileSync(file),
        });
      }
    },
  };
}

const apiTarget = process.env.API_URL ?? 'http://127.0.0.1:3000';

export default defineConfig({
  plugins: [react(), tailwindcss(), faceModels(), precompress()],
  resolve: {
    alias: { '@medipay/human-browser': humanBrowserBuild },
  },
  server: {
    // The admin API accepts this origin outside production (DEV_SERVER_PORT in
    // apps/api/src/modules/admin-auth/admin-guard.ts): on a busy port, stop rather than move.
    port: 5173,
    strictPort: true,
    proxy: { '/api': { target: apiTarget, changeOrigin: false } },
  },
  build: {
    target: 'es2022',
    // Every browser we support has <link rel="modulepreload">.
    modulePreload: { polyfill: false },
    sourcemap: false,
    reportCompressedSize: false,
  },
  test: {
    environment: 'jsdom',
    setupFiles: ['./src/testing/setup.ts'],
    css: false,
    // Two workers keep a 2-core machine busy (vitest's default is one fewer than the cores):
    // measured 91 s to 65 s.
    maxWorkers: 2,
    // Room for the findBy… waits of setup.ts on a loaded machine.
    testTimeout: 30_000,
    // The files of a worker share one jsdom and one module graph (each test cleans up what it
    // renders and restores what it stubs): measured 114 s to 45 s. The files that replace a module
    // (vi.mock) get a graph of their own.
    projects: [
      {
        extends: true,
        test: {
          name: 'shared',
          exclude: [...moduleMockingTests, 'node_modules/**'],
          isolate: false,
        },
      },
      { extends: true, test: { name: 'isolated', include: moduleMockingTests, isolate: true } },
    ],
  },
});
