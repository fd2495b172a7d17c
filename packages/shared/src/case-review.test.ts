import { describe, expect, it } from 'vitest';
import {
  approveInputSchema,
  assignCaseSchema,
  caseMessages,
  documentReviewInputSchema,
  firstApprovalNoteSchema,
  internalNoteField,
  refusalReasonText,
  reviewDeadline,
} from './case-review';

describe('case review contract', () => {
  it('is due at the end of the second business day, São Paulo time', () => {
    // Thursday 19 November 2026; Friday 20 is Consciência Negra, then a weekend.
    expect(reviewDeadline(new Date('2026-11-19T15:00:00Z')).toISOString()).toBe(
      '2026-11-25T02:59:59.999Z',
    );
  });

  it('words a refusal for the applicant: the label, or the text of outro', () => {
    expect(refusalReasonText('ilegivel', null)).toBe('Ilegível');
    expect(refusalReasonText('nao_corresponde_titular', null)).toBe('Não corresponde ao titular');
    expect(refusalReasonText('outro', 'Página 2 ausente')).toBe('Página 2 ausente');
    expect(refusalReasonText('outro', null)).toBe('');
    expect(refusalReasonText('motivo_antigo', null)).toBe('motivo_antigo');
  });

  it('needs a reason to refuse a document, and the text of outro', () => {
    expect(documentReviewInputSchema.safeParse({ decision: 'aceito' }).success).toBe(true);
    const noReason = documentReviewInputSchema.safeParse({ decision: 'recusado' });
    expect(noReason.error?.issues[0]?.message).toBe('Escolha o motivo da recusa.');
    const noText = documentReviewInputSchema.safeParse({ decision: 'recusado', motivo: 'outro' });
    expect(noText.error?.issues[0]?.message).toBe(caseMessages.refusalOtherRequired);
    expect(
      documentReviewInputSchema.parse({
        decision: 'recusado',
        motivo: 'outro',
        motivoTexto: '  Verso\u0000 cortado ',
      }).motivoTexto,
    ).toBe('Verso cortado');
  });

  it('takes notes without controls; a blank note is none', () => {
    expect(internalNoteField.parse('   ')).toBeUndefined();
    expect(internalNoteField.parse(undefined)).toBeUndefined();
    expect(approveInputSchema.parse({ expectedStatus: 'EM_ANALISE', nota: ' ok ' }).nota).toBe(
      'ok',
    );
    expect(firstApprovalNoteSchema.safeParse('  ').error?.issues[0]?.message).toBe(
      caseMessages.firstApprovalNoteRequired,
    );
    expect(assignCaseSchema.parse({ expectedHolderId: null })).toEqual({
      expectedHolderId: null,
      takeOver: false,
    });
  });

  it('words the holder and the take-over with the e-mail', () => {
    expect(caseMessages.heldBy('ana@medipay.test')).toBe('Em análise por ana@medipay.test');
    expect(caseMessages.takeOverConfirm('ana@medipay.test')).toContain('ana@medipay.test');
  });
});
