/**
 * Seeds the database of the back-office server of the browser tests (run before it starts, on
 * its own DATA_DIR) with the demonstration dataset of `npm run seed:demo`: applications of both
 * flows in every status the dashboard counts, with their documents, and abandoned applicant
 * sessions, and a PEP list that names one applicant twice (seed-screening.ts). The numbers the
 * specs expect are derived from that dataset and exported here; importing this module has no
 * side effect (the seeding code loads only when run as a script).
 */
import { demoDataset } from '../../apps/api/demo/demo-dataset';

type Seeded = { status: string; currentStep: number; daysAgo: number };

/**
 * The REJEITADO application (no spec decides or opens it by its demo name) gets the longest
 * name and e-mail the pages must hold without growing sideways: 120 and 60 characters.
 */
const longestPf = demoDataset.pf.find((entry) => entry.status === 'REJEITADO')!;
export const seededLongPf = {
  nome: 'Heitor Maximiliano de Albuquerque Cavalcanti Bittencourt Figueiredo Magalhães Orleans e Bragança Ramos Vieira dos Santos',
  email: 'heitor.maximiliano.albuquerque.cavalcanti.vieira@example.com',
} as const;

/** PF: 8 applications; PJ: 6; both with some created today (daysAgo 0). */
export const seededPf: readonly (Seeded & { nome: string })[] = demoDataset.pf.map(
  ({ nome, status, currentStep, daysAgo }) => ({
    nome: status === longestPf.status ? seededLongPf.nome : nome,
    status,
    currentStep,
    daysAgo,
  }),
);

export const seededPj: readonly (Seeded & { razaoSocial: string; tipoEmpresa: string })[] =
  demoDataset.pj.map(({ razaoSocial, tipoEmpresa, status, currentStep, daysAgo }) => ({
    razaoSocial,
    tipoEmpresa,
    status,
    currentStep,
    daysAgo,
  }));

/** Applicant sessions that never saved step 1, last seen two days ago. */
export const seededAbandonedSessions = demoDataset.abandonedSessions.length;

/**
 * Opens the database and the document storage as the server started on `dataDir` will (the
 * environment it gets, with DATA_DIR set to `dataDir`) and seeds them. A data folder kept
 * between runs (E2E_DATA_DIR) already has applications: nothing is done.
 */
async function seed(dataDir: string) {
  const [
    { join },
    { eq },
    { createDb },
    { onboardingPf },
    { parseEnv },
    { createDocumentStorage },
    { seedDemo },
    { seedScreening },
  ] = await Promise.all([
    import('node:path'),
    import('drizzle-orm'),
    import('@medipay/db/client'),
    import('@medipay/db/schema'),
    import('../../apps/api/src/config/env'),
    import('../../apps/api/src/adapters/storage'),
    import('../../apps/api/demo/demo-seed'),
    import('./seed-screening'),
  ]);
  const env = parseEnv({ ...process.env, DATA_DIR: dataDir });
  const database = await createDb(
    env.DATABASE_URL ? { url: env.DATABASE_URL } : { dataDir: join(env.DATA_DIR, 'db') },
  );
  try {
    await database.migrate();
    const seeded = await seedDemo({ db: database.db, storage: await createDocumentStorage(env) });
    if (seeded) {
      await database.db
        .update(onboardingPf)
        .set({ nomeCompleto: seededLongPf.nome, email: seededLongPf.email })
        .where(eq(onboardingPf.email, longestPf.email));
      // A PEP list naming one of the applicants twice (seed-screening.ts).
      await seedScreening(database.db);
    }
  } finally {
    await database.close();
  }
}

// Run as a script: `node --import tsx support/seed-back-office.ts <DATA_DIR>`.
if (process.argv[1] && import.meta.url.endsWith(process.argv[1].replace(/\\/g, '/'))) {
  const dataDir = process.argv[2];
  if (!dataDir) throw new Error('usage: seed-back-office.ts <DATA_DIR>');
  await seed(dataDir);
}
