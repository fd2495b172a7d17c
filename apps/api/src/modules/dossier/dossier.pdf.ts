/**
 * The audit dossier ('Exportar dossiê'): the whole case of one application as a PDF for an
 * auditor, in Portuguese. Pure rendering: everything it shows comes in `DossierData`
 * (dossier.service.ts gathers it), so the same data always makes the same file.
 */
import {
  reviewMessages,
  type ApplicationDetail,
  type ReviewChecks,
} from '@medipay/shared/admin-review';
import { auditActionLabels } from '@medipay/shared/audit-labels';
import { biometricDecisionLabels } from '@medipay/shared/biometrics';
import {
  caseMessages,
  deadlineStatusLabels,
  linkAttributeLabels,
  refusalReasonText,
  type LinkedApplications,
} from '@medipay/shared/case-review';
import { formatDateTime, TIME_ZONE } from '@medipay/shared/dates';
import { fileFieldLabel } from '@medipay/shared/files';
import { identitySourceLabels } from '@medipay/shared/identity-comparison';
import { maskCep } from '@medipay/shared/masks';
import { medipayMessages, type MedipayAccount } from '@medipay/shared/medipay-account';
import {
  areaAtuacaoOptions,
  bancoOptions,
  docProfissionalOptions,
  estadoCivilOptions,
  faturamentoMensalOptions,
  labelOf,
  nacionalidadeOptions,
  numeroFuncionariosOptions,
  pepTipoOptions,
  responsavelCargoOptions,
  tipoContaOptions,
  tipoEmpresaOptions,
  ufOptions,
  type Option,
} from '@medipay/shared/options';
import { formatPhone } from '@medipay/shared/phone';
import {
  screeningHitStatusLabels,
  screeningListKinds,
  screeningListLabels,
  screeningSubjectRoleLabels,
  type ApplicationScreening,
  type ScreeningHit,
} from '@medipay/shared/screening';
import { progressLabel, statusLabel } from '@medipay/shared/status';
import { formatCnpj, formatCpf } from '@medipay/shared/tax-id';
import {
  createDossierWriter,
  type DossierWriter,
  type LabelValue,
  type PdfImageData,
} from './dossier-layout';

/** What the dossier shows of one stored file, beyond the detail's document entry. */
export type DossierFile = {
  /** The stored file's SHA-256 (the re-encoded image or the rebuilt PDF). */
  sha256: string;
  /** The SHA-256 of the bytes the applicant sent; null on files stored before it was kept. */
  originalSha256: string | null;
  /** A small JPEG or PNG of an image document; null for a PDF or when none could be read. */
  thumbnail: PdfImageData | null;
};

export type DossierData = {
  detail: ApplicationDetail;
  /** By document id: every version the detail lists. */
  files: Readonly<Record<string, DossierFile>>;
  screening: ApplicationScreening;
  links: LinkedApplications;
  generatedAt: Date;
  /** The e-mail of the admin who exported it. */
  generatedBy: string;
};

const actorLabels = { applicant: 'Solicitante', system: 'Sistema', admin: 'Administrador' };
const uploaderLabels = { applicant: 'Solicitante', admin: 'Administrador' };
const agreementLabels = {
  confere: 'Confere',
  divergente: 'Divergente',
  sem_comparacao: 'Sem comparação',
};
const medipayStateLabels: Record<MedipayAccount['state'], string> = {
  pending: 'Em criação',
  done: medipayMessages.done,
  failed: medipayMessages.failed,
};

const when = (value: string | null | undefined) => (value ? formatDateTime(value) : '');
const option = (options: readonly Option[], value: string | undefined) =>
  value ? labelOf(options, value) : '';
const yesNo = (value: boolean | null | undefined) =>
  value === null || value === undefined ? '' : value ? 'Sim' : 'Não';
const accepted = (value: boolean | undefined) =>
  value === undefined ? '' : value ? reviewMessages.accepted : reviewMessages.notAccepted;
const verified = (value: string | undefined, isVerified: boolean) =>
  value ? `${value}${isVerified ? ' (verificado)' : ' (não verificado)'}` : '';

const percentFormat = new Intl.NumberFormat('pt-BR', {
  style: 'percent',
  maximumFractionDigits: 1,
});
const decimalFormat = new Intl.NumberFormat('pt-BR', { maximumFractionDigits: 1 });
const percent = (value: number | null | undefined) =>
  value === null || value === undefined ? '' : percentFormat.format(value);

/** `2,4 MB`, `830 KB`, `512 bytes`. */
export function fileSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} bytes`;
  if (bytes < 1024 * 1024) return `${decimalFormat.format(bytes / 1024)} KB`;
  return `${decimalFormat.format(bytes / (1024 * 1024))} MB`;
}

/** The applicant's name and CPF/CNPJ as the dossier's title names them. */
function subjectOf(detail: ApplicationDetail) {
  if (detail.flow === 'PF') {
    return {
      name: detail.values.nomeCompleto ?? '',
      documentLabel: 'CPF',
      document: detail.values.cpf ? formatCpf(detail.values.cpf) : '',
    };
  }
  return {
    name: detail.values.razaoSocial ?? detail.values.nomeFantasia ?? '',
    documentLabel: 'CNPJ',
    document: detail.values.cnpj ? formatCnpj(detail.values.cnpj) : '',
  };
}

function identification(w: DossierWriter, data: DossierData) {
  const { detail } = data;
  const subject = subjectOf(detail);
  w.heading('1. Identificação');
  w.fields([
    {
      label: 'Fluxo',
      value: detail.flow === 'PF' ? 'PF - Pessoa física' : 'PJ - Pessoa jurídica',
    },
    { label: 'Protocolo', value: detail.protocolo ?? 'Sem protocolo (não enviado)' },
    { label: 'Identificador do cadastro', value: detail.id },
    { label: detail.flow === 'PF' ? 'Nome' : 'Razão social', value: subject.name },
    { label: subject.documentLabel, value: subject.document },
    { label: 'Status', value: `${statusLabel(detail.status)} (${detail.status})` },
    { label: 'Etapa do cadastro', value: progressLabel(detail.currentStep) },
    { label: 'Criado em', value: when(detail.createdAt) },
    { label: 'Atualizado em', value: when(detail.updatedAt) },
    { label: 'Enviado para análise em', value: when(detail.submittedAt) },
    { label: 'Analisado por', value: detail.analisadoPor ?? '' },
    { label: 'Analisado em', value: when(detail.analisadoEm) },
    ...(detail.exigencias ? [{ label: 'Exigências em vigor', value: detail.exigencias }] : []),
    ...(detail.motivoNegacao ? [{ label: 'Motivo da negação', value: detail.motivoNegacao }] : []),
    { label: 'Dossiê gerado em', value: formatDateTime(data.generatedAt) },
    { label: 'Dossiê gerado por', value: data.generatedBy },
  ]);
  w.paragraph(
    `Datas e horas no horário de São Paulo (${TIME_ZONE}). Este dossiê contém dados pessoais: trate-o conforme a LGPD e a política de privacidade.`,
    { muted: true },
  );
}

function contactRows(detail: ApplicationDetail): LabelValue[] {
  return [
    { label: 'E-mail', value: verified(detail.values.email, detail.emailVerificado) },
    {
      label: 'Telefone',
      value: verified(
        detail.values.telefone ? formatPhone(detail.values.telefone) : undefined,
        detail.telefoneVerificado,
      ),
    },
  ];
}

function addressRows(values: ApplicationDetail['values']): LabelValue[] {
  return [
    { label: 'CEP', value: values.cep ? maskCep(values.cep) : '' },
    { label: 'Logradouro', value: values.logradouro ?? '' },
    { label: 'Número', value: values.numero ?? '' },
    { label: 'Complemento', value: values.complemento ?? '' },
    { label: 'Bairro', value: values.bairro ?? '' },
    { label: 'Cidade', value: values.cidade ?? '' },
    { label: 'UF', value: option(ufOptions, values.uf) },
  ];
}

function consentRows(values: ApplicationDetail['values']): LabelValue[] {
  return [
    { label: 'Consentimento LGPD', value: accepted(values.consentimentoLgpd) },
    { label: 'Consentimento KYC', value: accepted(values.consentimentoKyc) },
  ];
}

/** The data as the applicant typed it, with the labels of the detail page. */
function typedData(w: DossierWriter, detail: ApplicationDetail) {
  w.heading('2. Dados informados pelo solicitante');
  if (detail.flow === 'PF') {
    const { values } = detail;
    w.subheading('Dados pessoais');
    w.fields([
      { label: 'Nome completo', value: values.nomeCompleto ?? '' },
      { label: 'CPF', value: values.cpf ? formatCpf(values.cpf) : '' },
      { label: 'Nacionalidade', value: option(nacionalidadeOptions, values.nacionalidade) },
      { label: 'Estado civil', value: option(estadoCivilOptions, values.estadoCivil) },
      ...contactRows(detail),
    ]);
    w.subheading('Endereço');
    w.fields(addressRows(values));
    w.subheading('Registro profissional');
    w.fields([
      { label: 'Tipo', value: option(docProfissionalOptions, values.docProfissionalTipo) },
      { label: 'Número', value: values.docProfissionalNumero ?? '' },
      { label: 'UF', value: option(ufOptions, values.docProfissionalUf) },
      { label: 'Órgão emissor', value: values.docProfissionalOrgaoEmissor ?? '' },
    ]);
    w.subheading('Documento de identidade (confirmado na etapa 3)');
    w.fields([
      { label: 'Nome no documento', value: values.docIdentidadeNome ?? '' },
      { label: 'Número', value: values.docIdentidadeNumero ?? '' },
      { label: 'Órgão emissor', value: values.docIdentidadeOrgao ?? '' },
      { label: 'UF', value: values.docIdentidadeUf ?? '' },
      { label: 'Validade', value: values.docIdentidadeValidade ?? '' },
    ]);
    w.subheading('Informações PEP');
    const declared = values.pepTipo !== undefined && values.pepTipo !== 'NAO';
    w.fields([
      { label: 'Declaração', value: option(pepTipoOptions, values.pepTipo) },
      ...(declared
        ? [
            { label: 'Nome da PEP', value: values.pepNome ?? '' },
            { label: 'CPF da PEP', value: values.pepCpf ? formatCpf(values.pepCpf) : '' },
            { label: 'Cargo', value: values.pepCargo ?? '' },
            { label: 'Órgão', value: values.pepOrgao ?? '' },
          ]
        : []),
    ]);
    w.subheading('Consentimentos');
    w.fields(consentRows(values));
    return;
  }
  const { values } = detail;
  w.subheading('Dados da empresa');
  w.fields([
    { label: 'Razão social', value: values.razaoSocial ?? '' },
    { label: 'Nome fantasia', value: values.nomeFantasia ?? '' },
    { label: 'CNPJ', value: values.cnpj ? formatCnpj(values.cnpj) : '' },
    { label: 'Tipo de empresa', value: option(tipoEmpresaOptions, values.tipoEmpresa) },
    { label: 'Área de atuação', value: option(areaAtuacaoOptions, values.areaAtuacao) },
    { label: 'Inscrição estadual', value: values.inscricaoEstadual ?? '' },
    { label: 'Inscrição municipal', value: values.inscricaoMunicipal ?? '' },
    { label: 'CNES', value: values.cnes ?? '' },
    ...contactRows(detail),
  ]);
  w.subheading('Responsável legal');
  w.fields([
    { label: 'Nome', value: values.responsavelNome ?? '' },
    { label: 'CPF', value: values.responsavelCpf ? formatCpf(values.responsavelCpf) : '' },
    { label: 'RG', value: values.responsavelRg ?? '' },
    { label: 'Cargo', value: option(responsavelCargoOptions, values.responsavelCargo) },
  ]);
  w.subheading('Endereço');
  w.fields(addressRows(values));
  w.subheading('Informações financeiras');
  w.fields([
    { label: 'Banco', value: option(bancoOptions, values.banco) },
    { label: 'Agência', value: values.agencia ?? '' },
    { label: 'Conta', value: values.conta ?? '' },
    { label: 'Tipo de conta', value: option(tipoContaOptions, values.tipoConta) },
    {
      label: 'Faturamento mensal',
      value: option(faturamentoMensalOptions, values.faturamentoMensal),
    },
    {
      label: 'Número de funcionários',
      value: option(numeroFuncionariosOptions, values.numeroFuncionarios),
    },
  ]);
  w.subheading('Consentimentos');
  w.fields(consentRows(values));
}

/** The identity table: typed, registry (PJ), read from the document and corrected (PF). */
function documentData(w: DossierWriter, detail: ApplicationDetail) {
  w.heading('3. Dados lidos dos documentos e comparação');
  const { sources, rows, flags } = detail.identity;
  if (rows.length === 0) {
    w.paragraph('Nenhum dado para comparar.', { muted: true });
  } else {
    const sourceShare = 0.62 / sources.length;
    w.table(
      [
        { title: 'Campo', share: 0.2 },
        ...sources.map((source) => ({ title: identitySourceLabels[source], share: sourceShare })),
        { title: 'Resultado', share: 0.18 },
      ],
      rows.map((row) => [
        row.label,
        ...sources.map((source) => row.values[source] ?? ''),
        agreementLabels[row.agreement],
      ]),
    );
  }
  w.subheading('Alertas');
  if (flags.length === 0) w.paragraph('Nenhuma divergência apontada.', { muted: true });
  else w.bullets(flags.map((flag) => flag.message));
}

async function documentsSection(w: DossierWriter, data: DossierData) {
  w.heading('4. Documentos');
  w.paragraph(
    'SHA-256 do arquivo guardado: o arquivo que o portal mantém e mostra (imagem recodificada ou PDF reconstruído). SHA-256 do arquivo enviado: os bytes que o solicitante enviou.',
    { muted: true },
  );
  for (const entry of data.detail.documents) {
    // With the decision and the first file's lines: a document's title never ends a page.
    w.subheading(fileFieldLabel(entry.field), { keepWith: 150 });
    const review = entry.review;
    w.fields([
      {
        label: 'Avaliação do analista (versão atual)',
        value: review
          ? `${review.decision === 'aceito' ? 'Aceito' : 'Recusado'} por ${review.adminEmail} em ${when(review.createdAt)}`
          : 'Sem avaliação',
      },
      ...(review?.decision === 'recusado'
        ? [
            {
              label: caseMessages.refusalReason,
              value: refusalReasonText(review.motivo ?? '', review.motivoTexto),
            },
          ]
        : []),
    ]);
    const versions = [...entry.versions];
    // The current file may be one the session's listing does not hold (stored by an admin).
    if (entry.current && !versions.some((version) => version.id === entry.current!.id)) {
      versions.unshift({ ...entry.current, createdAt: '', uploadedBy: 'admin' });
    }
    if (versions.length === 0) {
      w.paragraph('Nenhum arquivo enviado.', { muted: true, indent: 12 });
      continue;
    }
    for (const version of versions) {
      const file = data.files[version.id];
      const isCurrent = version.id === entry.current?.id;
      w.fields(
        [
          {
            label: isCurrent ? 'Arquivo (versão atual)' : 'Arquivo (versão anterior)',
            value: version.name,
          },
          { label: 'Tipo', value: version.type },
          { label: 'Tamanho', value: fileSize(version.size) },
          { label: 'Enviado em', value: when(version.createdAt) },
          { label: 'Enviado por', value: uploaderLabels[version.uploadedBy] },
          { label: 'SHA-256 (arquivo guardado)', value: file?.sha256 ?? 'indisponível' },
          ...(file?.originalSha256 && file.originalSha256 !== file.sha256
            ? [{ label: 'SHA-256 (arquivo enviado)', value: file.originalSha256 }]
            : []),
          ...(!file?.thumbnail && version.type.startsWith('image/')
            ? [{ label: 'Miniatura', value: 'Indisponível' }]
            : []),
        ],
        { indent: 12, image: file?.thumbnail ? await w.embedImage(file.thumbnail) : undefined },
      );
    }
  }
}

function extractedRow(label: string, field: { value: string; confidence: number } | null) {
  return {
    label,
    value: field ? `${field.value} (confiança ${percent(field.confidence)})` : 'Não lido',
  };
}

function checksSection(w: DossierWriter, checks: ReviewChecks) {
  w.heading('5. Verificações automáticas');
  if (checks.sandbox) {
    w.paragraph(
      'SANDBOX: a verificação facial e a prova de vida abaixo foram decididas pelo sandbox de verificações (KYC_CHECKS=sandbox); nenhum rosto foi comparado.',
    );
  }
  w.subheading('Leitura do documento de identidade');
  const { extraction } = checks;
  if (!extraction) w.paragraph('Nenhuma leitura registrada.', { muted: true });
  else {
    w.fields([
      { label: 'Documento lido', value: fileFieldLabel(extraction.field) },
      { label: 'Tipo reconhecido', value: extraction.kind ?? 'Não reconhecido' },
      extractedRow('Nome', extraction.fields.nome),
      extractedRow('Número', extraction.fields.numero),
      extractedRow('Órgão emissor', extraction.fields.orgao),
      extractedRow('UF', extraction.fields.uf),
      extractedRow('Validade', extraction.fields.validade),
    ]);
  }
  w.subheading('Biometria');
  w.fields([
    {
      label: 'Selfie × selfie com documento',
      value: checks.faceMatch
        ? percent(checks.faceMatch.selfieDoc) || 'Sem comparação'
        : 'Sem comparação',
    },
    {
      label: 'Selfie × foto do documento',
      value: checks.faceMatch
        ? percent(checks.faceMatch.documentPhoto) || 'Sem comparação'
        : 'Sem comparação',
    },
    {
      label: 'Prova de vida',
      value: checks.liveness
        ? `${checks.liveness.passed ? 'Aprovada' : 'Não aprovada'}${checks.liveness.confidence === null ? '' : ` (confiança ${percent(checks.liveness.confidence)})`}`
        : 'Não realizada',
    },
    {
      label: 'Decisão biométrica',
      value: checks.biometricDecision
        ? biometricDecisionLabels[checks.biometricDecision]
        : 'Nenhuma',
    },
    { label: 'Resultado de sandbox', value: checks.sandbox ? 'Sim' : 'Não' },
  ]);
}

function hitRows(hit: ScreeningHit): LabelValue[] {
  return [
    { label: 'Lista', value: screeningListLabels[hit.list] },
    { label: 'Versão da lista', value: hit.version === null ? '' : String(hit.version) },
    {
      label: 'Pessoa verificada',
      value: `${hit.subjectName} (${screeningSubjectRoleLabels[hit.subjectRole]})`,
    },
    { label: 'Nome na lista', value: hit.entryName },
    { label: 'Identificador na lista', value: hit.entryId },
    ...Object.entries(hit.entrySummary).map(([label, value]) => ({ label, value: value ?? '' })),
    { label: 'Pontuação', value: percent(hit.score) },
    { label: 'Encontrada em', value: when(hit.foundAt) },
    { label: 'Situação', value: screeningHitStatusLabels[hit.status] },
    {
      label: 'Decisão',
      value: hit.decidedAt
        ? `${screeningHitStatusLabels[hit.status]} por ${hit.decidedByEmail ?? 'administrador removido'} em ${when(hit.decidedAt)}`
        : 'Sem decisão',
    },
    ...(hit.decisionReason ? [{ label: 'Nota da decisão', value: hit.decisionReason }] : []),
  ];
}

function screeningSection(w: DossierWriter, screening: ApplicationScreening, number: number) {
  w.heading(`${number}. Triagem (PEP e listas de sanções)`);
  w.fields(
    screeningListKinds.map((list) => ({
      label: `Última triagem: ${screeningListLabels[list]}`,
      value: screening.lastScreenedAt[list] ? when(screening.lastScreenedAt[list]) : 'Nunca',
    })),
  );
  if (screening.hits.length === 0) {
    w.paragraph('Nenhuma ocorrência nas listas.', { muted: true });
    return;
  }
  screening.hits.forEach((hit, index) => {
    w.subheading(`Ocorrência ${index + 1}: ${hit.entryName}`);
    w.fields(hitRows(hit));
    w.paragraph('Motivos da correspondência:', { indent: 12 });
    w.bullets(hit.reasons, { indent: 12 });
  });
}

function linksSection(w: DossierWriter, links: LinkedApplications, number: number) {
  w.heading(`${number}. ${caseMessages.linkedTitle}`);
  if (!links.faceSearched) {
    w.paragraph('A selfie não tinha um rosto para buscar: a busca por mesmo rosto não foi feita.', {
      muted: true,
    });
  }
  if (links.items.length === 0) {
    w.paragraph(caseMessages.linkedEmpty, { muted: true });
    return;
  }
  for (const item of links.items) {
    w.subheading(`${item.flow} ${item.protocolo ?? item.id}: ${item.name ?? 'Sem nome'}`);
    w.fields([
      {
        label: item.flow === 'PF' ? 'CPF' : 'CNPJ',
        value: item.document
          ? item.flow === 'PF'
            ? formatCpf(item.document)
            : formatCnpj(item.document)
          : '',
      },
      { label: 'Identificador', value: item.id },
      { label: 'Status', value: statusLabel(item.status) },
      { label: 'Criado em', value: when(item.createdAt) },
      ...item.shared.map((shared) => ({
        label: linkAttributeLabels[shared.attribute],
        value: shared.value,
      })),
      {
        label: 'Semelhança facial',
        value: item.faceSimilarity === null ? 'Sem correspondência' : percent(item.faceSimilarity),
      },
    ]);
  }
}

function caseSection(w: DossierWriter, detail: ApplicationDetail, number: number) {
  const { case: review } = detail;
  w.heading(`${number}. Análise e dupla aprovação`);
  w.fields([
    {
      label: caseMessages.deadline,
      value: review.prazo
        ? `${when(review.prazo)}${review.prazoStatus ? ` (${deadlineStatusLabels[review.prazoStatus]})` : ''}`
        : 'Sem prazo (o status não aguarda decisão)',
    },
    {
      label: 'Responsável pela análise',
      value: review.analista
        ? `${review.analista.email} desde ${when(review.analista.desde)}`
        : caseMessages.unassigned,
    },
    {
      label: 'Dupla aprovação',
      value:
        review.secondApprovalReasons.length > 0
          ? caseMessages.secondApprovalRequired
          : 'Não exigida (uma aprovação basta)',
    },
  ]);
  if (review.secondApprovalReasons.length > 0) {
    w.bullets(
      review.secondApprovalReasons.map((reason) => reason.label),
      { indent: 12 },
    );
  }
  w.fields([
    {
      label: 'Primeira aprovação',
      value: review.primeiraAprovacao
        ? `${review.primeiraAprovacao.adminEmail} em ${when(review.primeiraAprovacao.em)}`
        : 'Nenhuma registrada',
    },
    ...(review.primeiraAprovacao
      ? [{ label: caseMessages.firstApprovalNoteLabel, value: review.primeiraAprovacao.nota }]
      : []),
  ]);
}

const byDate = <T extends { createdAt: string }>(entries: readonly T[]) =>
  [...entries].sort((a, b) => Date.parse(a.createdAt) - Date.parse(b.createdAt));

function historySection(w: DossierWriter, detail: ApplicationDetail, number: number) {
  w.heading(`${number}. Histórico de status`);
  if (detail.history.length === 0) {
    w.paragraph('Nenhuma alteração de status registrada.', { muted: true });
    return;
  }
  w.table(
    [
      { title: 'Data', share: 0.2 },
      { title: 'De', share: 0.13 },
      { title: 'Para', share: 0.13 },
      { title: 'Por', share: 0.24 },
      { title: 'Motivo', share: 0.3 },
    ],
    byDate(detail.history).map((entry) => [
      when(entry.createdAt),
      entry.fromStatus ? statusLabel(entry.fromStatus) : 'Início',
      statusLabel(entry.toStatus),
      entry.actorEmail ?? actorLabels[entry.actorType],
      entry.reason ?? '',
    ]),
  );
}

function auditSection(w: DossierWriter, detail: ApplicationDetail, number: number) {
  w.heading(`${number}. Decisões e trilha de auditoria`);
  if (detail.audit.length === 0) {
    w.paragraph('Nenhuma ação de administrador registrada.', { muted: true });
    return;
  }
  for (const entry of byDate(detail.audit)) {
    const label = auditActionLabels[entry.action];
    w.subheading(
      `${when(entry.createdAt)}: ${label ? `${label} (${entry.action})` : entry.action}`,
    );
    w.fields(
      [
        { label: 'Por', value: entry.adminEmail },
        ...(entry.observacoes ? [{ label: 'Observações', value: entry.observacoes }] : []),
        ...(entry.motivo ? [{ label: 'Motivo', value: entry.motivo }] : []),
        ...(entry.notaInterna
          ? [{ label: 'Nota interna (não enviada ao solicitante)', value: entry.notaInterna }]
          : []),
      ],
      { indent: 12 },
    );
  }
}

function medipaySection(w: DossierWriter, account: MedipayAccount | null, number: number) {
  w.heading(`${number}. ${medipayMessages.cardTitle}`);
  if (!account) {
    w.paragraph(medipayMessages.none, { muted: true });
    return;
  }
  w.fields([
    { label: 'Situação', value: medipayStateLabels[account.state] },
    { label: 'Identificador na plataforma', value: account.userId ?? '' },
    { label: 'Conta já existente vinculada', value: yesNo(account.existingAccount) },
    { label: 'Tentativas', value: String(account.attempts) },
    { label: 'Último erro', value: account.error ?? '' },
    { label: 'Solicitada em', value: when(account.requestedAt) },
    { label: 'Concluída em', value: when(account.completedAt) },
    // The activation link opens the applicant's account: the dossier says whether there is one,
    // never the link itself (a PDF travels further than the back office).
    { label: 'Link de ativação', value: account.onboardingUrl ? 'Obtido' : 'Não obtido' },
    { label: 'Link enviado ao solicitante em', value: when(account.onboardingSentAt) },
    {
      label: 'Documentos enviados',
      value: account.documentsSentAt
        ? `${account.documentsSent ?? 0} em ${when(account.documentsSentAt)}`
        : '',
    },
    { label: 'Verificação de e-mail enviada em', value: when(account.emailVerificationSentAt) },
  ]);
}

function interactionsSection(w: DossierWriter, detail: ApplicationDetail, number: number) {
  w.heading(`${number}. Retificação pelo solicitante`);
  if (detail.interactions.length === 0) {
    w.paragraph('Nenhuma interação na página de retificação.', { muted: true });
    return;
  }
  w.table(
    [
      { title: 'Data', share: 0.18 },
      { title: 'Ação', share: 0.24 },
      { title: 'Documento', share: 0.22 },
      { title: 'Justificativa', share: 0.36 },
    ],
    byDate(detail.interactions).map((entry) => [
      when(entry.createdAt),
      entry.description,
      entry.documentType ? fileFieldLabel(entry.documentType) : '',
      entry.justification ?? '',
    ]),
  );
}

/** The dossier's file name: `dossie-<protocolo or id>.pdf`, safe in a header. */
export function dossierFileName(detail: Pick<ApplicationDetail, 'protocolo' | 'id'>): string {
  const name = (detail.protocolo ?? detail.id).replace(/[^0-9A-Za-z._-]/g, '');
  return `dossie-${name || 'cadastro'}.pdf`;
}

/** The dossier as a PDF file. */
export async function renderDossier(data: DossierData): Promise<Uint8Array> {
  const { detail } = data;
  const subject = subjectOf(detail);
  const reference = detail.protocolo ?? detail.id;
  const w = await createDossierWriter({
    title: `Dossiê de auditoria ${reference}`,
    author: data.generatedBy,
    createdAt: data.generatedAt,
  });
  w.title(
    'Dossiê de auditoria',
    [
      detail.flow === 'PF' ? 'Cadastro PF' : 'Cadastro PJ',
      reference,
      subject.name,
      subject.document && `${subject.documentLabel} ${subject.document}`,
    ]
      .filter(Boolean)
      .join(' · '),
  );
  identification(w, data);
  typedData(w, detail);
  documentData(w, detail);
  await documentsSection(w, data);
  let number = 5;
  if (detail.flow === 'PF') {
    checksSection(w, detail.checks);
    number += 1;
  }
  screeningSection(w, data.screening, number);
  linksSection(w, data.links, number + 1);
  caseSection(w, detail, number + 2);
  historySection(w, detail, number + 3);
  auditSection(w, detail, number + 4);
  medipaySection(w, detail.medipay, number + 5);
  interactionsSection(w, detail, number + 6);
  return w.finish(
    `Dossiê ${reference} · gerado em ${formatDateTime(data.generatedAt)} por ${data.generatedBy} · confidencial`,
  );
}
