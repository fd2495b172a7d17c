// Self-check of the fourth corpus: expected-value formats, check digits, determinism.
// node --import tsx bench/corpus/fourth/check.ts [contentSeeds=300] [fullSamples=2]
import { createHash } from 'node:crypto';
import { makeDoc } from './cards.js';
import { type FourthKind, fourthDocumentSample, fourthSeeds } from './index.js';
import { isValidCnh, isValidCpf } from './people.js';
import { makeRng } from './rng.js';

const nContent = Number(process.argv[2] ?? 300);
const nFull = Number(process.argv[3] ?? 2);
const problems: string[] = [];
const tally = new Map<string, number>();
const count = (k: string): void => void tally.set(k, (tally.get(k) ?? 0) + 1);
for (const kind of ['RG', 'CIN', 'CNH'] as FourthKind[]) {
  for (let i = 0; i < nContent; i++) {
    const seed = fourthSeeds(i);
    const e = makeDoc(kind, makeRng(seed, `content:${kind}`)).expected;
    const bad = (m: string): void =>
      void problems.push(`${kind} ${seed}: ${m} ${JSON.stringify(e)}`);
    if (!/^[A-Z]+( [A-Z]+)+$/.test(e.nome)) bad('nome');
    if (!/^[A-Z]{2}$/.test(e.uf)) bad('uf');
    if (!/^[A-Z]+$/.test(e.orgao)) bad('orgao');
    if (e.validade !== null && !/^\d{2}\/\d{2}\/\d{4}$/.test(e.validade)) bad('validade');
    if (kind === 'RG') {
      if (!/^\d{1,3}(\.\d{3})*(-[0-9X]{1,2})?$/.test(e.numero)) bad('numero');
      if (e.validade !== null) bad('RG validade');
    }
    if (kind === 'CIN' && !isValidCpf(e.numero)) bad('cpf');
    if (kind === 'CNH') {
      if (!isValidCnh(e.numero)) bad('cnh');
      if (e.orgao !== 'DETRAN') bad('orgao');
      if (e.validade === null) bad('CNH validade');
    }
    count(`${kind} orgao=${e.orgao}`);
    count(`${kind} validade=${e.validade === null ? 'null' : 'date'}`);
    count(`${kind} words=${e.nome.split(' ').length}`);
  }
}
for (const kind of ['RG', 'CIN', 'CNH'] as FourthKind[])
  for (let i = 0; i < nFull; i++) {
    const seed = fourthSeeds(i);
    const a = await fourthDocumentSample(kind, 'scan', seed);
    const b = await fourthDocumentSample(kind, 'photo', seed);
    const c = await fourthDocumentSample(kind, 'photo', seed);
    const h = (x: Buffer): string => createHash('sha256').update(x).digest('hex').slice(0, 12);
    if (JSON.stringify(a.expected) !== JSON.stringify(b.expected))
      problems.push(`${kind} ${seed}: scan/photo expected differ`);
    if (h(b.image) !== h(c.image)) problems.push(`${kind} ${seed}: photo not deterministic`);
    if (a.image[0] !== 0xff || a.image[1] !== 0xd8) problems.push(`${kind} ${seed}: not a JPEG`);
  }
process.stdout.write(
  `${[...tally.entries()]
    .sort()
    .map(([k, v]) => `${k}: ${v}`)
    .join('\n')}\n`,
);
process.stdout.write(
  `${problems.length ? `PROBLEMS (${problems.length}):\n${problems.slice(0, 40).join('\n')}` : 'all checks passed'}\n`,
);
process.exitCode = problems.length ? 1 : 0;
