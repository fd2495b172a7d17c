/**
 * The messages the product sends, in Portuguese, as HTML and text e-mails and as SMS text.
 * Every value put into HTML is escaped.
 */
import { ANALYSIS_BUSINESS_DAYS, OTP_TTL_MS } from '@medipay/shared/constants';
import { company } from '@medipay/shared/company';

export type TemplateData = {
  'otp-code': { code: string };
  /** `statusUrl`: the status page (absent from messages queued before it existed). */
  'pf-confirmation': { nome: string; protocolo: string; statusUrl?: string };
  'pj-confirmation': { razaoSocial: string; protocolo: string; statusUrl?: string };
  requirements: { nome: string; exigencias: string; rectificationUrl: string };
  denial: { nome: string; motivo: string };
  /** The approval, with the next steps to activate the MediPay account (the status page says so). */
  approval: { flow: 'PF' | 'PJ'; nome: string; protocolo: string; statusUrl?: string };
  /**
   * The MediPay activation link: e-mailed by the account creation job once the account exists,
   * and again by 'Enviar Onboard'. `flow` picks the words (absent from messages queued before
   * companies got the link: an individual's).
   */
  'medipay-onboarding': { nome: string; onboardingUrl: string; flow?: 'PF' | 'PJ' };
  /**
   * An approved application sent back to analysis ('Voltar para Análise'): what stays as it was.
   * `account`: the MediPay account exists (and `linkSent`: its activation link was e-mailed).
   */
  reopened: {
    flow: 'PF' | 'PJ';
    nome: string;
    protocolo: string;
    account: boolean;
    linkSent: boolean;
    statusUrl?: string;
  };
  /** The code that opens the status page of an application (application-status.ts). */
  'status-code': { code: string; protocolo: string };
};

export type TemplateName = keyof TemplateData;

export type RenderedEmail = { subject: string; text: string; html: string };

const otpMinutes = OTP_TTL_MS / 60_000;

function escapeHtml(value: string): string {
  return value
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

type Block =
  | { kind: 'p'; text: string }
  | { kind: 'code'; text: string }
  | { kind: 'quote'; text: string }
  | { kind: 'steps'; items: string[] }
  | { kind: 'button'; text: string; href: string };

function renderHtml(title: string, blocks: Block[]): string {
  const body = blocks
    .map((block) => {
      if (block.kind === 'steps') {
        const items = block.items
          .map((item) => `<li style="margin:0 0 8px">${escapeHtml(item)}</li>`)
          .join('');
        return `<ol style="margin:0 0 16px;padding-left:20px;font-size:15px;line-height:1.6;color:#1f2937">${items}</ol>`;
      }
      const text = escapeHtml(block.text).replace(/\n/g, '<br>');
      switch (block.kind) {
        case 'p':
          return `<p style="margin:0 0 16px;font-size:15px;line-height:1.6;color:#1f2937">${text}</p>`;
        case 'code':
          return `<p style="margin:8px 0 24px;font-size:32px;font-weight:700;letter-spacing:8px;color:#0f766e;font-family:monospace">${text}</p>`;
        case 'quote':
          return `<div style="margin:0 0 16px;padding:12px 16px;border-left:4px solid #0d9488;background:#f0fdfa;font-size:15px;line-height:1.6;color:#1f2937">${text}</div>`;
        case 'button':
          return `<p style="margin:8px 0 24px"><a href="${escapeHtml(block.href)}" style="display:inline-block;padding:12px 20px;border-radius:8px;background:#0d9488;color:#ffffff;font-weight:600;text-decoration:none">${text}</a></p>`;
      }
    })
    .join('\n');
  return `<!doctype html>
<html lang="pt-BR">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeHtml(title)}</title></head>
<body style="margin:0;padding:0;background:#f3f4f6;font-family:Arial,Helvetica,sans-serif">
<table role="presentation" width="100%" cellspacing="0" cellpadding="0" style="background:#f3f4f6;padding:24px 0"><tr><td align="center">
<table role="presentation" width="560" cellspacing="0" cellpadding="0" style="max-width:560px;width:100%;background:#ffffff;border-radius:12px;overflow:hidden">
<tr><td style="background:#0d9488;padding:20px 28px;color:#ffffff;font-size:20px;font-weight:700">${escapeHtml(company.brand)}</td></tr>
<tr><td style="padding:28px">
<h1 style="margin:0 0 20px;font-size:20px;color:#111827">${escapeHtml(title)}</h1>
${body}
</td></tr>
<tr><td style="padding:16px 28px;background:#f9fafb;font-size:12px;line-height:1.5;color:#6b7280">${escapeHtml(company.legalName)} · CNPJ ${escapeHtml(company.cnpj)} · ${escapeHtml(company.headquarters)}<br>Esta é uma mensagem automática; não é preciso respondê-la.</td></tr>
</table>
</td></tr></table>
</body>
</html>`;
}

function renderText(title: string, blocks: Block[]): string {
  const body = blocks
    .map((block) => {
      if (block.kind === 'steps') {
        return block.items.map((item, index) => `${index + 1}. ${item}`).join('\n');
      }
      return block.kind === 'button' ? `${block.text}: ${block.href}` : block.text;
    })
    .join('\n\n');
  return `${title}\n\n${body}\n\n--\n${company.legalName} · CNPJ ${company.cnpj}\nEsta é uma mensagem automática; não é preciso respondê-la.\n`;
}

/** The confirmations' button to the status page, when the message carries its link. */
const statusButton = (statusUrl: string | undefined): Block[] =>
  statusUrl ? [{ kind: 'button', text: 'Acompanhar status', href: statusUrl }] : [];

/**
 * What an approved applicant does next to activate the account. The account is opened on the
 * payment platform by a job right after the approval; the same job then e-mails the platform's
 * activation link ('medipay-onboarding', PF and PJ; 'Enviar Onboard' resends it); the external
 * app behind 'Fazer Login' serves active accounts only (applicant-portal.md section 1).
 */
const approvalSteps: Record<TemplateData['approval']['flow'], string[]> = {
  PF: [
    'Estamos abrindo a sua conta na plataforma de pagamentos MediPay, com o CPF e o e-mail deste cadastro. Você não precisa fazer nada nesta etapa.',
    'Em seguida, você receberá neste e-mail o link de ativação da conta MediPay. Abra o link e siga as instruções para concluir a ativação.',
    "Com a conta ativa, entre pelo botão 'Fazer Login' no site da MediPay, com este e-mail.",
  ],
  PJ: [
    'Estamos abrindo a conta da empresa na plataforma de pagamentos MediPay, com o CNPJ e o e-mail deste cadastro. Você não precisa fazer nada nesta etapa.',
    'Em seguida, a empresa receberá neste e-mail o link de ativação da conta MediPay. Abra o link e siga as instruções para concluir a ativação.',
    "Com a conta ativa, entre pelo botão 'Fazer Login' no site da MediPay, com este e-mail.",
  ],
};

function email(subject: string, title: string, blocks: Block[]): RenderedEmail {
  return { subject, text: renderText(title, blocks), html: renderHtml(title, blocks) };
}

const emails: { [Name in TemplateName]: (data: TemplateData[Name]) => RenderedEmail } = {
  'otp-code': ({ code }) =>
    email(`${code} é o seu código de verificação MediPay`, 'Seu código de verificação', [
      { kind: 'p', text: 'Use o código abaixo para confirmar o seu e-mail no cadastro MediPay:' },
      { kind: 'code', text: code },
      {
        kind: 'p',
        text: `O código vale por ${otpMinutes} minutos e só pode ser usado uma vez. Se você não pediu este código, ignore esta mensagem.`,
      },
    ]),
  'pf-confirmation': ({ nome, protocolo, statusUrl }) =>
    email(`Cadastro recebido - protocolo ${protocolo}`, 'Cadastro enviado para análise', [
      { kind: 'p', text: `Olá, ${nome}!` },
      { kind: 'p', text: 'Recebemos o seu cadastro na MediPay. O número do seu protocolo é:' },
      { kind: 'code', text: protocolo },
      {
        kind: 'p',
        text: `A análise leva até ${ANALYSIS_BUSINESS_DAYS} dias úteis. Avisaremos por e-mail assim que houver uma resposta.`,
      },
      ...statusButton(statusUrl),
    ]),
  'pj-confirmation': ({ razaoSocial, protocolo, statusUrl }) =>
    email(`Cadastro recebido - protocolo ${protocolo}`, 'Conta enviada para análise', [
      { kind: 'p', text: `Olá, ${razaoSocial}!` },
      {
        kind: 'p',
        text: 'Recebemos o cadastro da sua empresa na MediPay. O número do protocolo é:',
      },
      { kind: 'code', text: protocolo },
      {
        kind: 'p',
        text: `A análise leva até ${ANALYSIS_BUSINESS_DAYS} dias úteis. Avisaremos por e-mail assim que houver uma resposta.`,
      },
      ...statusButton(statusUrl),
    ]),
  requirements: ({ nome, exigencias, rectificationUrl }) =>
    email('Seu cadastro MediPay precisa de correções', 'Cadastro em exigência', [
      { kind: 'p', text: `Olá, ${nome}!` },
      {
        kind: 'p',
        text: 'Para continuar a análise do seu cadastro, precisamos que você atenda às exigências abaixo:',
      },
      { kind: 'quote', text: exigencias },
      { kind: 'button', text: 'Corrigir documentos', href: rectificationUrl },
    ]),
  denial: ({ nome, motivo }) =>
    email('Resultado da análise do seu cadastro MediPay', 'Cadastro não aprovado', [
      { kind: 'p', text: `Olá, ${nome}.` },
      {
        kind: 'p',
        text: 'Após a análise, não foi possível aprovar o seu cadastro pelo seguinte motivo:',
      },
      { kind: 'quote', text: motivo },
      { kind: 'p', text: 'Em caso de dúvidas, fale com o nosso suporte.' },
    ]),
  approval: ({ flow, nome, protocolo, statusUrl }) => {
    // An individual may be approved before submitting (INICIADO): no protocol yet.
    const ofProtocol = protocolo ? ` (protocolo ${protocolo})` : '';
    return email(
      protocolo ? `Cadastro aprovado - protocolo ${protocolo}` : 'Cadastro aprovado',
      'Cadastro aprovado',
      [
        { kind: 'p', text: `Olá, ${nome}!` },
        {
          kind: 'p',
          text:
            flow === 'PF'
              ? `O seu cadastro na MediPay${ofProtocol} foi aprovado. Para ativar a sua conta MediPay:`
              : `O cadastro da sua empresa na MediPay${ofProtocol} foi aprovado. Para ativar a conta MediPay da empresa:`,
        },
        { kind: 'steps', items: approvalSteps[flow] },
        { kind: 'p', text: 'Em caso de dúvidas, fale com o nosso suporte.' },
        ...statusButton(statusUrl),
      ],
    );
  },
  'medipay-onboarding': ({ nome, onboardingUrl, flow }) =>
    flow === 'PJ'
      ? email('A conta MediPay da sua empresa está pronta', 'Conta aprovada', [
          { kind: 'p', text: `Olá, ${nome}!` },
          {
            kind: 'p',
            text: 'O cadastro da sua empresa foi aprovado. Conclua a ativação da conta MediPay da empresa pelo link abaixo:',
          },
          { kind: 'button', text: 'Ativar a conta da empresa', href: onboardingUrl },
        ])
      : email('Sua conta MediPay está pronta', 'Conta aprovada', [
          { kind: 'p', text: `Olá, ${nome}!` },
          {
            kind: 'p',
            text: 'Seu cadastro foi aprovado. Conclua a ativação da sua conta MediPay pelo link abaixo:',
          },
          { kind: 'button', text: 'Ativar minha conta', href: onboardingUrl },
        ]),
  reopened: ({ flow, nome, protocolo, account, linkSent, statusUrl }) => {
    const ofProtocol = protocolo ? ` (protocolo ${protocolo})` : '';
    const subject = protocolo
      ? `Cadastro em nova análise - protocolo ${protocolo}`
      : 'Cadastro em nova análise';
    const accountText = account
      ? linkSent
        ? 'A conta MediPay já aberta continua aberta, e o link de ativação que enviamos continua válido.'
        : 'A conta MediPay já aberta continua aberta.'
      : 'A abertura da conta MediPay fica suspensa até a nova decisão.';
    return email(subject, 'Cadastro em nova análise', [
      { kind: 'p', text: `Olá, ${nome}.` },
      {
        kind: 'p',
        text:
          flow === 'PF'
            ? `O seu cadastro na MediPay${ofProtocol}, que havia sido aprovado, voltou para análise.`
            : `O cadastro da sua empresa na MediPay${ofProtocol}, que havia sido aprovado, voltou para análise.`,
      },
      { kind: 'p', text: accountText },
      {
        kind: 'p',
        text: 'Avisaremos por e-mail assim que houver uma nova decisão. Em caso de dúvidas, fale com o nosso suporte.',
      },
      ...statusButton(statusUrl),
    ]);
  },
  'status-code': ({ code, protocolo }) =>
    email(`${code} é o seu código para acompanhar o cadastro MediPay`, 'Acompanhar status', [
      {
        kind: 'p',
        text: `Use o código abaixo para consultar o status do cadastro de protocolo ${protocolo}:`,
      },
      { kind: 'code', text: code },
      {
        kind: 'p',
        text: `O código vale por ${otpMinutes} minutos e só pode ser usado uma vez. Se você não pediu este código, ignore esta mensagem: sem ele, ninguém consulta o seu cadastro.`,
      },
    ]),
};

export function renderEmail<Name extends TemplateName>(
  name: Name,
  data: TemplateData[Name],
): RenderedEmail {
  return emails[name](data);
}

/** SMS/WhatsApp text. Only the one-time code goes by phone. */
export function renderPhoneText(name: 'otp-code', data: TemplateData['otp-code']): string {
  return `MediPay: seu código de verificação é ${data.code}. Ele vale por ${otpMinutes} minutos. Não o compartilhe com ninguém.`;
}

export function isTemplateName(value: string): value is TemplateName {
  return Object.hasOwn(emails, value);
}
