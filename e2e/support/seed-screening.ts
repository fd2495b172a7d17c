/**
 * The screening part of the seeded servers' data (seed-back-office.ts runs it): a fictitious PEP
 * file in the CGU's format, imported as the operator's command does, in which a seeded applicant
 * is listed twice (by name and the six middle digits of the CPF), and that application screened
 * against it. Each browser project decides its own hit.
 * Importing this module has no side effect: the API's code loads only inside `seedScreening`.
 */
import type { Database } from '@medipay/db/client';
import { demoDataset } from '../../apps/api/demo/demo-dataset';

/** A seeded applicant the PEP list names, and the entry's name as published. */
export type SeededScreeningHit = { nome: string; entryName: string; funcao: string; orgao: string };

const listed = (nome: string, funcao: string, orgao: string): SeededScreeningHit => ({
  nome,
  entryName: nome.toUpperCase(),
  funcao,
  orgao,
});

/**
 * One seeded applicant (in requirements: no other spec moves it) listed twice, for two offices:
 * two hits, the desktop run dismisses the first, the phone run the second.
 */
export const seededScreeningHits: readonly SeededScreeningHit[] = [
  listed('Daniel Souza Prado', 'Diretor de Programa', 'Ministério da Saúde'),
  listed(
    'Daniel Souza Prado',
    'Secretário Municipal de Saúde',
    'Prefeitura Municipal de Lauro de Freitas',
  ),
];

/** The fictitious file's other rows (common Brazilian names, nobody real). */
const OTHER_ROWS = 30;

/** `***.ddd.ddd-**`: a CPF as the CGU file masks it, its six middle digits kept. */
const maskedCpf = (cpf: string) => `***.${cpf.slice(3, 6)}.${cpf.slice(6, 9)}-**`;

/** A PEP CSV (ISO-8859-1, `;`, quoted, CRLF) with the seeded applicants appended. */
async function pepFile(): Promise<Uint8Array> {
  const { fictitiousPepFile } =
    await import('../../apps/api/src/modules/screening/fictitious-lists');
  const base = Buffer.from(fictitiousPepFile({ seed: 2024, rows: OTHER_ROWS })).toString('latin1');
  const rows = seededScreeningHits.map(({ nome, entryName, funcao, orgao }) => {
    const cpf = demoDataset.pf.find((entry) => entry.nome === nome)!.cpf;
    return [maskedCpf(cpf), entryName, 'DAS 101.5', funcao, 'DAS-5', orgao, '01/02/2021', '', '']
      .map((field) => `"${field}"`)
      .join(';');
  });
  return new Uint8Array(Buffer.from(`${base}${rows.join('\r\n')}\r\n`, 'latin1'));
}

/** Imports the PEP file and screens the seeded applicants it names. */
export async function seedScreening(db: Database): Promise<void> {
  const [{ inArray }, { onboardingPf }, { systemClock }, { createScreening }] = await Promise.all([
    import('drizzle-orm'),
    import('@medipay/db/schema'),
    import('../../apps/api/src/lib/clock'),
    import('../../apps/api/src/modules/screening/screening.service'),
  ]);
  const screening = createScreening({ db, clock: systemClock });
  await screening.importList('pep', await pepFile(), {
    fileName: '202603_PEP.csv',
    importedBy: 'seed-e2e',
  });
  const applicants = await db
    .select({ id: onboardingPf.id })
    .from(onboardingPf)
    .where(
      inArray(onboardingPf.nomeCompleto, [...new Set(seededScreeningHits.map((hit) => hit.nome))]),
    );
  for (const { id } of applicants) await screening.screenApplication('PF', id);
}
