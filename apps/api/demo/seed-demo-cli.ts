/**
 * `npm run seed:demo`: fills an empty database with demonstration applications (PF and PJ in
 * every status, with generated documents) to try the back office. Opens the database and the
 * document storage as the server does (DATA_DIR or DATABASE_URL, S3_BUCKET). Does nothing on a
 * database that already has applications. With the embedded database (no DATABASE_URL), stop
 * the server first: PGlite's folder serves one process at a time.
 */
import { join } from 'node:path';
import { createDb, type DatabaseHandle } from '@medipay/db/client';
import { paths } from '@medipay/shared/routes';
import { statusLabel } from '@medipay/shared/status';
import { createDocumentStorage } from '../src/adapters/storage';
import { commandEnvironment } from '../src/cli/cli-environment';
import { systemClock } from '../src/lib/clock';
import { demoDataset, seedDemo } from './demo-seed';
import { seedDemoScreening } from './demo-screening';

const out = (text: string) => process.stdout.write(`${text}\n`);

// Relative paths (DATA_DIR) are the caller's folder, as for `npm start` (cli-environment.ts).
const env = commandEnvironment();

if (env.NODE_ENV === 'production') {
  process.stderr.write(
    'Os dados de demonstração não são criados em produção (NODE_ENV=production).\n',
  );
  process.exit(1);
}

/** `2 Em Análise, 1 Aprovado` */
function byStatus(entries: readonly { status: string }[]): string {
  const counts = new Map<string, number>();
  for (const { status } of entries) counts.set(status, (counts.get(status) ?? 0) + 1);
  return [...counts].map(([status, count]) => `${count} ${statusLabel(status)}`).join(', ');
}

const embedded = !env.DATABASE_URL;
if (embedded) {
  out(
    `Banco embutido (PGlite) em ${join(env.DATA_DIR, 'db')}: o servidor precisa estar parado durante este comando.`,
  );
}

let database: DatabaseHandle | undefined;
let exitCode = 1;
try {
  database = await createDb(
    env.DATABASE_URL ? { url: env.DATABASE_URL } : { dataDir: join(env.DATA_DIR, 'db') },
  );
  await database.migrate();
  const storage = await createDocumentStorage(env);
  const result = await seedDemo({ db: database.db, storage });
  if (result) {
    out('Dados de demonstração criados:');
    out(`  ${result.pf} cadastros PF (${byStatus(demoDataset.pf)})`);
    out(`  ${result.pj} cadastros PJ (${byStatus(demoDataset.pj)})`);
    out(`  ${result.abandoned} sessões abandonadas (sem cadastro, inativas há 2 dias)`);
    const screening = await seedDemoScreening({ db: database.db, clock: systemClock });
    out(
      `  listas fictícias de PEP e sanções: ${screening.lists
        .map((list) => `${list.list} (${list.rowCount} registros)`)
        .join(', ')}; ${screening.hits} ocorrências para a triagem`,
    );
    out(
      `Documentos gerados em ${env.S3_BUCKET ? `s3://${env.S3_BUCKET}` : join(env.DATA_DIR, 'documents')}.`,
    );
    out(
      `Inicie o servidor (npm start) e entre no back office: ${env.PUBLIC_URL}${paths.adminLogin}`,
    );
  } else {
    out('O banco de dados já tem cadastros: nada foi feito.');
    out('Os dados de demonstração só são criados em um banco sem nenhum cadastro PF ou PJ.');
  }
  exitCode = 0;
} catch (error) {
  process.stderr.write(`Erro: ${error instanceof Error ? error.message : String(error)}\n`);
  if (embedded) {
    process.stderr.write(
      'Com o banco embutido, pare o servidor antes de rodar este comando (a pasta do PGlite atende um processo por vez).\n',
    );
  }
} finally {
  await database?.close();
}
process.exit(exitCode);
