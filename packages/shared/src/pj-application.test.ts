import { describe, expect, it } from 'vitest';
import { pfApplicationErrorCodes, pfApplicationMessages } from './pf-application';
import {
  savableSteps,
  submitErrorSchema,
  submitRequestSchema,
  submitResponseSchema,
} from './application-wire';
import {
  pjApplicationErrorCodes,
  pjApplicationMessages,
  pjApplicationStateSchema,
  pjSavedValuesSchema,
} from './pj-application';
import { pjFileFields } from './files';
import { pjStepFields } from './pj-onboarding';

describe('the PJ application contract', () => {
  it('holds every field of the wizard, the files as uploaded documents', () => {
    const fields = Object.values(pjStepFields).flat();
    expect(Object.keys(pjSavedValuesSchema.shape).sort()).toEqual([...fields].sort());
    const document = {
      id: 'a',
      name: 'contrato.pdf',
      size: 10,
      type: 'application/pdf',
      url: '/api/documents/a',
      thumbnailUrl: null,
    };
    for (const field of Object.keys(pjFileFields)) {
      expect(pjSavedValuesSchema.safeParse({ [field]: document }).success).toBe(true);
      expect(pjSavedValuesSchema.safeParse({ [field]: 'x' }).success).toBe(false);
    }
  });

  it('describes the state, the steps saved one by one and the submit', () => {
    expect(
      pjApplicationStateSchema.parse({ currentStep: 6, status: null, protocolo: null, values: {} }),
    ).toEqual({ currentStep: 6, status: null, protocolo: null, values: {} });
    expect(savableSteps).toEqual([1, 2, 3, 4, 5]);
    expect(submitRequestSchema.safeParse({ consentimentoLgpd: true }).success).toBe(false);
    expect(
      submitRequestSchema.safeParse({ consentimentoLgpd: true, consentimentoKyc: true }).success,
    ).toBe(true);
    expect(submitResponseSchema.parse({ protocolo: 'PJ-20261122-4242', email: 'a@b.com' })).toEqual(
      { protocolo: 'PJ-20261122-4242', email: 'a@b.com' },
    );
    expect(
      submitErrorSchema.parse({ code: 'APPLICATION_INCOMPLETE', message: 'x', step: 2 }).step,
    ).toBe(2);
  });

  it('reuses the PF texts, with the PJ title and the duplicate CNPJ message', () => {
    expect(pjApplicationMessages.saveFailed).toBe(pfApplicationMessages.saveFailed);
    expect(pjApplicationMessages.incomplete('Documentos')).toBe(
      'Revise a etapa "Documentos" antes de enviar.',
    );
    expect(pjApplicationMessages.contactsNotVerifiedTitle).toBe('Verificação necessária');
    expect(pjApplicationMessages.duplicateCnpj).toBe(
      'Já existe um cadastro para este CNPJ em análise, em exigência ou aprovado. Em caso de dúvida, fale com o suporte.',
    );
    expect(pjApplicationErrorCodes.duplicateCnpj).toBe('DUPLICATE_CNPJ');
    expect(pjApplicationErrorCodes.stepLocked).toBe(pfApplicationErrorCodes.stepLocked);
  });
});
