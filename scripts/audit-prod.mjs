#!/usr/bin/env node
// Known advisories of the production dependencies, and the inventory they are checked against.
// See docs/decisions/015-dependency-advisories.md.
//
//   npm run audit:prod                      advisories (npm audit --omit=dev) and a summary
//   npm run audit:prod -- --list            ... and every production package with its version
//   npm run audit:prod -- --json            the same as JSON (to keep or compare)
//   npm run audit:prod -- --from FILE       read a saved `npm audit --omit=dev --json` instead
//   npm run audit:prod -- --fail-on=high    exit 1 on an advisory at or above that severity,
//                                           exit 2 when advisories could not be checked
//
// Without --fail-on it is a report: it exits 0 whatever it found, saying plainly when the
// registry would not answer the audit (as the registry reachable on our machines does not).
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const severities = ['info', 'low', 'moderate', 'high', 'critical'];
const AUDIT_TIMEOUT_MS = 120_000;

const print = (line = '') => process.stdout.write(`${line}\n`);

function parseArgs(argv) {
  const options = { list: false, json: false, from: undefined, failOn: undefined };
  for (let index = 0; index < argv.length; index += 1) {
    const arg = argv[index];
    if (arg === '--list') options.list = true;
    else if (arg === '--json') options.json = true;
    else if (arg === '--from') options.from = argv[++index];
    else if (arg.startsWith('--fail-on=')) options.failOn = arg.slice('--fail-on='.length);
    else throw new Error(`unknown option ${arg}`);
  }
  if (options.failOn && !severities.includes(options.failOn))
    throw new Error(`--fail-on takes one of ${severities.join(', ')}`);
  if (options.from === '') throw new Error('--from needs a file');
  return options;
}

/** `npm audit --omit=dev --json` as npm printed it; npm exits 1 both on findings and on errors. */
function runAudit() {
  const result = spawnSync('npm', ['audit', '--omit=dev', '--json'], {
    cwd: root,
    encoding: 'utf8',
    timeout: AUDIT_TIMEOUT_MS,
    maxBuffer: 64 * 1024 * 1024,
  });
  if (result.error) return { error: `npm audit could not run: ${result.error.message}` };
  return parseAudit(result.stdout);
}

/** The report, or why there is none (the registry's error as npm recorded it). */
function parseAudit(text) {
  let report;
  try {
    report = JSON.parse(text);
  } catch {
    return { error: 'npm audit printed no JSON report' };
  }
  if (report && typeof report.vulnerabilities === 'object' && report.metadata) return { report };
  const message = report?.error?.summary || report?.message || 'no report in the answer';
  return { error: `the registry did not answer the audit: ${message}` };
}

/** One line per vulnerable package, most severe first. */
function findings(report) {
  return Object.values(report.vulnerabilities)
    .map((entry) => ({
      name: entry.name,
      severity: entry.severity,
      range: entry.range,
      direct: Boolean(entry.isDirect),
      advisories: entry.via
        .filter((via) => typeof via === 'object')
        .map((via) => ({ title: via.title, url: via.url, range: via.range })),
      through: entry.via.filter((via) => typeof via === 'string'),
      fixAvailable: Boolean(entry.fixAvailable),
    }))
    .sort(
      (a, b) =>
        severities.indexOf(b.severity) - severities.indexOf(a.severity) ||
        a.name.localeCompare(b.name),
    );
}

/**
 * Every package `npm ci --omit=dev` installs, from the lockfile (what `npm ls --omit=dev --all`
 * shows, without needing node_modules): name, exact version, whether a workspace asks for it.
 */
function inventory() {
  const lock = JSON.parse(readFileSync(join(root, 'package-lock.json'), 'utf8'));
  const manifest = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
  // A workspace's dependency resolves to its own node_modules copy if it has one, else the root's.
  const directAt = new Map();
  const addDirect = (dependencies, workspace, where) => {
    for (const name of Object.keys(dependencies ?? {})) {
      if (name.startsWith('@medipay/')) continue;
      const own = `${workspace}/node_modules/${name}`;
      const path = workspace && lock.packages[own] ? own : `node_modules/${name}`;
      directAt.set(path, [...(directAt.get(path) ?? []), where]);
    }
  };
  addDirect(manifest.dependencies, '', 'root');
  for (const workspace of manifest.workspaces ?? []) {
    addDirect(lock.packages[workspace]?.dependencies, workspace, workspace);
  }

  const seen = new Map();
  for (const [path, entry] of Object.entries(lock.packages)) {
    const at = path.lastIndexOf('node_modules/');
    if (at < 0 || entry.dev || entry.link) continue;
    const name = entry.name ?? path.slice(at + 'node_modules/'.length);
    const key = `${name}@${entry.version}`;
    const item = seen.get(key) ?? {
      name,
      version: entry.version,
      direct: [],
      optional: Boolean(entry.optional || entry.devOptional),
    };
    item.direct.push(...(directAt.get(path) ?? []));
    seen.set(key, item);
  }
  const packages = [...seen.values()].sort(
    (a, b) => a.name.localeCompare(b.name) || a.version.localeCompare(b.version),
  );
  return { lockfileVersion: lock.lockfileVersion, packages };
}

function main() {
  const options = parseArgs(process.argv.slice(2));
  const audit = options.from ? parseAudit(readFileSync(options.from, 'utf8')) : runAudit();
  const { lockfileVersion, packages } = inventory();
  const found = audit.report ? findings(audit.report) : null;

  if (options.json) {
    const output = {
      advisories: found,
      counts: audit.report?.metadata.vulnerabilities ?? null,
      notChecked: audit.error ?? null,
      packages,
    };
    process.stdout.write(`${JSON.stringify(output, null, 2)}\n`);
  } else {
    print('Advisories of production dependencies (npm audit --omit=dev)');
    if (found) {
      const counts = audit.report.metadata.vulnerabilities;
      print(
        `  ${found.length} vulnerable package(s): ` +
          severities
            .slice()
            .reverse()
            .map((level) => `${counts[level] ?? 0} ${level}`)
            .join(', '),
      );
      for (const item of found) {
        print(
          `  [${item.severity}] ${item.name} ${item.range}${item.direct ? ' (direct)' : ''}` +
            `${item.fixAvailable ? ', fix available' : ''}`,
        );
        for (const advisory of item.advisories)
          print(`      ${advisory.title} ${advisory.url ?? ''}`.trimEnd());
        if (item.through.length > 0) print(`      through ${item.through.join(', ')}`);
      }
    } else {
      print(`  NOT CHECKED: ${audit.error}.`);
      print(
        '  Check the lockfile where an advisory service answers (docs/decisions/015-dependency-advisories.md).',
      );
    }
    const directCount = packages.filter((item) => item.direct.length > 0).length;
    print(
      `\nProduction inventory (package-lock.json v${lockfileVersion}): ${packages.length} packages, ${directCount} direct`,
    );
    for (const item of packages) {
      if (!options.list && item.direct.length === 0) continue;
      const notes = [
        item.direct.length > 0 ? `direct: ${item.direct.join(', ')}` : '',
        item.optional ? 'optional' : '',
      ].filter(Boolean);
      print(`  ${item.name}@${item.version}${notes.length ? `  (${notes.join('; ')})` : ''}`);
    }
    if (!options.list) print('  (--list shows every package)');
  }

  if (!options.failOn) return 0;
  if (!found) return 2;
  const threshold = severities.indexOf(options.failOn);
  return found.some((item) => severities.indexOf(item.severity) >= threshold) ? 1 : 0;
}

try {
  process.exitCode = main();
} catch (error) {
  console.error(`audit:prod: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 2;
}
