/**
 * The plan of one demonstration PJ application (demo-plan.ts): its session, the submitted
 * record, the company's documents and its history.
 */
import { randomUUID } from 'node:crypto';
import type { onboardingPj } from '@medipay/db/schema';
import type { PjFileField } from '@medipay/shared/files';
import { generateSessionId } from '@medipay/shared/session-id';
import { companyProofOfAddress } from './demo-bills';
import {
  articlesOfAssociation,
  cnesRecord,
  operatingLicence,
  registryCard,
} from './demo-company-documents';
import type { DemoPj } from './demo-dataset';
import { identityBack, identityFront } from './demo-photos';
import {
  DAY,
  decisions,
  documentsOf,
  identityData,
  planHistory,
  protocolOf,
  reviewColumns,
  schedule,
  type Plan,
  type Reviewer,
} from './demo-plan';

export function planPj(plan: Plan, entry: DemoPj, slot: number, now: Date, reviewer: Reviewer) {
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
      (at) => companyProofOfAddress(entry, new Date(at.getTime() - 12 * DAY)),
    ),
    responsavelNome: entry.responsavel.nome,
    responsavelCpf: entry.responsavel.cpf,
    responsavelRg: entry.responsavel.rg,
    responsavelCargo: entry.responsavel.cargo,
    responsavelDocFrenteUrl: document(
      'responsavelDocFrente',
      `${identity.kind.toLowerCase()}-responsavel-frente.jpg`,
      when.before(when.step(3)),
      () => identityFront(identity),
    ),
    responsavelDocVersoUrl: document(
      'responsavelDocVerso',
      `${identity.kind.toLowerCase()}-responsavel-verso.jpg`,
      when.before(when.step(3)),
      () => identityBack(slot + 11),
    ),
    contratoSocialUrl: document(
      'contratoSocial',
      'contrato-social.pdf',
      documentsAt,
      (at, replaced) =>
        articlesOfAssociation(entry, {
          date: new Date(at.getTime() - 400 * DAY),
          signed: !replaced,
        }),
    ),
    cartaoCnpjUrl: document('cartaoCnpj', 'cartao-cnpj.pdf', documentsAt, (at) =>
      registryCard(entry, new Date(at.getTime() - 2 * DAY)),
    ),
    alvaraFuncionamentoUrl: document(
      'alvaraFuncionamento',
      'alvara-de-funcionamento.pdf',
      documentsAt,
      (at) =>
        operatingLicence(entry, {
          issued: new Date(at.getTime() - 200 * DAY),
          validUntil: new Date(at.getTime() + 165 * DAY),
        }),
    ),
    cnes: entry.cnes ?? null,
    cnesDocumentoUrl: entry.cnes
      ? document('cnesDocumento', 'ficha-cnes.pdf', documentsAt, (at) =>
          cnesRecord(entry, new Date(at.getTime() - DAY)),
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
    ...reviewColumns(events, reviewer, submittedAt),
  };
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
