// `npm run build`: the production web app and API server bundle.
import { serverBuild } from './server-build.mjs';
import { webBuild } from './web-build.mjs';

try {
  await webBuild.ensure({ force: true });
  await serverBuild.ensure({ force: true });
} catch (error) {
  process.stderr.write(`${error.message}\n`);
  process.exit(1);
}
