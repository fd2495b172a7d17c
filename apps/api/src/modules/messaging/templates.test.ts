import { describe, expect, it } from 'vitest';
import { isTemplateName, renderEmail, renderPhoneText } from './templates';

describe('message templates', () => {
  it('renders the code e-mail in text and HTML', () => {
    const email = renderEmail('otp-code', { code: '042917' });
    expect(email.subject).toBe('042917 é o seu código de verificação MediPay');
    expect(email.text).toContain('042917');
    expect(email.text).toContain('5 minutos');
    expect(email.html).toContain('lang="pt-BR"');
    expect(email.html).toContain('042917');
  });

  it('states the protocol and the analysis time in the confirmations', () => {
    const pf = renderEmail('pf-confirmation', { nome: 'Ana', protocolo: 'MEDI-20261122-0042' });
    expect(pf.subject).toBe('Cadastro recebido - protocolo MEDI-20261122-0042');
    expect(pf.text).toContain('até 2 dias úteis');
    const pj = renderEmail('pj-confirmation', {
      razaoSocial: 'Clínica Exemplo Ltda',
      protocolo: 'PJ-20261122-4242',
    });
    expect(pj.text).toContain('PJ-20261122-4242');
    expect(pj.text).toContain('Clínica Exemplo Ltda');
  });

  it('links the confirmations to the status page', () => {
    const statusUrl =
      'https://portal.medipay.com.br/acompanhar-status?protocolo=MEDI-20261122-0042';
    const pf = renderEmail('pf-confirmation', {
      nome: 'Ana',
      protocolo: 'MEDI-20261122-0042',
      statusUrl,
    });
    expect(pf.text).toContain(`Acompanhar status: ${statusUrl}`);
    expect(pf.html).toContain(`href="${statusUrl}"`);
    const pjUrl = 'https://portal.medipay.com.br/acompanhar-status?protocolo=PJ-20261122-4242';
    const pj = renderEmail('pj-confirmation', {
      razaoSocial: 'Clínica Exemplo Ltda',
      protocolo: 'PJ-20261122-4242',
      statusUrl: pjUrl,
    });
    expect(pj.text).toContain(`Acompanhar status: ${pjUrl}`);
    expect(pj.html).toContain(`href="${pjUrl}"`);
    // A message queued before the status page existed still renders, without the button.
    const older = renderEmail('pf-confirmation', { nome: 'Ana', protocolo: 'MEDI-20261122-0042' });
    expect(older.text).not.toContain('Acompanhar status');
    expect(older.html).not.toContain('href=');
  });

  it('renders the status page code with its protocol', () => {
    const email = renderEmail('status-code', { code: '042917', protocolo: 'PJ-20261122-4242' });
    expect(email.subject).toBe('042917 é o seu código para acompanhar o cadastro MediPay');
    expect(email.text).toContain('042917');
    expect(email.text).toContain('PJ-20261122-4242');
    expect(email.text).toContain('5 minutos');
    expect(email.html).toContain('042917');
    expect(isTemplateName('status-code')).toBe(true);
  });

  it('carries the requirements with the rectification link, the denial reason and the onboarding link', () => {
    const requirements = renderEmail('requirements', {
      nome: 'Ana',
      exigencias: 'Envie o RG frente e verso.',
      rectificationUrl: 'https://portal.medipay.com.br/retificar-documentos?x=1',
    });
    expect(requirements.text).toContain('Envie o RG frente e verso.');
    expect(requirements.html).toContain(
      'href="https://portal.medipay.com.br/retificar-documentos?x=1"',
    );
    expect(renderEmail('denial', { nome: 'Ana', motivo: 'Documento ilegível' }).text).toContain(
      'Documento ilegível',
    );
    const onboarding = renderEmail('medipay-onboarding', {
      nome: 'Ana',
      onboardingUrl: 'https://app.medipay.com.br/o/1',
    });
    expect(onboarding.text).toContain('https://app.medipay.com.br/o/1');
  });

  it('escapes everything an applicant or admin typed', () => {
    const email = renderEmail('denial', { nome: '<script>alert(1)</script>', motivo: 'a & "b"' });
    expect(email.html).not.toContain('<script>');
    expect(email.html).toContain('&lt;script&gt;');
    expect(email.html).toContain('a &amp; &quot;b&quot;');
  });

  it('writes the code SMS and knows its template names', () => {
    expect(renderPhoneText('otp-code', { code: '123456' })).toBe(
      'MediPay: seu código de verificação é 123456. Ele vale por 5 minutos. Não o compartilhe com ninguém.',
    );
    expect(isTemplateName('denial')).toBe(true);
    expect(isTemplateName('toString')).toBe(false);
  });
});
