/**
 * The plan of one demonstration PF application (demo-plan.ts): its session, the record as far as
 * the wizard got, its documents and automatic checks, and its history.
 */
import { randomUUID } from 'node:crypto';
import type { onboardingPf } from '@medipay/db/schema';
import type { PfFileField } from '@medipay/shared/files';
import { generateSessionId } from '@medipay/shared/session-id';
import { proofOfResidence } from './demo-bills';
import type { DemoPf } from './demo-dataset';
import { identityBack, identityFront, selfie } from './demo-photos';
import {
  DAY,
  decisions,
  documentIdOf,
  documentsOf,
  halfway,
  identityData,
  planHistory,
  protocolOf,
  reviewColumns,
  schedule,
  type Plan,
  type Reviewer,
} from './demo-plan';

export function planPf(plan: Plan, entry: DemoPf, slot: number, now: Date, reviewer: Reviewer) {
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
        proofOfResidence({
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
      identityFront(identity, entry.blurred === 'docIdentidadeFrente'),
    );
    row.docIdentidadeFrenteUrl = frontUrl;
    row.docIdentidadeVersoUrl = document(
      'docIdentidadeVerso',
      `${kindName}-verso.jpg`,
      uploadedAt,
      () => identityBack(slot, entry.blurred === 'docIdentidadeVerso'),
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
    const selfieUrl = document('selfie', 'selfie.jpg', uploadedAt, () => selfie(slot, false));
    const selfieDocUrl = document('selfieDoc', 'selfie-com-documento.jpg', uploadedAt, () =>
      selfie(slot, true),
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
  if (submittedAt) Object.assign(row, reviewColumns(events, reviewer, submittedAt));
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
