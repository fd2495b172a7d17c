// `npm start`: builds the web app and the API server when their sources changed, then runs the
// server (API + SPA) in this process.
import { serverBuild, serverEntry } from './server-build.mjs';
import { webBuild } from './web-build.mjs';

try {
  await webBuild.ensure();
  await serverBuild.ensure();
} catch (error) {
  process.stderr.write(`${error.message}\n`);
  process.exit(1);
}

// Stack traces in the logs point at the TypeScript sources.
process.setSourceMapsEnabled(true);
await import(`../${serverEntry}`);
