// Identity document extraction on generated documents: time per document and field accuracy,
// 50 documents of each kind (RG, CIN, CNH), photographed with rotation, blur, noise and JPEG
// artefacts. Run through `npm run bench -- document-checks`.
import { confidentFields } from '../apps/api/src/modules/kyc/extraction.service';
import { parseIdentity, type IdentityKind } from '../apps/api/src/modules/kyc/identity-fields';
import { createOcrEngine } from '../apps/api/src/modules/kyc/ocr-engine';
import {
  renderIdentityDocument,
  syntheticIdentity,
} from '../apps/api/src/testing/identity-documents';

const budgets = { msPerDocument: 3000, accuracy: 0.95 };
const perKind = Number(process.env.DOCUMENTS_PER_KIND ?? 50);
const fields = ['nome', 'numero', 'orgao', 'uf', 'validade'] as const;

const engine = createOcrEngine();
await engine.read(await renderIdentityDocument(syntheticIdentity('RG', 1))); // worker start-up, not measured

const rows: string[][] = [];
let withinBudget = true;
for (const kind of ['RG', 'CIN', 'CNH'] as IdentityKind[]) {
  let correct = 0;
  let total = 0;
  const times: number[] = [];
  for (let index = 0; index < perKind; index += 1) {
    const seed = 1000 + index;
    const identity = syntheticIdentity(kind, seed);
    const photo = await renderIdentityDocument(identity, {
      rotation: ((seed % 7) - 3) * 0.8,
      blur: (seed % 3) * 0.4,
      noise: 8 + (seed % 4) * 5,
      quality: 55 + (seed % 4) * 10,
    });
    const started = performance.now();
    const extracted = confidentFields(parseIdentity((await engine.read(photo)).lines));
    times.push(performance.now() - started);
    for (const field of fields) {
      const expected = identity[field];
      total += 1;
      if ((extracted[field]?.value ?? null) === expected) correct += 1;
    }
  }
  times.sort((a, b) => a - b);
  const mean = times.reduce((sum, time) => sum + time, 0) / times.length;
  const p95 = times[Math.floor(times.length * 0.95) - 1] ?? times[times.length - 1]!;
  const accuracy = correct / total;
  const ok = p95 <= budgets.msPerDocument && accuracy >= budgets.accuracy;
  withinBudget &&= ok;
  rows.push([
    kind,
    String(perKind),
    `${Math.round(mean)} ms`,
    `${Math.round(p95)} ms`,
    `${(accuracy * 100).toFixed(1)}%`,
    ok ? 'yes' : 'NO',
  ]);
}
await engine.close();

const header = ['kind', 'documents', 'mean time', 'p95 time', 'field accuracy', 'within budget'];
const print = (text: string) => process.stdout.write(`${text}\n`);
print(`| ${header.join(' | ')} |\n|${header.map(() => '---').join('|')}|`);
for (const row of rows) print(`| ${row.join(' | ')} |`);
print(
  `\nBudgets: <= ${budgets.msPerDocument} ms per document (p95), >= ${budgets.accuracy * 100}% of fields right.`,
);
process.exitCode = withinBudget ? 0 : 1;
