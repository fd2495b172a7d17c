import { describe, expect, it } from 'vitest';
import {
  applicationStatusMessages,
  applicationStatusSchema,
  parseStatusPageFlow,
  protocolFlow,
  rectificationLinkSchema,
  statusCodeRequestSchema,
  statusCodeSent,
  statusCodeSentSchema,
  statusNextStep,
  statusNextSteps,
  statusPageForFlow,
  statusPagePath,
  statusPageUrl,
  statusVerifyRequestSchema,
} from './application-status';
import { generateProtocol } from './protocol';
import { isKnownPagePath } from './routes';
import { statusValues } from './status';

describe('status page links', () => {
  it('is a page the server serves', () => {
    expect(statusPagePath).toBe('/acompanhar-status');
    expect(isKnownPagePath(statusPagePath)).toBe(true);
  });

  it('opens the own session of a flow, or the protocol form prefilled', () => {
    expect(statusPageForFlow('PF')).toBe('/acompanhar-status?fluxo=pf');
    expect(statusPageForFlow('PJ')).toBe('/acompanhar-status?fluxo=pj');
    expect(statusPageUrl('https://portal.medipay.com.br', 'MEDI-20261122-0042')).toBe(
      'https://portal.medipay.com.br/acompanhar-status?protocolo=MEDI-20261122-0042',
    );
  });

  it('reads the fluxo parameter in any case', () => {
    expect(parseStatusPageFlow('pf')).toBe('PF');
    expect(parseStatusPageFlow(' PJ ')).toBe('PJ');
    expect(parseStatusPageFlow('px')).toBeNull();
    expect(parseStatusPageFlow(null)).toBeNull();
    expect(parseStatusPageFlow(undefined)).toBeNull();
  });

  it('tells the flow by the protocol prefix', () => {
    expect(protocolFlow(generateProtocol('PF'))).toBe('PF');
    expect(protocolFlow(generateProtocol('PJ'))).toBe('PJ');
    expect(protocolFlow('PF-20261122-0042')).toBeNull();
    expect(protocolFlow('')).toBeNull();
  });
});

describe('status requests', () => {
  it('accepts a protocol as typed: spaces and lower case', () => {
    expect(statusCodeRequestSchema.parse({ protocolo: ' medi-20261122-0042 ' })).toEqual({
      protocolo: 'MEDI-20261122-0042',
    });
    expect(statusCodeRequestSchema.parse({ protocolo: 'pj-20261122-4242' }).protocolo).toBe(
      'PJ-20261122-4242',
    );
  });

  it.each(['', 'MEDI-2026-0042', 'PJ-20261122-0999', 'XX-20261122-4242', 42])(
    'refuses the protocol %j with its message',
    (protocolo) => {
      const result = statusCodeRequestSchema.safeParse({ protocolo });
      expect(result.success).toBe(false);
      expect(result.error?.issues[0]?.message).toBe(applicationStatusMessages.invalidProtocol);
    },
  );

  it('checks the code: six digits', () => {
    const protocolo = 'PJ-20261122-4242';
    expect(statusVerifyRequestSchema.safeParse({ protocolo, code: '012345' }).success).toBe(true);
    const short = statusVerifyRequestSchema.safeParse({ protocolo, code: '12345' });
    expect(short.error?.issues[0]?.message).toBe('O código deve ter 6 dígitos');
    expect(statusVerifyRequestSchema.safeParse({ protocolo, code: '12345a' }).success).toBe(false);
  });

  it('answers every code request alike', () => {
    expect(statusCodeSentSchema.parse(statusCodeSent)).toEqual({
      resendInSeconds: 60,
      expiresInSeconds: 300,
    });
  });
});

describe('status answer', () => {
  it('parses what the API sends', () => {
    const answer = {
      flow: 'PF',
      protocolo: 'MEDI-20261122-0042',
      status: 'EM_EXIGENCIA',
      submittedAt: '2026-11-22T12:00:00.000Z',
      history: [{ status: 'EM_ANALISE', at: '2026-11-22T12:00:00.000Z' }],
      exigencias: 'Envie o verso do RG.',
      motivoNegacao: null,
      canRectify: true,
    };
    expect(applicationStatusSchema.parse(answer)).toEqual(answer);
    expect(applicationStatusSchema.safeParse({ ...answer, flow: 'PX' }).success).toBe(false);
    // The answer never carries a link: one is asked for when the applicant follows it.
    const { canRectify: _omitted, ...withoutFlag } = answer;
    expect(applicationStatusSchema.safeParse(withoutFlag).success).toBe(false);
    expect(applicationStatusSchema.parse({ ...answer, rectificationUrl: 'x' })).toEqual(answer);
  });

  it('takes a rectification link only as a same-origin path', () => {
    const link = { url: '/retificar-documentos?token=abc_-123' };
    expect(rectificationLinkSchema.parse(link)).toEqual(link);
    for (const url of [
      'https://portal.medipay.com.br/retificar-documentos?token=x',
      '//evil.example/retificar-documentos',
      '/\\evil.example',
      'retificar-documentos',
      '',
    ])
      expect(rectificationLinkSchema.safeParse({ url }).success, url).toBe(false);
  });

  it('says what happens next for every status', () => {
    for (const status of statusValues) {
      expect(statusNextStep(status)).toBe(statusNextSteps[status]);
      expect(statusNextStep(status).length).toBeGreaterThan(20);
    }
    expect(statusNextSteps.EM_ANALISE).toContain('2 dias úteis');
    expect(statusNextStep('DESCONHECIDO')).toBe('Avisaremos por e-mail quando houver novidades.');
    expect(statusNextStep('toString')).toBe('Avisaremos por e-mail quando houver novidades.');
  });

  it('counts down the resend in the message', () => {
    expect(applicationStatusMessages.resendIn(42)).toBe('Reenviar código em 42s');
    expect(applicationStatusMessages.codeSent).toContain('5 minutos');
    expect(applicationStatusMessages.rectify).toBe('Corrigir documentos');
    expect(applicationStatusMessages.rectifyOpening).toBe('Abrindo...');
  });
});
