/**
 * The applicant's status page ('Acompanhar status', ARCHITECTURE.md departure 7) at
 * `/acompanhar-status`, for one submitted application. Reached from the success pages
 * (`?fluxo=pf|pj`: the wizard's own session) and from the confirmation e-mails
 * (`?protocolo=...`: the protocol form, prefilled).
 *
 * Routes (JSON; every status answer is `cache-control: no-store`):
 *
 *   GET  /api/status/mine?flow=PF|PJ   -> applicationStatus
 *        The wizard's HttpOnly session cookie of that flow, whose application was submitted
 *        (has a protocol). 404 otherwise (no session, another flow, not submitted).
 *   POST /api/status/code     statusCodeRequest -> 202 statusCodeSent
 *        E-mails a one-time code to the application's e-mail. The answer is the same whether
 *        or not the protocol exists, and also when the cooldown or the hourly cap held the code
 *        back (no enumeration). A new code replaces the previous one. Rate-limited per IP.
 *   POST /api/status/verify   statusVerifyRequest -> applicationStatus
 *        Checks the code (6 digits, 5 minutes, at most 5 tries counted before comparing) and
 *        sets the HttpOnly cookie `medipay_status` (SameSite=Strict, Path=/api/status,
 *        30 minutes) that GET /api/status reads. 400 `invalidCode` for a wrong, expired or
 *        spent code and for an unknown protocol alike. Rate-limited per IP.
 *   GET  /api/status          -> applicationStatus, from the `medipay_status` cookie; 401 when
 *        it is missing, expired or tampered with.
 *   POST /api/status/mine/rectification-link?flow=PF|PJ   -> rectificationLink
 *        The access of GET /api/status/mine (404 alike). Mints a new rectification link for the
 *        application; 409 `rectificationUnavailable` unless it is EM_EXIGENCIA. Rate-limited per IP.
 *   POST /api/status/rectification-link   -> rectificationLink
 *        The access of GET /api/status (the `medipay_status` cookie; 401 alike), otherwise the same.
 *
 * The answer shows only what the applicant was told anyway: the statuses and their dates (never
 * who moved them or an internal reason), the requirements while EM_EXIGENCIA and the denial
 * reason while NEGADO (both were e-mailed). Reading it writes nothing: while EM_EXIGENCIA it says
 * `canRectify`, and the page's 'Corrigir documentos' asks one of the POST routes for a link
 * (`/retificar-documentos?token=...`, rectification.ts) only when the applicant follows it.
 */
import { z } from 'zod';
import { verificationMessages } from './applicant-session';
import { ANALYSIS_BUSINESS_DAYS, OTP_RESEND_COOLDOWN_SECONDS, OTP_TTL_MS } from './constants';
import { otpCodeSchema } from './fields';
import { PF_PROTOCOL_PREFIX, isProtocol } from './protocol';
import { type Flow, type Status } from './status';

/**
 * The page. Not in `paths` (routes.ts): the landing page's bundle carries that table and is at
 * its weight budget; routes.ts lists the page by this literal.
 */
export const statusPagePath = '/acompanhar-status';

/** Query parameters of the page. */
export const statusPageParams = { flow: 'fluxo', protocol: 'protocolo' } as const;

/** The page for the wizard's own session of a flow (the success pages' button). */
export const statusPageForFlow = (flow: Flow) =>
  `${statusPagePath}?${statusPageParams.flow}=${flow.toLowerCase()}`;

/** The absolute link of the e-mails: the page with the protocol form prefilled. */
export const statusPageUrl = (publicUrl: string, protocolo: string) =>
  `${publicUrl}${statusPagePath}?${statusPageParams.protocol}=${encodeURIComponent(protocolo)}`;

/** The flow named by the page's `fluxo` parameter (`pf` / `pj`, any case), or null. */
export function parseStatusPageFlow(value: string | null | undefined): Flow | null {
  const flow = value?.trim().toUpperCase();
  return flow === 'PF' || flow === 'PJ' ? flow : null;
}

/** The flow a protocol belongs to (its prefix), or null for anything that is not a protocol. */
export function protocolFlow(protocolo: string): Flow | null {
  if (!isProtocol(protocolo)) return null;
  return protocolo.startsWith(`${PF_PROTOCOL_PREFIX}-`) ? 'PF' : 'PJ';
}

export const STATUS_COOKIE = 'medipay_status';
export const STATUS_COOKIE_PATH = '/api/status';
/** How long a verified code opens the status page. */
export const STATUS_ACCESS_TTL_MS = 30 * 60 * 1000;
/** Codes one application may receive per hour (more requests are answered alike, unsent). */
export const STATUS_CODES_PER_HOUR = 5;

/** Messages of the page and its API (ours: the spec has no status page). */
export const applicationStatusMessages = {
  title: 'Acompanhar status',
  intro: 'Consulte a situação do seu cadastro na MediPay.',
  formIntro:
    'Informe o protocolo do cadastro. Enviaremos um código de verificação para o e-mail cadastrado.',
  protocolLabel: 'Protocolo',
  protocolHint: 'Ex.: MEDI-20261122-0042 (profissional) ou PJ-20261122-4242 (empresa)',
  invalidProtocol: 'Informe um protocolo válido, como MEDI-20261122-0042 ou PJ-20261122-4242',
  sendCode: 'Enviar código',
  sending: 'Enviando...',
  codeSent: `Se o protocolo estiver correto, enviamos um código de 6 dígitos para o e-mail do cadastro. Ele vale por ${OTP_TTL_MS / 60_000} minutos.`,
  codeLabel: 'Código',
  codeHint: 'Os 6 dígitos recebidos por e-mail',
  verify: 'Verificar',
  verifying: 'Verificando...',
  resend: 'Reenviar código',
  resendIn: (seconds: number) => `Reenviar código em ${seconds}s`,
  otherProtocol: 'Usar outro protocolo',
  invalidCode: verificationMessages.invalidCode,
  /** GET /api/status without a live access. */
  accessExpired: 'Sua consulta expirou. Informe o protocolo para receber um novo código.',
  /** GET /api/status/mine without a submitted application in this browser. */
  notFound: 'Não encontramos um cadastro enviado neste navegador.',
  notFoundHint: 'Informe o protocolo para consultar o cadastro.',
  loadFailed: 'Não foi possível carregar o status do cadastro. Tente novamente.',
  retry: 'Tentar novamente',
  currentStatus: 'Situação atual',
  submittedAt: 'Enviado em',
  nextStepsTitle: 'Próximos passos',
  historyTitle: 'Histórico',
  exigenciasTitle: 'Exigências do analista',
  denialTitle: 'Motivo',
  rectify: 'Corrigir documentos',
  rectifyOpening: 'Abrindo...',
  /** A rectification link asked for while the application is not EM_EXIGENCIA (409). */
  rectificationUnavailable:
    'Este cadastro não está aguardando a correção de documentos. Atualize a página para ver a situação atual.',
  rectifyFailed: 'Não foi possível abrir a correção de documentos. Tente novamente.',
  checkAnother: 'Consultar outro protocolo',
  backHome: 'Voltar para a página inicial',
} as const;

/** What happens next, per current status (the page's 'Próximos passos'). */
export const statusNextSteps = {
  INICIADO: 'O cadastro ainda não foi enviado. Conclua todas as etapas para enviá-lo para análise.',
  ENVIADO_PARA_ANALISE: `Recebemos o cadastro. A análise leva até ${ANALYSIS_BUSINESS_DAYS} dias úteis e avisaremos por e-mail assim que houver uma resposta.`,
  EM_ANALISE: `Nossa equipe está analisando os dados e os documentos, em até ${ANALYSIS_BUSINESS_DAYS} dias úteis. Avisaremos por e-mail assim que houver uma resposta.`,
  EM_EXIGENCIA:
    'Precisamos de ajustes para continuar a análise. Leia as exigências abaixo e envie os documentos corrigidos.',
  // True of both flows: the approval e-mail carries the steps, and the account creation job
  // e-mails the activation link to the same address once the account is open (medipay-account).
  APROVADO:
    'Cadastro aprovado! Enviamos por e-mail as instruções para ativar a sua conta MediPay. O link de ativação chega ao mesmo e-mail assim que a conta é aberta.',
  NEGADO:
    'Não foi possível aprovar o cadastro pelo motivo abaixo. Em caso de dúvidas, fale com o nosso suporte.',
  REJEITADO: 'O cadastro não foi aceito. Em caso de dúvidas, fale com o nosso suporte.',
  PENDENTE:
    'O cadastro aguarda uma verificação interna. Avisaremos por e-mail quando houver novidades.',
} as const satisfies Record<Status, string>;

/** The 'Próximos passos' text of a status; a status the product does not know gets a neutral one. */
export function statusNextStep(status: string): string {
  return Object.hasOwn(statusNextSteps, status)
    ? statusNextSteps[status as Status]
    : 'Avisaremos por e-mail quando houver novidades.';
}

/** A protocol as typed: trimmed, upper-cased, in one of the two formats (protocol.ts). */
export const protocoloSchema = z
  .string({ error: applicationStatusMessages.invalidProtocol })
  .trim()
  .toUpperCase()
  .refine(isProtocol, applicationStatusMessages.invalidProtocol);

export const statusMineQuerySchema = z.object({ flow: z.enum(['PF', 'PJ']) });

export const statusCodeRequestSchema = z.object({ protocolo: protocoloSchema });
export type StatusCodeRequest = z.input<typeof statusCodeRequestSchema>;

export const statusCodeSentSchema = z.object({
  /** Seconds until the server sends another code for this protocol. */
  resendInSeconds: z.number().int(),
  expiresInSeconds: z.number().int(),
});
export type StatusCodeSent = z.infer<typeof statusCodeSentSchema>;

/** The answer of POST /api/status/code, the same for every protocol. */
export const statusCodeSent: StatusCodeSent = {
  resendInSeconds: OTP_RESEND_COOLDOWN_SECONDS,
  expiresInSeconds: OTP_TTL_MS / 1000,
};

export const statusVerifyRequestSchema = z.object({
  protocolo: protocoloSchema,
  code: otpCodeSchema,
});
export type StatusVerifyRequest = z.input<typeof statusVerifyRequestSchema>;

/** One entry of the applicant-visible history: a status the application reached, and when. */
export const statusTimelineEntrySchema = z.object({
  status: z.string(),
  at: z.string(),
});
export type StatusTimelineEntry = z.infer<typeof statusTimelineEntrySchema>;

export const applicationStatusSchema = z.object({
  flow: z.enum(['PF', 'PJ']),
  protocolo: z.string(),
  /** The current status (statusLabel in status.ts gives its label). */
  status: z.string(),
  submittedAt: z.string().nullable(),
  /** Oldest first. */
  history: z.array(statusTimelineEntrySchema),
  /** The requirements, while EM_EXIGENCIA only. */
  exigencias: z.string().nullable(),
  /** The reason of the denial, while NEGADO only. */
  motivoNegacao: z.string().nullable(),
  /** Whether the applicant may correct the documents (EM_EXIGENCIA): the rectification-link routes. */
  canRectify: z.boolean(),
});
export type ApplicationStatus = z.infer<typeof applicationStatusSchema>;

/** The answer of the rectification-link routes: a link minted for the viewer. */
export const rectificationLinkSchema = z.object({
  /** A same-origin path, `/retificar-documentos?token=...` (`paths.rectification`), never `//host`. */
  url: z.string().regex(/^\/(?![/\\])/),
});
export type RectificationLink = z.infer<typeof rectificationLinkSchema>;
