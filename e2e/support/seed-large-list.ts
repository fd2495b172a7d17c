/**
 * Seeds the database of the capped-list server of the browser tests (run before it starts, on its
 * own DATA_DIR) with more PF applications than the lists count (LIST_COUNT_CAP), so that the PF
 * list shows 'mais de 10.000' and pages by cursor. The rows are made in SQL (generate_series):
 * about two seconds on PGlite. The first admin comes from the server's ADMIN_EMAIL /
 * ADMIN_PASSWORD, as on the other seeded servers. Importing this module has no side effect (the
 * seeding code loads only when run as a script).
 *
 * Row n (1 = the newest; created a microsecond apart) is 'Titular Extenso 0000n', submitted and
 * in analysis (visible in the PF list); every `largeListRejectedEvery`-th one is 'Rejeitado'.
 * Names, e-mails ('@lista-extensa.test'), protocolos ('MEDI-20250101-0000n') and CPFs ('999' +
 * 8 digits) match none of the demonstration dataset's, should both ever share a database.
 */

/** How many applications: above LIST_COUNT_CAP (10,000). */
export const largeListSize = 10_050;
/** Every so many rows is 'Rejeitado' (the others 'Em Análise'). */
export const largeListRejectedEvery = 201;
/** The rejected ones: 50. */
export const largeListRejected = Math.floor(largeListSize / largeListRejectedEvery);
/** A word of every seeded name and of no other application's. */
export const largeListWord = 'Extenso';

/** The name of row `n` (1 = the newest). */
export function largeListName(n: number): string {
  return `Titular ${largeListWord} ${String(n).padStart(5, '0')}`;
}

/** The protocolo of row `n`. */
export function largeListProtocolo(n: number): string {
  return `MEDI-20250101-${String(n).padStart(5, '0')}`;
}

const emailDomain = 'lista-extensa.test';

/** The e-mail of row `n`. */
export function largeListEmail(n: number): string {
  return `titular${n}@${emailDomain}`;
}

/** The statements: sessions first (onboarding_pf references them), then the applications. */
const insertSql = `
  insert into applicant_sessions (id, flow, verified_email, created_at, last_seen_at)
    select 'sess_lista_extensa_' || g, 'PF', 'titular' || g || '@${emailDomain}',
           now() - g * interval '1 microsecond', now() - g * interval '1 microsecond'
      from generate_series(1, ${largeListSize}) g;
  insert into onboarding_pf (session_id, nome_completo, nacionalidade, cpf, email,
                             email_verificado, protocolo, status, current_step,
                             consentimento_lgpd, consentimento_kyc,
                             created_at, updated_at, submitted_at)
    select 'sess_lista_extensa_' || g,
           'Titular ${largeListWord} ' || lpad(g::text, 5, '0'),
           'Brasileira',
           '999' || lpad(g::text, 8, '0'),
           'titular' || g || '@${emailDomain}',
           true,
           'MEDI-20250101-' || lpad(g::text, 5, '0'),
           case when g % ${largeListRejectedEvery} = 0 then 'REJEITADO' else 'EM_ANALISE' end,
           6,
           true,
           true,
           now() - g * interval '1 microsecond',
           now() - g * interval '1 microsecond',
           now() - g * interval '1 microsecond'
      from generate_series(1, ${largeListSize}) g;
`;

/**
 * Opens the database as the server started on `dataDir` will (the environment it gets, with
 * DATA_DIR set to `dataDir`) and adds the rows. A data folder kept between runs (E2E_DATA_DIR)
 * already has them: nothing is done.
 */
async function seed(dataDir: string) {
  const [{ join }, { createDb }, { parseEnv }] = await Promise.all([
    import('node:path'),
    import('@medipay/db/client'),
    import('../../apps/api/src/config/env'),
  ]);
  const env = parseEnv({ ...process.env, DATA_DIR: dataDir });
  const database = await createDb(
    env.DATABASE_URL ? { url: env.DATABASE_URL } : { dataDir: join(env.DATA_DIR, 'db') },
  );
  try {
    await database.migrate();
    const { rows } = await database.executeSql(
      `select exists (select 1 from onboarding_pf where email like '%@${emailDomain}') as seeded`,
    );
    if ((rows[0] as { seeded: boolean } | undefined)?.seeded) return;
    // One text, one implicit transaction: all the rows or none.
    await database.executeSql(insertSql);
  } finally {
    await database.close();
  }
}

// Run as a script: `node --import tsx support/seed-large-list.ts <DATA_DIR>`.
if (process.argv[1] && import.meta.url.endsWith(process.argv[1].replace(/\\/g, '/'))) {
  const dataDir = process.argv[2];
  if (!dataDir) throw new Error('usage: seed-large-list.ts <DATA_DIR>');
  await seed(dataDir);
}
