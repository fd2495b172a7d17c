/**
 * Fills an empty database with the demonstration dataset (demo-dataset.ts), so that a person can
 * try the back office: PF and PJ applications in every status, with the columns the wizards fill,
 * documents stored as real files (with thumbnails, as an upload stores them), the automatic
 * checks' results, the status history and the back office's audit rows, and a few abandoned
 * applicant sessions. Dates are relative to the clock: some applications were started today.
 *
 * It never seeds twice and never touches a database that already has applications: it then
 * answers null and changes nothing.
 */
import { randomUUID } from 'node:crypto';
import { asc, desc, eq } from 'drizzle-orm';
import type { Database } from '@medipay/db/client';
import {
  adminActions,
  adminUsers,
  applicantSessions,
  documents,
  onboardingPf,
  onboardingPj,
  statusHistory,
  verificationResults,
} from '@medipay/db/schema';
import { reviewAuditActions } from '@medipay/shared/admin-review';
import { saoPauloDayKey, startOfSaoPauloDay } from '@medipay/shared/dates';
import {
  pfFileFields,
  pjFileFields,
  type FileKind,
  type PfFileField,
  type PjFileField,
} from '@medipay/shared/files';
import { PF_PROTOCOL_PREFIX } from '@medipay/shared/protocol';
import { generateSessionId } from '@medipay/shared/session-id';
import type { Flow, Status } from '@medipay/shared/status';
import type { DocumentStorage } from '../src/adapters/storage/port';
import { systemClock, type Clock } from '../src/lib/clock';
import { checkFile, newStorageKey } from '../src/modules/documents/intake';
import type { Executor } from '../src/modules/messaging/outbox.repository';
import { demoDataset, type DemoIdentity, type DemoPf, type DemoPj } from './demo-dataset';
import * as files from './demo-documents';

export * from './demo-dataset';

export type DemoSeedResult = { pf: number; pj: number; abandoned: number };

/**
 * Who decided the demonstration applications when no admin account exists yet: the e-mail of
 * the master administrator the server creates on its first start (first-admin.ts).
 */
export const DEMO_REVIEWER_EMAIL = 'admin@medipay.local';

const MINUTE = 60 * 1000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

type Reviewer = { id: string | null; email: string };

type PlannedDocument = {
  id: string;
  flow: Flow;
  sessionId: string;
  field: PfFileField | PjFileField;
  kind: FileKind;
  originalName: string;
  uploadedAt: Date;
  render: () => Promise<Buffer>;
};

type Plan = {
  sessions: (typeof applicantSessions.$inferInsert)[];
  pf: (typeof onboardingPf.$inferInsert)[];
  pj: (typeof onboardingPj.$inferInsert)[];
  documents: PlannedDocument[];
  /** Verification results that name a document inserted with the plan. */
  checks: (typeof verificationResults.$inferInsert)[];
  history: (typeof statusHistory.$inferInsert)[];
  audit: (typeof adminActions.$inferInsert)[];
};

async function hasApplications(executor: Executor): Promise<boolean> {
  const [pf] = await executor.select({ id: onboardingPf.id }).from(onboardingPf).limit(1);
  if (pf) return true;
  const [pj] = await executor.select({ id: onboardingPj.id }).from(onboardingPj).limit(1);
  return pj !== undefined;
}

/**
 * The first active admin account (a master before a mini admin) decides the applications;
 * without one, the default e-mail.
 */
async function findReviewer(db: Database): Promise<Reviewer> {
  const [first] = await db
    .select({ id: adminUsers.id, email: adminUsers.email })
    .from(adminUsers)
    .where(eq(adminUsers.active, true))
    .orderBy(
      desc(eq(adminUsers.role, 'admin_master')),
      asc(adminUsers.createdAt),
      asc(adminUsers.id),
    )
    .limit(1);
  return first ?? { id: null, email: DEMO_REVIEWER_EMAIL };
}

/**
 * When each thing happened to one application: the wizard's saves a few minutes apart from its
 * start, then the back office's decisions in the time between the submission and now. An
 * application of today starts after midnight in São Paulo, whatever the hour of the seed.
 */
function schedule(now: Date, daysAgo: number, slot: number) {
  const end = now.getTime();
  const today = startOfSaoPauloDay(now).getTime();
  const back = (1 + (slot % 4)) * HOUR + slot * 7 * MINUTE;
  const start =
    daysAgo === 0
      ? Math.max(end - back, today + ((end - today) * ((slot % 5) + 1)) / 12)
      : end - daysAgo * DAY - back;
  const gap = Math.min(4 * MINUTE, (end - start) / 20);
  /** The save of step `step` (1-5); step 6 is the submission. */
  const step = (n: number) => new Date(start + (n - 1) * gap);
  const submitted = start + 5 * gap;
  return {
    started: new Date(start),
    step,
    /** A little before a moment: an upload before the save that uses it. */
    before: (date: Date) => new Date(date.getTime() - Math.min(30 * 1000, gap / 3)),
    /** `hours` after the submission, or that share of the time since, whichever is sooner. */
    afterSubmission: (hours: number, share: number) =>
      new Date(submitted + Math.min(hours * HOUR, (end - submitted) * share)),
  };
}

const halfway = (from: Date, to: Date) => new Date((from.getTime() + to.getTime()) / 2);

const protocolOf = (flow: Flow, submittedAt: Date, suffix: string) =>
  `${flow === 'PF' ? PF_PROTOCOL_PREFIX : 'PJ'}-${saoPauloDayKey(submittedAt)}-${suffix}`;

/** The portal's route of a document, as the uploads answer it (toUploadedDocument). */
const documentUrl = (id: string) => `/api/documents/${id}`;
const documentIdOf = (url: string) => url.slice('/api/documents/'.length);

/** The data drawn on an identity document: a CIN's number is its holder's CPF. */
const identityData = (identity: DemoIdentity, nome: string, cpf: string) => ({
  kind: identity.kind,
  nome: nome.toUpperCase(),
  numero: identity.kind === 'CIN' ? cpf : identity.numero,
  orgao: identity.orgao,
  uf: identity.uf,
  validade: identity.validade,
});

/**
 * The story of a submitted application after the submission: an earlier requirement answered
 * with a new document (when the dataset says so), then the current status.
 */
function decisions(
  entry: DemoPf | DemoPj,
  submittedStatus: Status,
  when: ReturnType<typeof schedule>,
) {
  const events: {
    from: Status;
    to: Status;
    actor: 'admin' | 'applicant';
    reason: string | null;
    at: Date;
  }[] = [];
  let from = submittedStatus;
  if (entry.rectification) {
    events.push({
      from,
      to: 'EM_EXIGENCIA',
      actor: 'admin',
      reason: entry.rectification.exigencias,
      at: when.afterSubmission(20, 0.3),
    });
    events.push({
      from: 'EM_EXIGENCIA',
      to: 'EM_ANALISE',
      actor: 'applicant',
      reason: null,
      at: when.afterSubmission(40, 0.5),
    });
    from = 'EM_ANALISE';
  }
  if (entry.status !== submittedStatus) {
    events.push({
      from,
      to: entry.status,
      actor: 'admin',
      reason:
        entry.status === 'EM_EXIGENCIA'
          ? (entry.exigencias ?? null)
          : (entry.motivoNegacao ?? null),
      at: when.afterSubmission(entry.rectification ? 60 : 26, entry.rectification ? 0.75 : 0.55),
    });
  }
  return events;
}

const auditActionOf: Partial<Record<Status, string>> = {
  APROVADO: reviewAuditActions.approve,
  EM_EXIGENCIA: reviewAuditActions['request-changes'],
  NEGADO: reviewAuditActions.deny,
  REJEITADO: 'REJEITADO',
};

function planHistory(
  plan: Plan,
  input: {
    flow: Flow;
    recordId: string;
    started: Date;
    submittedStatus: Status;
    submittedAt: Date | null;
    events: ReturnType<typeof decisions>;
    reviewer: Reviewer;
  },
) {
  const { flow, recordId, reviewer } = input;
  plan.history.push({
    flow,
    recordId,
    fromStatus: null,
    toStatus: 'INICIADO',
    actorType: 'applicant',
    createdAt: input.started,
  });
  if (!input.submittedAt) return;
  plan.history.push({
    flow,
    recordId,
    fromStatus: 'INICIADO',
    toStatus: input.submittedStatus,
    actorType: 'applicant',
    createdAt: input.submittedAt,
  });
  for (const event of input.events) {
    plan.history.push({
      flow,
      recordId,
      fromStatus: event.from,
      toStatus: event.to,
      actorType: event.actor,
      actorId: event.actor === 'admin' ? reviewer.id : null,
      reason: event.reason,
      createdAt: event.at,
    });
    if (event.actor !== 'admin') continue;
    plan.audit.push({
      onboardingId: recordId,
      onboardingType: flow,
      adminUserId: reviewer.id,
      adminEmail: reviewer.email,
      action: auditActionOf[event.to] ?? event.to,
      observacoes: event.to === 'EM_EXIGENCIA' ? event.reason : null,
      motivo: event.to === 'NEGADO' || event.to === 'REJEITADO' ? event.reason : null,
      createdAt: event.at,
    });
  }
}

/** Adds a document to the plan; answers its route, for the record's `*_url` column. */
function addDocument(plan: Plan, document: Omit<PlannedDocument, 'id' | 'kind'>): string {
  const kind: FileKind =
    document.flow === 'PF'
      ? pfFileFields[document.field as PfFileField]
      : pjFileFields[document.field as PjFileField];
  const id = randomUUID();
  plan.documents.push({ ...document, id, kind });
  return documentUrl(id);
}

/**
 * Adds the documents of one application's session. A field an earlier requirement asked to
 * replace gets two versions: the first one (`replaced` true when rendering) and the one sent in
 * answer, a few minutes before the applicant's correction, which the record then names.
 */
function documentsOf<Field extends PfFileField | PjFileField>(
  plan: Plan,
  input: {
    flow: Flow;
    sessionId: string;
    rectification: { field: Field } | undefined;
    rectifiedAt: Date | undefined;
  },
) {
  const { flow, sessionId, rectification, rectifiedAt } = input;
  return (
    field: Field,
    originalName: string,
    uploadedAt: Date,
    render: (at: Date, replaced: boolean) => Promise<Buffer>,
  ): string => {
    const replaced = rectification?.field === field && rectifiedAt !== undefined;
    let url = addDocument(plan, {
      flow,
      sessionId,
      field,
      originalName,
      uploadedAt,
      render: () => render(uploadedAt, replaced),
    });
    if (replaced) {
      const again = new Date(rectifiedAt.getTime() - 5 * MINUTE);
      url = addDocument(plan, {
        flow,
        sessionId,
        field,
        originalName: originalName.replace(/(\.\w+)$/, '-novo$1'),
        uploadedAt: again,
        render: () => render(again, false),
      });
    }
    return url;
  };
}

function planPf(plan: Plan, entry: DemoPf, slot: number, now: Date, reviewer: Reviewer) {
  const when = schedule(now, entry.daysAgo, slot);
  const sessionId = generateSessionId('PF');
  const recordId = randomUUID();
  const saved = (step: number) => entry.currentStep > step;
  const submitted = entry.status !== 'INICIADO';
  const submittedAt = submitted ? when.step(6) : null;
  const events = submitted ? decisions(entry, 'EM_ANALISE', when) : [];
  const lastApplicantAt =
    events.findLast((event) => event.actor === 'applicant')?.at ??
    submittedAt ??
    when.step(entry.currentStep - 1);
  const updatedAt = events.at(-1)?.at ?? submittedAt ?? when.step(entry.currentStep - 1);
  const document = documentsOf<PfFileField>(plan, {
    flow: 'PF',
    sessionId,
    rectification: entry.rectification,
    rectifiedAt: events.find((event) => event.actor === 'applicant')?.at,
  });

  plan.sessions.push({
    id: sessionId,
    flow: 'PF',
    verifiedEmail: entry.email,
    verifiedPhone: entry.telefone,
    createdAt: when.started,
    lastSeenAt: lastApplicantAt,
  });
  const row: typeof onboardingPf.$inferInsert = {
    id: recordId,
    sessionId,
    status: entry.status,
    currentStep: entry.currentStep,
    nomeCompleto: entry.nome,
    nacionalidade: entry.nacionalidade,
    cpf: entry.cpf,
    estadoCivil: entry.estadoCivil,
    email: entry.email,
    telefone: entry.telefone,
    emailVerificado: true,
    telefoneVerificado: true,
    createdAt: when.step(1),
    updatedAt,
  };
  if (saved(2)) {
    const { endereco } = entry;
    Object.assign(row, { ...endereco, complemento: endereco.complemento ?? null });
    // The bill of the first version is older than 90 days when a requirement asked for another.
    row.comprovanteResidenciaUrl = document(
      'comprovanteResidencia',
      'conta-de-luz.pdf',
      when.before(when.step(2)),
      (at, replaced) =>
        files.proofOfResidence({
          nome: entry.nome,
          address: endereco,
          issued: new Date(at.getTime() - (replaced ? 150 : 18) * DAY),
        }),
    );
  }
  if (saved(3)) {
    const identity = identityData(entry.identidade, entry.nome, entry.cpf);
    const kindName = entry.identidade.kind.toLowerCase();
    const uploadedAt = when.before(when.step(3));
    row.docProfissionalTipo = entry.profissional.tipo;
    row.docProfissionalNumero = entry.profissional.numero;
    row.docProfissionalUf = entry.profissional.uf;
    row.docProfissionalOrgaoEmissor = entry.profissional.orgaoEmissor;
    const frontUrl = document('docIdentidadeFrente', `${kindName}-frente.jpg`, uploadedAt, () =>
      files.identityFront(identity, entry.blurred === 'docIdentidadeFrente'),
    );
    row.docIdentidadeFrenteUrl = frontUrl;
    row.docIdentidadeVersoUrl = document(
      'docIdentidadeVerso',
      `${kindName}-verso.jpg`,
      uploadedAt,
      () => files.identityBack(slot, entry.blurred === 'docIdentidadeVerso'),
    );
    row.docIdentidadeNome = identity.nome;
    row.docIdentidadeNumero = identity.numero;
    row.docIdentidadeOrgao = identity.orgao;
    row.docIdentidadeUf = identity.uf;
    row.docIdentidadeValidade = identity.validade;
    // What the reading of the front found, as the extraction job records it.
    const confidence = 0.88 + (slot % 5) * 0.02;
    const field = (value: string | null) => (value ? { value, confidence } : null);
    plan.checks.push({
      sessionId,
      documentId: documentIdOf(frontUrl),
      check: 'extraction',
      status: 'done',
      result: {
        kind: identity.kind,
        nome: field(identity.nome),
        numero: field(identity.numero),
        orgao: field(identity.orgao),
        uf: field(identity.uf),
        validade: field(identity.validade),
        ocrConfidence: confidence,
      },
      createdAt: uploadedAt,
      completedAt: halfway(uploadedAt, when.step(3)),
    });
  }
  if (saved(4)) {
    const uploadedAt = when.before(when.step(4));
    const selfieUrl = document('selfie', 'selfie.jpg', uploadedAt, () => files.selfie(slot, false));
    const selfieDocUrl = document('selfieDoc', 'selfie-com-documento.jpg', uploadedAt, () =>
      files.selfie(slot, true),
    );
    row.selfieUrl = selfieUrl;
    row.selfieDocUrl = selfieDocUrl;
    row.livenessPassed = true;
    row.livenessConfidence = entry.livenessConfidence;
    // The biometric check the selfie step kept, in the shape of biometrics.service's CheckRecord
    // (not imported: the browser tests' type check reaches this module), labelled sandbox:
    // nobody's face was compared.
    const selfieId = documentIdOf(selfieUrl);
    const decision = entry.biometriaEmRevisao ? 'em_revisao' : 'aprovado';
    row.biometriaDecisao = decision;
    const record = {
      decision,
      confidence: entry.livenessConfidence,
      reasons: [],
      selfieId,
      selfieDocId: documentIdOf(selfieDocUrl),
      challengeId: null,
      sandbox: true,
      faceMatch: entry.biometriaEmRevisao ?? {
        selfieToSelfieDoc: Math.min(0.99, entry.livenessConfidence + 0.015),
        selfieToDocument: Math.max(0.5, entry.livenessConfidence - 0.08),
      },
    };
    const checkedAt = halfway(uploadedAt, when.step(4));
    plan.checks.push({
      sessionId,
      documentId: selfieId,
      check: 'face_match',
      status: 'done',
      result: record,
      createdAt: checkedAt,
      completedAt: checkedAt,
    });
  }
  if (saved(5)) {
    row.pepTipo = entry.pep.tipo;
    if (entry.pep.tipo === 'PEP') {
      row.pepCargo = entry.pep.cargo;
      row.pepOrgao = entry.pep.orgao;
    }
  }
  if (submittedAt) {
    row.consentimentoLgpd = true;
    row.consentimentoKyc = true;
    row.protocolo = protocolOf('PF', submittedAt, entry.protocolSuffix!);
    row.submittedAt = submittedAt;
  }
  const decision = events.findLast((event) => event.actor === 'admin');
  if (decision) {
    row.analisadoPor = reviewer.email;
    row.analisadoPorId = reviewer.id;
    row.analisadoEm = decision.at;
  }
  row.exigencias = entry.exigencias ?? entry.rectification?.exigencias ?? null;
  row.motivoNegacao = entry.motivoNegacao ?? null;
  plan.pf.push(row);
  planHistory(plan, {
    flow: 'PF',
    recordId,
    started: when.step(1),
    submittedStatus: 'EM_ANALISE',
    submittedAt,
    events,
    reviewer,
  });
}

function planPj(plan: Plan, entry: DemoPj, slot: number, now: Date, reviewer: Reviewer) {
  const when = schedule(now, entry.daysAgo, slot);
  const sessionId = generateSessionId('PJ');
  const recordId = randomUUID();
  const submittedAt = when.step(6);
  const events = decisions(entry, 'ENVIADO_PARA_ANALISE', when);
  const rectifiedAt = events.find((event) => event.actor === 'applicant')?.at;
  const document = documentsOf<PjFileField>(plan, {
    flow: 'PJ',
    sessionId,
    rectification: entry.rectification,
    rectifiedAt,
  });
  const identity = identityData(
    entry.responsavel.identidade,
    entry.responsavel.nome,
    entry.responsavel.cpf,
  );
  const documentsAt = when.before(when.step(4));

  plan.sessions.push({
    id: sessionId,
    flow: 'PJ',
    verifiedEmail: entry.email,
    verifiedPhone: entry.telefone,
    createdAt: when.started,
    lastSeenAt: rectifiedAt ?? submittedAt,
  });
  const row: typeof onboardingPj.$inferInsert = {
    id: recordId,
    sessionId,
    status: entry.status,
    currentStep: entry.currentStep,
    protocolo: protocolOf('PJ', submittedAt, entry.protocolSuffix!),
    razaoSocial: entry.razaoSocial,
    nomeFantasia: entry.nomeFantasia,
    cnpj: entry.cnpj,
    inscricaoEstadual: entry.inscricaoEstadual ?? null,
    inscricaoMunicipal: entry.inscricaoMunicipal ?? null,
    tipoEmpresa: entry.tipoEmpresa,
    areaAtuacao: entry.areaAtuacao,
    email: entry.email,
    telefone: entry.telefone,
    emailVerificado: true,
    telefoneVerificado: true,
    ...entry.endereco,
    complemento: entry.endereco.complemento ?? null,
    comprovanteEnderecoUrl: document(
      'comprovanteEndereco',
      'conta-de-agua.pdf',
      when.before(when.step(2)),
      (at) => files.companyProofOfAddress(entry, new Date(at.getTime() - 12 * DAY)),
    ),
    responsavelNome: entry.responsavel.nome,
    responsavelCpf: entry.responsavel.cpf,
    responsavelRg: entry.responsavel.rg,
    responsavelCargo: entry.responsavel.cargo,
    responsavelDocFrenteUrl: document(
      'responsavelDocFrente',
      `${identity.kind.toLowerCase()}-responsavel-frente.jpg`,
      when.before(when.step(3)),
      () => files.identityFront(identity),
    ),
    responsavelDocVersoUrl: document(
      'responsavelDocVerso',
      `${identity.kind.toLowerCase()}-responsavel-verso.jpg`,
      when.before(when.step(3)),
      () => files.identityBack(slot + 11),
    ),
    contratoSocialUrl: document(
      'contratoSocial',
      'contrato-social.pdf',
      documentsAt,
      (at, replaced) =>
        files.articlesOfAssociation(entry, {
          date: new Date(at.getTime() - 400 * DAY),
          signed: !replaced,
        }),
    ),
    cartaoCnpjUrl: document('cartaoCnpj', 'cartao-cnpj.pdf', documentsAt, (at) =>
      files.registryCard(entry, new Date(at.getTime() - 2 * DAY)),
    ),
    alvaraFuncionamentoUrl: document(
      'alvaraFuncionamento',
      'alvara-de-funcionamento.pdf',
      documentsAt,
      (at) =>
        files.operatingLicence(entry, {
          issued: new Date(at.getTime() - 200 * DAY),
          validUntil: new Date(at.getTime() + 165 * DAY),
        }),
    ),
    cnes: entry.cnes ?? null,
    cnesDocumentoUrl: entry.cnes
      ? document('cnesDocumento', 'ficha-cnes.pdf', documentsAt, (at) =>
          files.cnesRecord(entry, new Date(at.getTime() - DAY)),
        )
      : null,
    banco: entry.banco,
    agencia: entry.agencia,
    conta: entry.conta,
    tipoConta: entry.tipoConta,
    faturamentoMensal: entry.faturamentoMensal,
    numeroFuncionarios: entry.numeroFuncionarios,
    consentimentoLgpd: true,
    consentimentoKyc: true,
    exigencias: entry.exigencias ?? entry.rectification?.exigencias ?? null,
    motivoNegacao: entry.motivoNegacao ?? null,
    createdAt: when.step(1),
    updatedAt: events.at(-1)?.at ?? submittedAt,
    submittedAt,
  };
  const decision = events.findLast((event) => event.actor === 'admin');
  if (decision) {
    row.analisadoPor = reviewer.email;
    row.analisadoPorId = reviewer.id;
    row.analisadoEm = decision.at;
  }
  plan.pj.push(row);
  planHistory(plan, {
    flow: 'PJ',
    recordId,
    started: when.step(1),
    submittedStatus: 'ENVIADO_PARA_ANALISE',
    submittedAt,
    events,
    reviewer,
  });
}

/** Renders, checks and stores one planned document as an upload does; answers its row. */
async function storeDocument(
  storage: DocumentStorage,
  planned: PlannedDocument,
  storedKeys: string[],
): Promise<typeof documents.$inferInsert> {
  const checked = await checkFile(planned.kind, await planned.render());
  const storageKey = newStorageKey(planned.uploadedAt);
  await storage.put(storageKey, checked.data, checked.mimeType);
  storedKeys.push(storageKey);
  const thumbnailKey = checked.thumbnail ? `${storageKey}.thumb` : null;
  if (checked.thumbnail && thumbnailKey) {
    await storage.put(thumbnailKey, checked.thumbnail, 'image/webp');
    storedKeys.push(thumbnailKey);
  }
  return {
    id: planned.id,
    flow: planned.flow,
    sessionId: planned.sessionId,
    field: planned.field,
    storageKey,
    thumbnailKey,
    sha256: checked.sha256,
    size: checked.data.length,
    mimeType: checked.mimeType,
    originalName: planned.originalName,
    uploadedBy: 'applicant',
    createdAt: planned.uploadedAt,
  };
}

/** Maps with at most `limit` calls running at once (image rendering is CPU work). */
async function mapLimited<T, R>(items: T[], limit: number, run: (item: T) => Promise<R>) {
  const results: R[] = new Array(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next;
      next += 1;
      results[index] = await run(items[index]!);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}

class AlreadySeeded extends Error {}

export async function seedDemo(deps: {
  db: Database;
  storage: DocumentStorage;
  clock?: Clock;
}): Promise<DemoSeedResult | null> {
  const { db, storage } = deps;
  const now = (deps.clock ?? systemClock).now();
  if (await hasApplications(db)) return null;

  const reviewer = await findReviewer(db);
  const plan: Plan = {
    sessions: [],
    pf: [],
    pj: [],
    documents: [],
    checks: [],
    history: [],
    audit: [],
  };
  demoDataset.pf.forEach((entry, index) => planPf(plan, entry, index, now, reviewer));
  demoDataset.pj.forEach((entry, index) =>
    planPj(plan, entry, demoDataset.pf.length + index, now, reviewer),
  );
  for (const [index, abandoned] of demoDataset.abandonedSessions.entries()) {
    const lastSeenAt = new Date(now.getTime() - abandoned.idleDays * DAY - index * 17 * MINUTE);
    plan.sessions.push({
      id: generateSessionId(abandoned.flow),
      flow: abandoned.flow,
      createdAt: new Date(lastSeenAt.getTime() - 3 * MINUTE),
      lastSeenAt,
    });
  }

  // The files first (they take the time), then every row in one transaction: a failure leaves
  // no row behind, and the files it stored are removed.
  const storedKeys: string[] = [];
  try {
    const documentRows = await mapLimited(plan.documents, 4, (planned) =>
      storeDocument(storage, planned, storedKeys),
    );
    await db.transaction(async (tx) => {
      if (await hasApplications(tx)) throw new AlreadySeeded();
      await tx.insert(applicantSessions).values(plan.sessions);
      await tx.insert(documents).values(documentRows);
      await tx.insert(verificationResults).values(plan.checks);
      await tx.insert(onboardingPf).values(plan.pf);
      await tx.insert(onboardingPj).values(plan.pj);
      await tx.insert(statusHistory).values(plan.history);
      await tx.insert(adminActions).values(plan.audit);
    });
  } catch (error) {
    await Promise.all(storedKeys.map((key) => storage.delete(key).catch(() => {})));
    if (error instanceof AlreadySeeded) return null;
    throw error;
  }
  return {
    pf: plan.pf.length,
    pj: plan.pj.length,
    abandoned: demoDataset.abandonedSessions.length,
  };
}
