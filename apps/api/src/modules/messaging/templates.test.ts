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
    expect(onboarding.subject).toBe('Sua conta MediPay está pronta');
    const company = renderEmail('medipay-onboarding', {
      nome: 'Hospital Exemplo S.A.',
      onboardingUrl: 'https://app.medipay.com.br/o/2',
      flow: 'PJ',
    });
    expect(company.subject).toBe('A conta MediPay da sua empresa está pronta');
    expect(company.text).toContain('Conclua a ativação da conta MediPay da empresa');
    expect(company.html).toContain('href="https://app.medipay.com.br/o/2"');
  });

  it('tells an applicant sent back to analysis what stays as it was', () => {
    const base = { nome: 'Ana', protocolo: 'MEDI-20261122-0042' } as const;
    const withLink = renderEmail('reopened', {
      ...base,
      flow: 'PF',
      account: true,
      linkSent: true,
      statusUrl: 'https://portal.medipay.com.br/acompanhar-status?protocolo=MEDI-20261122-0042',
    });
    expect(withLink.subject).toBe('Cadastro em nova análise - protocolo MEDI-20261122-0042');
    expect(withLink.text).toContain('que havia sido aprovado, voltou para análise.');
    expect(withLink.text).toContain(
      'A conta MediPay já aberta continua aberta, e o link de ativação que enviamos continua válido.',
    );
    expect(withLink.text).toContain('Acompanhar status: https://portal.medipay.com.br/');
    const noAccount = renderEmail('reopened', {
      ...base,
      flow: 'PJ',
      account: false,
      linkSent: false,
    });
    expect(noAccount.text).toContain('O cadastro da sua empresa na MediPay');
    expect(noAccount.text).toContain('A abertura da conta MediPay fica suspensa');
    expect(noAccount.text).not.toContain('link de ativação');
  });

  it('tells an approved applicant the next steps to activate the account', () => {
    const statusUrl =
      'https://portal.medipay.com.br/acompanhar-status?protocolo=MEDI-20261122-0042';
    const pf = renderEmail('approval', {
      flow: 'PF',
      nome: 'Ana Beatriz Souza',
      protocolo: 'MEDI-20261122-0042',
      statusUrl,
    });
    expect(pf.subject).toBe('Cadastro aprovado - protocolo MEDI-20261122-0042');
    expect(pf.text).toContain('Olá, Ana Beatriz Souza!');
    expect(pf.text).toContain(
      'O seu cadastro na MediPay (protocolo MEDI-20261122-0042) foi aprovado. Para ativar a sua conta MediPay:',
    );
    expect(pf.text).toContain(
      '\n1. Estamos abrindo a sua conta na plataforma de pagamentos MediPay, com o CPF',
    );
    expect(pf.text).toContain('\n2. Em seguida, você receberá neste e-mail o link de ativação');
    expect(pf.text).toContain("\n3. Com a conta ativa, entre pelo botão 'Fazer Login'");
    expect(pf.text).toContain(`Acompanhar status: ${statusUrl}`);
    expect(pf.html).toMatch(/<ol [^>]*><li [^>]*>Estamos abrindo a sua conta/);
    expect(pf.html).toContain(`href="${statusUrl}"`);

    const pj = renderEmail('approval', {
      flow: 'PJ',
      nome: 'Hospital Exemplo S.A.',
      protocolo: 'PJ-20261122-4242',
    });
    expect(pj.subject).toBe('Cadastro aprovado - protocolo PJ-20261122-4242');
    expect(pj.text).toContain('O cadastro da sua empresa na MediPay (protocolo PJ-20261122-4242)');
    expect(pj.text).toContain('Estamos abrindo a conta da empresa');
    expect(pj.text).toContain('com o CNPJ e o e-mail deste cadastro');
    // The job e-mails a company its activation link too.
    expect(pj.text).toContain(
      '\n2. Em seguida, a empresa receberá neste e-mail o link de ativação',
    );
    expect(pj.html).not.toContain('href=');

    // An individual approved before submitting has no protocol yet.
    const early = renderEmail('approval', { flow: 'PF', nome: 'Ana', protocolo: '' });
    expect(early.subject).toBe('Cadastro aprovado');
    expect(early.text).toContain('O seu cadastro na MediPay foi aprovado.');
    expect(isTemplateName('approval')).toBe(true);
  });

  it('escapes the steps as everything else', () => {
    const email = renderEmail('approval', { flow: 'PJ', nome: '<b>X</b>', protocolo: '<i>' });
    expect(email.html).not.toContain('<b>X</b>');
    expect(email.html).not.toContain('<i>');
    expect(email.html).toContain('&lt;b&gt;X&lt;/b&gt;');
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
