import { describe, expect, it } from 'vitest';
import {
  DEFAULT_LIST_PAGE_SIZE,
  denyDecisionSchema,
  flowOfReview,
  listQuerySchema,
  requestChangesDecisionSchema,
  reviewActionTargets,
  reviewAuditActions,
} from './admin-review';
import { canTransition } from './status';

describe('list query', () => {
  it('reads the URL: empty filters are absent, page and size default', () => {
    expect(listQuerySchema.parse({ search: '', status: '', tipo: '', biometria: '' })).toEqual({
      page: 1,
      pageSize: DEFAULT_LIST_PAGE_SIZE,
      sort: 'created_desc',
    });
    expect(
      listQuerySchema.parse({
        search: '  ana  ',
        status: 'EM_EXIGENCIA',
        biometria: 'em_revisao',
        page: '3',
        pageSize: '50',
      }),
    ).toMatchObject({
      search: 'ana',
      status: 'EM_EXIGENCIA',
      biometria: 'em_revisao',
      page: 3,
      pageSize: 50,
    });
  });

  it('refuses an unknown status, a page size off the list and a page below 1', () => {
    expect(listQuerySchema.safeParse({ status: 'ARQUIVADO' }).success).toBe(false);
    expect(listQuerySchema.safeParse({ pageSize: '7' }).success).toBe(false);
    expect(listQuerySchema.safeParse({ page: '0' }).success).toBe(false);
    expect(listQuerySchema.safeParse({ search: 'x'.repeat(101) }).success).toBe(false);
    expect(listQuerySchema.safeParse({ biometria: 'reprovado' }).success).toBe(false);
  });
});

describe('decisions', () => {
  it('need a non-blank text with the spec messages', () => {
    expect(
      requestChangesDecisionSchema.safeParse({ expectedStatus: 'EM_ANALISE', exigencias: '   ' })
        .error?.issues[0]?.message,
    ).toBe('Descreva as exigências');
    expect(
      denyDecisionSchema.safeParse({ expectedStatus: 'EM_ANALISE', motivo: '' }).error?.issues[0]
        ?.message,
    ).toBe('Informe o motivo da negação');
  });

  it('lead where the status machine lets an admin go from analysis', () => {
    for (const [action, target] of Object.entries(reviewActionTargets)) {
      const from = action === 'reopen' ? 'APROVADO' : 'EM_ANALISE';
      expect(canTransition('PF', from, target, 'admin'), action).toBe(true);
      expect(reviewAuditActions[action as keyof typeof reviewAuditActions]).toBeTruthy();
    }
    expect(flowOfReview('pf')).toBe('PF');
    expect(flowOfReview('pj')).toBe('PJ');
  });
});
