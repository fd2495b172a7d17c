/**
 * The demonstration's PEP and sanctions lists: fictitious files in the published formats
 * (fictitious-lists.ts), with two of the demonstration applicants on the PEP list (one in
 * analysis, one already approved: the dashboard's alert), imported as the operator would and
 * screened against every open or approved application.
 */
import type { Database } from '@medipay/db/client';
import type { Clock } from '../src/lib/clock';
import {
  fictitiousPepFile,
  fictitiousSanctionsFile,
  fictitiousUnListXml,
} from '../src/modules/screening/fictitious-lists';
import { createScreening, type ImportResult } from '../src/modules/screening/screening.service';
import { demoDataset } from './demo-dataset';

/** A PEP row as the CGU file has it, for a demonstration applicant. */
function pepLine(name: string, cpf: string, role: [string, string], agency: string): string {
  const digits = cpf.replace(/\D/g, '');
  const fields = [
    `***.${digits.slice(3, 6)}.${digits.slice(6, 9)}-**`,
    name.toUpperCase(),
    role[0],
    role[1],
    'NE',
    agency,
    '01/02/2023',
    '',
    '',
  ];
  return `${fields.map((field) => `"${field}"`).join(';')}\r\n`;
}

export async function seedDemoScreening(deps: {
  db: Database;
  clock: Clock;
}): Promise<{ lists: ImportResult[]; hits: number }> {
  const screening = createScreening(deps);
  const inAnalysis = demoDataset.pf.find((pf) => pf.status === 'EM_ANALISE')!;
  const approved = demoDataset.pf.find((pf) => pf.status === 'APROVADO')!;
  const pep = Buffer.concat([
    fictitiousPepFile({ seed: 2024, rows: 2000 }),
    Buffer.from(
      pepLine(inAnalysis.nome, inAnalysis.cpf, ['VER', 'Vereador'], 'Câmara Municipal de Jaraguá') +
        pepLine(
          approved.nome,
          approved.cpf,
          ['SMS', 'Secretário Municipal de Saúde'],
          'Prefeitura Municipal de Jaraguá',
        ),
      'latin1',
    ),
  ]);
  const files: [ImportResult['list'], Uint8Array, string][] = [
    ['pep', pep, 'demo_PEP.csv'],
    ['ceis', fictitiousSanctionsFile('ceis', { seed: 2025, rows: 300 }), 'demo_CEIS.csv'],
    ['cnep', fictitiousSanctionsFile('cnep', { seed: 2026, rows: 100 }), 'demo_CNEP.csv'],
    [
      'unsc',
      fictitiousUnListXml({ seed: 2027, individuals: 40, entities: 15 }),
      'demo_consolidated.xml',
    ],
  ];
  const lists: ImportResult[] = [];
  for (const [list, bytes, fileName] of files) {
    lists.push(await screening.importList(list, bytes, { fileName, importedBy: 'demonstração' }));
  }
  const runs = await screening.rescreenAfterImports();
  return { lists, hits: runs.reduce((sum, run) => sum + run.hits, 0) };
}
