import { describe, expect, it } from 'vitest';
import { calibrationSet, sweepThresholds } from './calibration-set';
import type { PepEntry, SanctionEntry, UnEntry } from './list-types';
import { ALERT_THRESHOLD, createListIndex } from './matcher';
import { nameTokens, soundKey } from './name-tokens';
import { scoreNames } from './name-score';

const today = '2026-11-27';

function pep(id: string, name: string, extra: Partial<PepEntry> = {}): PepEntry {
  return {
    list: 'pep',
    id,
    names: [name],
    cpfMiddleDigits: '708767',
    functionAcronym: 'DEP',
    functionDescription: 'Deputado Federal',
    functionLevel: '',
    agency: 'Câmara dos Deputados',
    startDate: '2019-02-01',
    endDate: null,
    graceEndDate: null,
    contentHash: `hash-${id}`,
    ...extra,
  };
}

const listed = [
  pep('wallace', 'WALLACE SOUZA'),
  pep('maria', 'MARIA DA SILVA'),
  pep('thereza', 'THEREZA CRISTINA GONÇALVES DE ALBUQUERQUE'),
  pep('joao', 'JOÃO PEDRO DOS SANTOS FILHO'),
  pep('philipe', 'PHILIPE YURI MATTOS'),
  pep('helena', 'HELENA MARQUES CAVALCANTI'),
];
const index = createListIndex(listed);
const hitsOf = (name: string, cpf?: string) =>
  index.match({ name, kind: 'PF', cpf }, { today }).map((hit) => hit.entryId);

describe('the matcher: a listed person written another way is found', () => {
  it.each([
    ['sound: W/V, LL/L, Z/S', 'Valace Sousa', 'wallace'],
    ['lost accents and particles', 'Thereza Cristina Goncalves Albuquerque', 'thereza'],
    ['TH/T, Z/S', 'Tereza Cristina Gonçalves de Albuquerque', 'thereza'],
    ['PH/F, Y/I, TT/T', 'Felipe Iuri Matos', 'philipe'],
    ['a typo', 'Joao Pedro dos Santso Filho', 'joao'],
    ['FILHO dropped', 'João Pedro dos Santos', 'joao'],
    ['particle and FILHO dropped', 'Joao Pedro Santos', 'joao'],
    ['surname first', 'SANTOS, JOAO PEDRO', 'joao'],
    ['a middle name dropped', 'Thereza Gonçalves de Albuquerque', 'thereza'],
    ['a middle name added', 'Helena Beatriz Marques Cavalcanti', 'helena'],
    ['I/Y and final I/E', 'Helena Marques Cavalcante', 'helena'],
  ])('%s: %s', (_, name, expected) => {
    expect(hitsOf(name)).toContain(expected);
  });
});

describe('the matcher: near names that are not the person raise no hit', () => {
  it.each([
    ['same surname, another given name', 'José da Silva'],
    ['another given name before the listed one', 'Ines Helena Marques Cavalcanti'],
    ['another gender of the given name', 'Joana Pedro dos Santos Filho'],
    ['PEREIRA is not FERREIRA', 'Helena Marques Ferreira'],
    ['one shared surname only', 'Ricardo Souza'],
  ])('%s: %s', (_, name) => {
    expect(hitsOf(name)).toEqual([]);
  });
});

describe('what else is known moves the score', () => {
  it('confirms with the visible CPF digits and contradicts with others', () => {
    const plain = index.match({ name: 'Maria da Silva', kind: 'PF' }, { today })[0]!;
    const same = index.match(
      { name: 'Maria da Silva', kind: 'PF', cpf: '12370876700' },
      { today },
    )[0]!;
    expect(same.score).toBeGreaterThan(plain.score);
    expect(same.reasons).toContain('dígitos visíveis do CPF iguais');
    expect(hitsOf('Maria da Silva', '12311122200')).toEqual([]);
    // A name alone never reaches 1: the ranking keeps room for what confirms it.
    expect(plain.score).toBeLessThan(1);
  });

  it('ends PEP status with the grace period (Data_Fim_Carência)', () => {
    const dated = (graceEndDate: string) =>
      createListIndex([pep('ex', 'OTAVIO RIBEIRO FALCAO', { graceEndDate, endDate: '2021-11-26' })])
        .match({ name: 'Otavio Ribeiro Falcao', kind: 'PF' }, { today })
        .map((hit) => hit.entryId);
    expect(dated('2026-11-26')).toEqual([]);
    expect(dated('2026-11-28')).toEqual(['ex']);
    expect(dated(today)).toEqual(['ex']);
  });

  it('finds CEIS and CNEP sanctions by the full tax id, and no other id', () => {
    const sanction: SanctionEntry = {
      list: 'ceis',
      id: '123',
      personType: 'J',
      names: ['CLINICA EXEMPLO LTDA'],
      documentDigits: '12345678000195',
      documentMasked: false,
      category: 'Impedimento',
      processNumber: '1',
      startDate: '2025-01-01',
      endDate: null,
      publicationDate: null,
      sanctioningBody: 'Ministério da Saúde',
      scope: '',
      fineAmount: null,
      contentHash: 'h',
    };
    const sanctions = createListIndex([sanction]);
    const byId = sanctions.match(
      { name: 'Outro Nome Qualquer', kind: 'PJ', cnpj: '12.345.678/0001-95' },
      { today },
    );
    expect(byId.map((hit) => [hit.entryId, hit.reasons[0]])).toEqual([['123', 'CNPJ igual']]);
    expect(byId[0]!.score).toBeGreaterThanOrEqual(0.9);
    expect(
      sanctions.match({ name: 'Clinica Exemplo', kind: 'PJ', cnpj: '11222333000181' }, { today }),
    ).toEqual([]);
    expect(
      sanctions
        .match({ name: 'Clínica Exemplo Ltda', kind: 'PJ' }, { today })
        .map((h) => h.entryId),
    ).toEqual(['123']);
    // A person is not screened against a company's sanction.
    expect(sanctions.match({ name: 'Clinica Exemplo', kind: 'PF' }, { today })).toEqual([]);
  });

  it('reads the UN birth dates: equal confirms, another one contradicts', () => {
    const un: UnEntry = {
      list: 'unsc',
      id: '6908',
      subject: 'individual',
      referenceNumber: 'QDi.001',
      names: ['ABDUL RAHMAN YASIN', 'ABDUL RAHMAN SAID YASIN'],
      aliases: [{ quality: 'Good', name: 'ABDUL RAHMAN SAID YASIN' }],
      birthDates: [{ kind: 'exact', date: '1960-04-10' }],
      nationalities: [],
      documents: [],
      listedOn: '2001-10-10',
      contentHash: 'h',
    };
    const unIndex = createListIndex([un]);
    const score = (birthDate: string | null) =>
      unIndex.match({ name: 'Abdul Rahman Yasin', kind: 'PF', birthDate }, { today })[0]?.score ??
      0;
    expect(score('1960-04-10')).toBeGreaterThan(score(null));
    expect(score('1985-01-01')).toBeLessThan(score(null));
    const alias = unIndex.match({ name: 'Abdul Rahman Said Yasin', kind: 'PF' }, { today })[0]!;
    expect(alias.name).toBe('ABDUL RAHMAN YASIN');
  });
});

describe('names and their reasons', () => {
  it('sets particles and suffixes apart and keys the sounds', () => {
    const tokens = nameTokens("Maria D'Ávila dos Santos Jr.");
    expect(tokens.strong.map((token) => token.text)).toEqual(['MARIA', 'DAVILA', 'SANTOS']);
    expect(tokens.weak).toEqual(['DOS']);
    expect(tokens.suffix).toBe('JUNIOR');
    expect(soundKey('WALLACE')).toBe(soundKey('VALACE'));
    expect(soundKey('SOUZA')).toBe(soundKey('SOUSA'));
    expect(soundKey('LUIZ')).toBe(soundKey('LUIS'));
  });

  it('says which tokens matched, by sound or by edits, and which did not', () => {
    const { score, reasons } = scoreNames(
      nameTokens('Valace Sousa Pereira'),
      nameTokens('WALLACE SOUZA'),
    );
    expect(score).toBeGreaterThan(0.5);
    expect(reasons).toEqual([
      'VALACE ≈ WALLACE (mesmo som)',
      'SOUSA ≈ SOUZA (mesmo som)',
      'só no nome consultado: PEREIRA',
    ]);
  });
});

describe('the alert threshold on the calibration set (decision 022)', () => {
  it('finds at least 98% of the variants and alerts on at most 2% of the unlisted', () => {
    const [atThreshold] = sweepThresholds(calibrationSet(11, 5000, 400), [ALERT_THRESHOLD], today);
    expect(atThreshold!.found).toBeGreaterThanOrEqual(0.98);
    expect(atThreshold!.alerted).toBeLessThanOrEqual(0.02);
  });
});
