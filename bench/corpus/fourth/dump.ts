// Dump samples: node --import tsx bench/corpus/fourth/dump.ts [outDir] [count] [kinds] [variants]
// e.g. node --import tsx bench/corpus/fourth/dump.ts /tmp/fourth 4 RG,CNH photo
import { mkdirSync, writeFileSync } from 'node:fs';
import { type FourthKind, type FourthVariant, fourthDocumentSample, fourthSeeds } from './index.js';

const out = process.argv[2] ?? '/tmp/fourth-samples';
const count = Number(process.argv[3] ?? 3);
const kinds = (process.argv[4] ?? 'RG,CIN,CNH').split(',') as FourthKind[];
const variants = (process.argv[5] ?? 'scan,photo').split(',') as FourthVariant[];
const start = Number(process.argv[6] ?? 0);
mkdirSync(out, { recursive: true });
const rows: string[] = [];
for (const kind of kinds)
  for (let i = start; i < start + count; i++)
    for (const variant of variants) {
      const seed = fourthSeeds(i);
      const t0 = performance.now();
      const c0 = process.cpuUsage();
      const s = await fourthDocumentSample(kind, variant, seed);
      const ms = performance.now() - t0;
      const cpu = process.cpuUsage(c0);
      const name = `${kind}-${variant}-${seed}.jpg`;
      writeFileSync(`${out}/${name}`, s.image);
      rows.push(
        `${name}\t${ms.toFixed(0)}ms wall ${((cpu.user + cpu.system) / 1000).toFixed(0)}ms cpu\t${JSON.stringify(s.expected)}`,
      );
      process.stdout.write(`${rows[rows.length - 1]}\n`);
    }
writeFileSync(`${out}/expected.tsv`, `${rows.join('\n')}\n`);
