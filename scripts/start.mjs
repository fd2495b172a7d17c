// `npm start`: builds the web app when needed, then runs the server (API + SPA) in this process.
import { register } from 'tsx/esm/api';
import { buildWebIfNeeded } from './web-build.mjs';

try {
  buildWebIfNeeded();
} catch (error) {
  process.stderr.write(`${error.message}\n`);
  process.exit(1);
}

// The API is TypeScript consumed as source: tsx compiles it on the fly.
register();
await import('../apps/api/src/server.ts');
