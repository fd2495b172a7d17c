// `npm run bench` runs every benchmark; `npm run bench -- <name>` runs one. Each prints tables.
// Options after the names go to the benchmarks that take them:
// `npm run bench -- cluster --duration 10 --applicants 20`.
const benchmarks = {
  landing: () => import('./landing.mjs'),
  'document-checks': () => import('./document-checks.mjs'),
  'face-match': () => import('./face-match.mjs'),
  'step-save': () => import('./step-save.mjs'),
  search: () => import('./search.mjs'),
  uploads: () => import('./uploads.mjs'),
  'pdf-uploads': () => import('./pdf-uploads.mjs'),
  cluster: () => import('./cluster.mjs'),
  screening: () => import('./screening.mjs'),
  'face-search': () => import('./face-search.mjs'),
  liveness: () => import('./liveness.mjs'),
};

const args = process.argv.slice(2);
const firstOption = args.findIndex((arg) => arg.startsWith('--'));
const requested = firstOption === -1 ? args : args.slice(0, firstOption);
const options = firstOption === -1 ? [] : args.slice(firstOption);
const unknown = requested.filter((name) => !(name in benchmarks));
if (unknown.length > 0) {
  process.stderr.write(
    `Unknown benchmark: ${unknown.join(', ')}. Available: ${Object.keys(benchmarks).join(', ')}\n`,
  );
  process.exit(2);
}

let failed = false;
for (const name of requested.length > 0 ? requested : Object.keys(benchmarks)) {
  process.stdout.write(`\n## ${name}\n\n`);
  const { run } = await benchmarks[name]();
  const withinBudget = await run(options);
  if (!withinBudget) failed = true;
}
process.stdout.write(failed ? '\nSome budgets were missed (see above).\n' : '\nAll budgets met.\n');
process.exitCode = failed ? 1 : 0;
