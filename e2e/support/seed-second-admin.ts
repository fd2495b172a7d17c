/**
 * A second administrator on a seeded server's database (four-eyes approval needs two, decision
 * 023), run after seed-back-office.ts on the same DATA_DIR and before the server starts. The
 * review server gets it through seed-case-management.ts (with that spec's applications); the
 * platform server runs this script alone, so that its data stays the demonstration dataset.
 *
 * Importing this module has no side effect: the API's code loads only when run as a script
 * (`node --import tsx support/seed-second-admin.ts <DATA_DIR>`) or when a function is called.
 */
import type { Database } from '@medipay/db/client';
import type { DocumentStorage } from '../../apps/api/src/adapters/storage/port';

/** The second administrator (an admin_mini, created as `npm run admin -- create` does). */
export const secondAdmin = {
  name: 'Renata Albuquerque Siqueira',
  email: 'renata.siqueira@medipay.test',
  username: 'renata.siqueira',
  password: 'quatro-olhos-veem-mais-que-dois-e2e',
} as const;

/**
 * The first admin as the server's first start creates it (from ADMIN_EMAIL / ADMIN_PASSWORD: an
 * existing account would stop the server from creating it), then the second one. False when the
 * second admin already exists (a data folder kept between runs): nothing was done.
 */
export async function seedSecondAdmin(
  db: Database,
  env: { ADMIN_EMAIL?: string; ADMIN_PASSWORD?: string },
): Promise<boolean> {
  const [{ systemClock }, { ensureFirstAdmin }, { createAdminAccounts }] = await Promise.all([
    import('../../apps/api/src/lib/clock'),
    import('../../apps/api/src/modules/admin-auth/first-admin'),
    import('../../apps/api/src/modules/admin-auth/admin-accounts.service'),
  ]);
  await ensureFirstAdmin({ db, env, print: () => {} });
  const accounts = createAdminAccounts({ db, clock: systemClock });
  if (await accounts.findByCredential(secondAdmin.email)) return false;
  await accounts.create(
    {
      name: secondAdmin.name,
      email: secondAdmin.email,
      username: secondAdmin.username,
      role: 'admin_mini',
      password: secondAdmin.password,
    },
    { id: null, email: 'seed-e2e' },
  );
  return true;
}

/**
 * Opens the database and the document storage as the server started on `dataDir` will (the
 * environment it gets, with DATA_DIR set to `dataDir`), runs `seed` on them, and closes.
 */
export async function withServerData(
  dataDir: string,
  seed: (
    db: Database,
    storage: DocumentStorage,
    env: { ADMIN_EMAIL?: string; ADMIN_PASSWORD?: string },
  ) => Promise<unknown>,
): Promise<void> {
  const [{ join }, { createDb }, { parseEnv }, { createDocumentStorage }] = await Promise.all([
    import('node:path'),
    import('@medipay/db/client'),
    import('../../apps/api/src/config/env'),
    import('../../apps/api/src/adapters/storage'),
  ]);
  const env = parseEnv({ ...process.env, DATA_DIR: dataDir });
  const database = await createDb(
    env.DATABASE_URL ? { url: env.DATABASE_URL } : { dataDir: join(env.DATA_DIR, 'db') },
  );
  try {
    await database.migrate();
    await seed(database.db, await createDocumentStorage(env), env);
  } finally {
    await database.close();
  }
}

// Run as a script: `node --import tsx support/seed-second-admin.ts <DATA_DIR>`.
if (process.argv[1] && import.meta.url.endsWith(process.argv[1].replace(/\\/g, '/'))) {
  const dataDir = process.argv[2];
  if (!dataDir) throw new Error('usage: seed-second-admin.ts <DATA_DIR>');
  await withServerData(dataDir, (db, _storage, env) => seedSecondAdmin(db, env));
}
