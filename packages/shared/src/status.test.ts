import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  canTransition,
  isAbandonedSession,
  isVisibleInPfList,
  nextStatuses,
  progressLabel,
  progressPercent,
  progressStep,
  statusLabel,
  statusTone,
  statusValues,
  submittedStatus,
  type Actor,
  type Flow,
} from './status';

/** The status machine of ARCHITECTURE.md, written out as `flow actor from>to`. */
const allowed = new Set([
  'PF applicant INICIADO>EM_ANALISE',
  'PF admin INICIADO>APROVADO',
  'PF admin INICIADO>EM_EXIGENCIA',
  'PF admin INICIADO>NEGADO',
  'PF admin EM_ANALISE>APROVADO',
  'PF admin EM_ANALISE>EM_EXIGENCIA',
  'PF admin EM_ANALISE>NEGADO',
  'PF admin APROVADO>EM_ANALISE',
  'PF admin EM_EXIGENCIA>NEGADO',
  'PF applicant EM_EXIGENCIA>EM_ANALISE',
  'PJ applicant INICIADO>ENVIADO_PARA_ANALISE',
  'PJ admin INICIADO>APROVADO',
  'PJ admin INICIADO>EM_EXIGENCIA',
  'PJ admin INICIADO>NEGADO',
  'PJ admin EM_ANALISE>APROVADO',
  'PJ admin EM_ANALISE>EM_EXIGENCIA',
  'PJ admin EM_ANALISE>NEGADO',
  'PJ admin ENVIADO_PARA_ANALISE>APROVADO',
  'PJ admin ENVIADO_PARA_ANALISE>EM_EXIGENCIA',
  'PJ admin ENVIADO_PARA_ANALISE>NEGADO',
  'PJ admin APROVADO>EM_ANALISE',
  'PJ admin NEGADO>EM_ANALISE',
  'PJ admin EM_EXIGENCIA>EM_ANALISE',
  'PJ admin EM_EXIGENCIA>NEGADO',
  'PJ applicant EM_EXIGENCIA>EM_ANALISE',
]);

const flows: Flow[] = ['PF', 'PJ'];
const actors: Actor[] = ['applicant', 'admin', 'system'];

describe('status machine', () => {
  it('allows exactly the transitions of the architecture table', () => {
    const granted: string[] = [];
    for (const flow of flows)
      for (const actor of actors)
        for (const from of statusValues)
          for (const to of statusValues)
            if (canTransition(flow, from, to, actor))
              granted.push(`${flow} ${actor} ${from}>${to}`);
    expect(new Set(granted)).toEqual(allowed);
  });

  it('refuses any transition on an unknown status', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...flows),
        fc.constantFrom(...actors),
        fc.string(),
        (flow, actor, status) => {
          fc.pre(!(statusValues as string[]).includes(status));
          return (
            !canTransition(flow, status, 'APROVADO', actor) &&
            !canTransition(flow, 'INICIADO', status, actor)
          );
        },
      ),
    );
  });

  it('lists the next statuses of an actor', () => {
    expect(nextStatuses('PF', 'EM_ANALISE', 'admin').sort()).toEqual([
      'APROVADO',
      'EM_EXIGENCIA',
      'NEGADO',
    ]);
    expect(nextStatuses('PJ', 'EM_EXIGENCIA', 'admin').sort()).toEqual(['EM_ANALISE', 'NEGADO']);
    expect(nextStatuses('PF', 'NEGADO', 'admin')).toEqual([]);
    expect(nextStatuses('PF', 'INICIADO', 'system')).toEqual([]);
  });
});

describe('status display', () => {
  it('labels every status and shows an unknown one as is', () => {
    expect(statusLabel('EM_EXIGENCIA')).toBe('Em Exigência');
    expect(statusLabel('ENVIADO_PARA_ANALISE')).toBe('Enviado para Análise');
    expect(statusLabel('PENDENTE')).toBe('Pendente');
    expect(statusLabel('ARQUIVADO')).toBe('ARQUIVADO');
    expect(statusLabel('toString')).toBe('toString');
  });

  it('labels a submission with the status it sets, one label per status', () => {
    expect(submittedStatus('PF')).toBe('EM_ANALISE');
    expect(submittedStatus('PJ')).toBe('ENVIADO_PARA_ANALISE');
    expect(statusLabel(submittedStatus('PF'))).toBe('Em Análise');
    expect(statusLabel(submittedStatus('PJ'))).toBe('Enviado para Análise');
    const labels = statusValues.map(statusLabel);
    expect(new Set(labels).size).toBe(labels.length);
  });

  it('colours requirements yellow, approvals green and refusals red', () => {
    expect(statusTone('EM_EXIGENCIA')).toBe('warning');
    expect(statusTone('APROVADO')).toBe('success');
    expect(statusTone('NEGADO')).toBe('danger');
    expect(statusTone('REJEITADO')).toBe('danger');
    expect(statusTone('ARQUIVADO')).toBe('neutral');
  });
});

describe('abandoned sessions and the PF list', () => {
  it('treats INICIADO at step 1 without a name as abandoned and hides it', () => {
    for (const nomeCompleto of [null, undefined, '', '   ']) {
      const record = { status: 'INICIADO', currentStep: 1, nomeCompleto };
      expect(isAbandonedSession(record)).toBe(true);
      expect(isVisibleInPfList(record)).toBe(false);
    }
  });

  it('shows every other record', () => {
    expect(
      isVisibleInPfList({ status: 'INICIADO', currentStep: 1, nomeCompleto: 'Ana Souza' }),
    ).toBe(true);
    expect(isVisibleInPfList({ status: 'INICIADO', currentStep: 2, nomeCompleto: null })).toBe(
      true,
    );
    expect(isVisibleInPfList({ status: 'EM_ANALISE', currentStep: 1, nomeCompleto: null })).toBe(
      true,
    );
  });
});

describe('progress', () => {
  it('caps the step at 6', () => {
    expect(progressStep(3)).toBe(3);
    expect(progressStep(9)).toBe(6);
    expect(progressStep(-1)).toBe(0);
    expect(progressLabel(7)).toBe('6/6');
    expect(progressPercent(3)).toBe(50);
    expect(progressPercent(6)).toBe(100);
  });
});
