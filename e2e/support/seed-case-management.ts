/**
 * The case-management part of the review server's data (issue 25), seeded after
 * seed-back-office.ts on the same DATA_DIR and before the server starts: a second administrator
 * (four-eyes needs two), and four PF applications in analysis that no other spec opens, built
 * with the demonstration seed's own plan (demo-plan-pf.ts: the rows, real document files, the
 * checks and the history). Two declared PEPs need two approvals; the two others have documents
 * to refuse. Each browser project decides its own of each pair.
 *
 * Only the review server runs it: the back-office server's counts are the demonstration
 * dataset's (the platform server gets the second admin alone, seed-second-admin.ts). Importing
 * this module has no side effect: the API's code loads only when run as a script
 * (`node --import tsx support/seed-case-management.ts <DATA_DIR>`).
 */
import type { Database } from '@medipay/db/client';
import type { DemoPf } from '../../apps/api/demo/demo-dataset';
import type { DocumentStorage } from '../../apps/api/src/adapters/storage/port';
import { seedSecondAdmin, withServerData } from './seed-second-admin';

export { secondAdmin } from './seed-second-admin';

/** A seeded application as the specs find it. */
export type SeededCase = { nome: string; email: string };

type Entry = Pick<DemoPf, 'nome' | 'email' | 'telefone' | 'pep'> & {
  cpfBase: number;
  protocolSuffix: string;
};

const pep = (cargo: string, orgao: string) => ({ tipo: 'PEP' as const, cargo, orgao });

/** Declared PEPs in analysis: approved by two administrators (desktop first, then phone). */
const fourEyesEntries: readonly Entry[] = [
  {
    nome: 'Helena Prates Vasconcelos',
    email: 'helena.vasconcelos@example.com',
    telefone: '+5561991402387',
    cpfBase: 518306274,
    protocolSuffix: '6120',
    pep: pep('Subsecretária de Atenção à Saúde', 'Secretaria de Saúde do Distrito Federal'),
  },
  {
    nome: 'Igor Mendes Salgado',
    email: 'igor.salgado@example.com',
    telefone: '+5562992518743',
    cpfBase: 629417385,
    protocolSuffix: '6131',
    pep: pep('Vereador', 'Câmara Municipal de Anápolis'),
  },
];

/** Ordinary applications in analysis whose documents are refused (desktop first, then phone). */
const refusalEntries: readonly Entry[] = [
  {
    nome: 'Júlia Fontes Barreto',
    email: 'julia.barreto@example.com',
    telefone: '+5548996630192',
    cpfBase: 730528496,
    protocolSuffix: '6142',
    pep: { tipo: 'NAO' },
  },
  {
    nome: 'Lucas Amaral Teodoro',
    email: 'lucas.teodoro@example.com',
    telefone: '+5527997741208',
    cpfBase: 841639507,
    protocolSuffix: '6153',
    pep: { tipo: 'NAO' },
  },
];

const asCase = ({ nome, email }: Entry): SeededCase => ({ nome, email });
export const seededFourEyes: readonly SeededCase[] = fourEyesEntries.map(asCase);
export const seededRefusals: readonly SeededCase[] = refusalEntries.map(asCase);

/** The same professional data as the demonstration's applicants, with these people's own. */
function demoEntry(entry: Entry, cpf: (base: number) => string): DemoPf {
  return {
    nome: entry.nome,
    status: 'EM_ANALISE',
    currentStep: 6,
    daysAgo: 0,
    protocolSuffix: entry.protocolSuffix,
    nacionalidade: 'brasileira',
    cpf: cpf(entry.cpfBase),
    estadoCivil: 'solteiro',
    email: entry.email,
    telefone: entry.telefone,
    endereco: {
      cep: '70070120',
      logradouro: 'Setor Bancário Sul',
      numero: '2',
      bairro: 'Asa Sul',
      cidade: 'Brasília',
      uf: 'DF',
    },
    profissional: { tipo: 'CRM', numero: '27415', uf: 'DF', orgaoEmissor: 'CRM-DF' },
    identidade: { kind: 'CIN', orgao: 'SSP', uf: 'DF', validade: '11/03/2035' },
    livenessConfidence: 0.948,
    pep: entry.pep,
  };
}

/**
 * The two admins (seed-second-admin.ts), then the applications. Nothing is done when the second
 * admin exists (a data folder kept between runs).
 */
export async function seedCaseManagement(
  db: Database,
  storage: DocumentStorage,
  env: { ADMIN_EMAIL?: string; ADMIN_PASSWORD?: string },
): Promise<void> {
  if (!(await seedSecondAdmin(db, env))) return;
  const [
    schema,
    { systemClock },
    { checkFile, newStorageKey },
    { planPf },
    { DEMO_REVIEWER_EMAIL },
    { cpf },
  ] = await Promise.all([
    import('@medipay/db/schema'),
    import('../../apps/api/src/lib/clock'),
    import('../../apps/api/src/modules/documents/intake'),
    import('../../apps/api/demo/demo-plan-pf'),
    import('../../apps/api/demo/demo-seed'),
    import('../../apps/api/demo/demo-tax-ids'),
  ]);

  const now = systemClock.now();
  const plan: Parameters<typeof planPf>[0] = {
    sessions: [],
    pf: [],
    pj: [],
    documents: [],
    checks: [],
    history: [],
    audit: [],
  };
  // Slots after the demonstration's 14 applications: other times of the day, other faces.
  [...fourEyesEntries, ...refusalEntries].forEach((entry, index) =>
    planPf(plan, demoEntry(entry, cpf), 20 + index, now, { id: null, email: DEMO_REVIEWER_EMAIL }),
  );
  // Stored as an upload stores them (demo-seed.ts): checked, with their thumbnails.
  const documentRows: (typeof schema.documents.$inferInsert)[] = [];
  for (const planned of plan.documents) {
    const checked = await checkFile(planned.kind, await planned.render());
    const storageKey = newStorageKey(planned.uploadedAt);
    await storage.put(storageKey, checked.data, checked.mimeType);
    const thumbnailKey = checked.thumbnail ? `${storageKey}.thumb` : null;
    if (checked.thumbnail && thumbnailKey) {
      await storage.put(thumbnailKey, checked.thumbnail, 'image/webp');
    }
    documentRows.push({
      id: planned.id,
      flow: planned.flow,
      sessionId: planned.sessionId,
      field: planned.field,
      storageKey,
      thumbnailKey,
      sha256: checked.sha256,
      originalSha256: checked.originalSha256,
      size: checked.data.length,
      mimeType: checked.mimeType,
      originalName: planned.originalName,
      uploadedBy: 'applicant',
      createdAt: planned.uploadedAt,
    });
  }
  await db.transaction(async (tx) => {
    await tx.insert(schema.applicantSessions).values(plan.sessions);
    await tx.insert(schema.documents).values(documentRows);
    await tx.insert(schema.verificationResults).values(plan.checks);
    await tx.insert(schema.onboardingPf).values(plan.pf);
    await tx.insert(schema.statusHistory).values(plan.history);
    if (plan.audit.length > 0) await tx.insert(schema.adminActions).values(plan.audit);
  });
}

// Run as a script: `node --import tsx support/seed-case-management.ts <DATA_DIR>`.
if (process.argv[1] && import.meta.url.endsWith(process.argv[1].replace(/\\/g, '/'))) {
  const dataDir = process.argv[2];
  if (!dataDir) throw new Error('usage: seed-case-management.ts <DATA_DIR>');
  await withServerData(dataDir, seedCaseManagement);
}
