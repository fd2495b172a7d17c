import { describe, expect, it } from 'vitest';
import {
  DEFAULT_LIST_PAGE_SIZE,
  LIST_CURSOR_MAX_LENGTH,
  denyDecisionSchema,
  flowOfReview,
  listFiltersSchema,
  listMessages,
  listQuerySchema,
  requestChangesDecisionSchema,
  reviewActionTargets,
  reviewAuditActions,
} from './admin-review';
import { encodeListCursor } from './list-cursor';
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

  it.each([
    ['page', { page: '0' }, listMessages.invalidPage],
    ['page', { page: '-9007199254740992' }, listMessages.invalidPage],
    ['page', { page: '1.5' }, listMessages.invalidPage],
    ['page', { page: 'NaN' }, listMessages.invalidPage],
    ['page', { page: '1e400' }, listMessages.invalidPage],
    ['pageSize', { pageSize: '15' }, listMessages.invalidPageSize],
    ['pageSize', { pageSize: 'dez' }, listMessages.invalidPageSize],
    ['sort', { sort: 'name' }, listMessages.invalidSort],
  ])('refuses a bad %s with its message (%j)', (field, values, message) => {
    const issues = listQuerySchema.safeParse(values).error?.issues ?? [];
    expect(new Set(issues.map((issue) => [...issue.path, issue.message].join(': ')))).toEqual(
      new Set([`${field}: ${message}`]),
    );
  });

  it('takes a cursor the server wrote, in after or before', () => {
    const cursor = encodeListCursor({
      createdAt: '2026-11-22 14:03:07.123456+00',
      id: '00000000-0000-4000-8000-000000000000',
    });
    expect(listQuerySchema.parse({ after: cursor, page: '2' })).toMatchObject({ after: cursor });
    expect(listQuerySchema.parse({ before: cursor, after: '' })).toMatchObject({ before: cursor });
    expect(listFiltersSchema.parse({ after: cursor, page: '9' })).toEqual({ sort: 'created_desc' });
  });

  it.each([
    [
      'an impossible date',
      {
        after: encodeListCursor({
          createdAt: '2026-02-30 12:00:00+00',
          id: '00000000-0000-4000-8000-000000000000',
        }),
      },
      'after',
    ],
    ['a text that is no cursor', { before: 'bm90LWEtY3Vyc29y' }, 'before'],
    ['a repeated parameter', { after: ['a', 'b'] }, 'after'],
    ['a cursor too long', { after: 'A'.repeat(LIST_CURSOR_MAX_LENGTH + 1) }, 'after'],
    [
      'both cursors at once',
      {
        after: encodeListCursor({
          createdAt: '2026-11-22 14:03:07+00',
          id: '00000000-0000-4000-8000-000000000000',
        }),
        before: encodeListCursor({
          createdAt: '2026-11-21 14:03:07+00',
          id: '00000000-0000-4000-8000-000000000000',
        }),
      },
      'before',
    ],
  ])('refuses %s with the list position message', (_, values, field) => {
    const issues = listQuerySchema.safeParse(values).error?.issues;
    expect(issues).toEqual([
      expect.objectContaining({ path: [field], message: listMessages.invalidCursor }),
    ]);
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
