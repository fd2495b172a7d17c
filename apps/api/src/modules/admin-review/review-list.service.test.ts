import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminActions } from '@medipay/db/schema';
import { createTestDatabase, type TestDatabase } from '@medipay/db/testing/test-database';
import {
  applicationListSchema,
  listQuerySchema,
  type ListQuery,
  type ReviewFlow,
} from '@medipay/shared/admin-review';
import { AppError } from '../../lib/app-error';
import { cnpjFrom } from '../../../test/cnpj';
import { createTestClock } from '../../../test/test-clock';
import { collect, insertAdmin, insertPf, insertPj, parseCsv } from './review-list.fixtures';
import { countQuery, pageQuery, type PageRead, type ReadOrder } from './review-list.repository';
import {
  filteredCondition,
  nameWords,
  searchesNameWords,
  type ListFilters,
} from './review-list.search';
import {
  CSV_BOM,
  EXPORT_AUDIT_ACTION,
  createReviewLists,
  decodeCursor,
  type ReviewLists,
} from './review-list.service';

/** 12:00 UTC on 22 Nov 2026: the export's file is dated 20261122 (09:00 in São Paulo). */
const clock = createTestClock(new Date('2026-11-22T12:00:00.000Z'));
const base = Date.parse('2026-11-01T12:00:00.000Z');
const HOUR_MS = 60 * 60 * 1000;
/** Creation times one hour apart, so that the sort is known. */
const hour = (n: number) => new Date(base + n * HOUR_MS);

const query = (values: Record<string, unknown> = {}): ListQuery => listQuerySchema.parse(values);
/** The signed-in admin of the lists ('Minhas análises'). */
const viewerId = randomUUID();

const cnpjHospital = cnpjFrom('12ABC34501DE'); // 12ABC34501DE35, alphanumeric
const cnpjClinica = cnpjFrom('112223330001'); // 11222333000181
const cnpjLab = cnpjFrom('987654320001');

let database: TestDatabase;
let lists: ReviewLists;
let admin: { id: string; email: string };
const pf: Record<string, string> = {};
const pj: Record<string, string> = {};

beforeAll(async () => {
  database = await createTestDatabase();
  const db = database.db;
  lists = createReviewLists({ db, clock });
  admin = await insertAdmin(db);

  pf.joao = await insertPf(db, {
    nomeCompleto: 'João da Silva',
    email: 'joao_silva@example.com',
    cpf: '52998224725',
    telefone: '+5511987654321',
    protocolo: 'MEDI-20261101-0001',
    status: 'EM_ANALISE',
    currentStep: 6,
    biometriaDecisao: 'em_revisao',
    createdAt: hour(1),
  });
  pf.maria = await insertPf(db, {
    nomeCompleto: 'Maria Conceição Álvares',
    email: 'maria.alvares@example.com',
    cpf: '11144477735',
    protocolo: 'MEDI-20261102-0002',
    status: 'APROVADO',
    currentStep: 6,
    biometriaDecisao: 'aprovado',
    analisadoPor: 'revisora@medipay.test',
    // 01:30 UTC on the 11th is 22:30 on the 10th in São Paulo.
    analisadoEm: new Date('2026-11-11T01:30:00.000Z'),
    createdAt: hour(2),
  });
  pf.carla = await insertPf(db, {
    nomeCompleto: 'Carla 1000 Souza',
    email: 'joaoxsilva@example.com',
    cpf: '39053344705',
    protocolo: 'MEDI-20261103-1234',
    status: 'EM_EXIGENCIA',
    currentStep: 6,
    biometriaDecisao: 'em_revisao',
    createdAt: hour(3),
  });
  pf.promo = await insertPf(db, {
    nomeCompleto: 'Promo 100% Real',
    email: 'promo@example.com',
    cpf: '71428793860',
    protocolo: 'MEDI-20261104-0004',
    status: 'NEGADO',
    currentStep: 6,
    createdAt: hour(4),
  });
  // Abandoned sessions: INICIADO, step 1, no name (blank or null). Hidden from the PF list.
  pf.abandonedBlank = await insertPf(db, {
    nomeCompleto: '   ',
    email: 'joao.abandonado@example.com',
    cpf: '52900000000',
    status: 'INICIADO',
    currentStep: 1,
    createdAt: hour(5),
  });
  pf.abandonedNull = await insertPf(db, { status: 'INICIADO', currentStep: 1, createdAt: hour(6) });
  // Still INICIADO but visible: past step 1, or at step 1 with a name.
  pf.step2 = await insertPf(db, {
    nomeCompleto: 'Pedro Iniciado',
    cpf: '12345678909',
    status: 'INICIADO',
    currentStep: 2,
    createdAt: hour(7),
  });
  pf.named = await insertPf(db, {
    nomeCompleto: 'Lucas Passo Um',
    status: 'INICIADO',
    currentStep: 1,
    createdAt: hour(8),
  });

  pj.hospital = await insertPj(db, {
    razaoSocial: 'Hospital São Lucas Ltda',
    nomeFantasia: 'São Lucas',
    cnpj: cnpjHospital,
    tipoEmpresa: 'hospital',
    email: 'contato@saolucas.com.br',
    telefone: '+5521998765432',
    protocolo: 'PJ-20261101-1001',
    status: 'ENVIADO_PARA_ANALISE',
    currentStep: 6,
    createdAt: hour(1),
  });
  pj.clinica = await insertPj(db, {
    razaoSocial: 'Clínica Bem Estar S.A.',
    cnpj: cnpjClinica,
    tipoEmpresa: 'clinica',
    email: 'adm@bemestar.com',
    protocolo: 'PJ-20261102-2002',
    status: 'APROVADO',
    currentStep: 6,
    analisadoPor: 'revisora@medipay.test',
    analisadoEm: new Date('2026-11-05T18:00:00.000Z'),
    createdAt: hour(2),
  });
  pj.lab = await insertPj(db, {
    razaoSocial: 'Laboratório Análise Ltda',
    nomeFantasia: 'LabAnálise',
    cnpj: cnpjLab,
    tipoEmpresa: 'laboratorio',
    email: 'lab@analise.com',
    protocolo: 'PJ-20261103-3003',
    status: 'EM_EXIGENCIA',
    currentStep: 6,
    createdAt: hour(3),
  });
  pj.started = await insertPj(db, { status: 'INICIADO', currentStep: 1, createdAt: hour(4) });
});
afterAll(async () => {
  await database.close();
});

async function ids(flow: ReviewFlow, values: Record<string, unknown> = {}) {
  const result = applicationListSchema
    .strict()
    .parse(await lists.list(flow, query(values), viewerId));
  return result.items.map((item) => item.id);
}

const names = (record: Record<string, string>, keys: string[]) => keys.map((key) => record[key]);

describe('the PF list', () => {
  it('hides abandoned sessions from total and filtered, newest first', async () => {
    const result = await lists.list('pf', query(), viewerId);
    expect(result.total).toBe(6);
    expect(result.filtered).toBe(6);
    expect(result.items.map((item) => item.id)).toEqual(
      names(pf, ['named', 'step2', 'promo', 'carla', 'maria', 'joao']),
    );
  });

  it('shows INICIADO at step 2, and INICIADO at step 1 with a name', async () => {
    expect(await ids('pf', { status: 'INICIADO' })).toEqual(names(pf, ['named', 'step2']));
    const result = await lists.list('pf', query({ status: 'INICIADO' }), viewerId);
    expect(result).toMatchObject({ total: 6, filtered: 2 });
  });

  it('keeps an abandoned session out of a search that matches it', async () => {
    // 529 is in João's CPF and in the abandoned session's CPF; 'abandonado' only in its e-mail.
    expect(await ids('pf', { search: '529' })).toEqual([pf.joao]);
    expect(await ids('pf', { search: '52' })).toEqual([pf.joao]);
    const result = await lists.list('pf', query({ search: 'abandonado' }), viewerId);
    expect(result).toMatchObject({ items: [], total: 6, filtered: 0 });
  });

  it('maps the items per the contract', async () => {
    const result = await lists.list('pf', query({ search: 'conceição' }), viewerId);
    expect(result.items).toEqual([
      {
        id: pf.maria,
        protocolo: 'MEDI-20261102-0002',
        status: 'APROVADO',
        currentStep: 6,
        name: 'Maria Conceição Álvares',
        razaoSocial: null,
        document: '11144477735',
        email: 'maria.alvares@example.com',
        tipoEmpresa: null,
        createdAt: hour(2).toISOString(),
        analisadoPor: 'revisora@medipay.test',
        analisadoEm: '2026-11-11T01:30:00.000Z',
        biometricDecision: 'aprovado',
        openScreeningHits: false,
        prazoAnalise: null,
        prazoStatus: null,
        analistaEmail: null,
      },
    ]);
    expect(result).toMatchObject({
      total: 6,
      totalCapped: false,
      filtered: 1,
      filteredCapped: false,
      page: 1,
      pageSize: 20,
      next: null,
      previous: null,
    });
  });

  it.each([
    ['conceição', ['maria']],
    ['CONCEICAO', ['maria']],
    ['conceicao', ['maria']],
    ['ÁLVARES', ['maria']],
    ['  da silva  ', ['joao']],
    ['JOÃO DA', ['joao']],
  ])('finds the name %j without regard to case or accents', async (search, expected) => {
    expect(await ids('pf', { search })).toEqual(names(pf, expected));
  });

  it.each([
    ['joão silva', ['joao'], 'two words, not side by side'],
    ['SILVA joao', ['joao'], 'in any order, any case'],
    ['Maria Conc', ['maria'], 'the last word by its beginning'],
    ['conceição álv', ['maria'], 'accents in a prefix'],
    ['CONCE', ['maria'], 'one word by its beginning'],
    ['passo um', ['named'], 'a name of an application at step 1'],
    ['Carla 1000', ['carla'], 'a number as a word'],
  ])('finds the name %j by its words (%s)', async (search, expected) => {
    expect(await ids('pf', { search })).toEqual(names(pf, expected));
  });

  it.each([
    ['conc maria', 'a word before the last one is whole'],
    ['onceição', 'a part inside a word'],
    ['joão pereira', 'every word must be in the name'],
  ])('does not find %j in a name (%s)', async (search) => {
    expect(await ids('pf', { search })).toEqual([]);
  });

  it('searches a name by its words, and anything else as typed', () => {
    expect(nameWords('João  da-Silva')).toEqual(['João', 'da', 'Silva']);
    expect(nameWords("D'Ávila")).toEqual(['D', 'Ávila']);
    expect(nameWords('1000')).toEqual(['1000']);
    expect(nameWords('o_s')).toBeNull();
    expect(nameWords('maria.alvares@')).toBeNull();
    expect(nameWords("' & !x:*")).toBeNull();
    expect(nameWords('  ')).toBeNull();
  });

  // unaccent turns these letters into quotes ('ŉ' into "'n"): the query once broke on them (500).
  it.each(['ŉŉŉ', 'ʼʼʼ', 'Maria ʼn', 'ˈʻʽ ʹʺ'])(
    'searches %j, letters that unaccent turns into quotes, without failing',
    async (search) => {
      expect(await ids('pf', { search })).toEqual([]);
    },
  );

  it('gives more memory only to the searches of a PF name by its words', () => {
    expect(searchesNameWords('pf', { search: 'Márcia Ribe' })).toBe(true);
    expect(searchesNameWords('pf', { search: ' Souza ' })).toBe(true);
    expect(searchesNameWords('pf', { search: 'jo' })).toBe(false);
    expect(searchesNameWords('pf', { search: '195.340.408-89' })).toBe(false);
    expect(searchesNameWords('pf', { search: 'maria@' })).toBe(false);
    expect(searchesNameWords('pf', { status: 'APROVADO' })).toBe(false);
    expect(searchesNameWords('pj', { search: 'Hospital Santa' })).toBe(false);
  });

  it('finds the e-mail, case-insensitively', async () => {
    expect(await ids('pf', { search: 'maria.alvares@' })).toEqual([pf.maria]);
    expect(await ids('pf', { search: 'EXAMPLE.COM' })).toEqual(
      names(pf, ['promo', 'carla', 'maria', 'joao']),
    );
  });

  it('finds the protocolo, whole or in part, in any case', async () => {
    expect(await ids('pf', { search: 'MEDI-20261103-1234' })).toEqual([pf.carla]);
    expect(await ids('pf', { search: 'medi-20261103' })).toEqual([pf.carla]);
    // 1234 ends Carla's protocolo and is in Pedro's CPF.
    expect(await ids('pf', { search: '1234' })).toEqual(names(pf, ['step2', 'carla']));
  });

  it.each([
    ['529.982.247-25', 'masked'],
    ['52998224725', 'unmasked'],
    ['982.247', 'a masked part'],
    ['98224', 'a part'],
  ])('finds the CPF %j (%s)', async (search) => {
    expect(await ids('pf', { search })).toEqual([pf.joao]);
  });

  it('matches 1-2 character terms only at the start of the CPF and the protocolo', async () => {
    expect(await ids('pf', { search: 'ME' })).toEqual(
      names(pf, ['promo', 'carla', 'maria', 'joao']),
    );
    expect(await ids('pf', { search: '11' })).toEqual([pf.maria]);
    expect(await ids('pf', { search: '1' })).toEqual(names(pf, ['step2', 'maria']));
    // In names, e-mails and the middle of CPFs: no match.
    expect(await ids('pf', { search: 'jo' })).toEqual([]);
    expect(await ids('pf', { search: 'il' })).toEqual([]);
    expect(await ids('pf', { search: '98' })).toEqual([]);
    expect(await ids('pf', { search: 'a' })).toEqual([]);
    // A term that no field it is compared with can hold matches nothing, not everything.
    expect(await ids('pf', { search: 'é' })).toEqual([]);
    expect(await ids('pf', { search: '@' })).toEqual([]);
  });

  it('takes % and _ literally', async () => {
    expect(await ids('pf', { search: 'o_s' })).toEqual([pf.joao]);
    expect(await ids('pf', { search: '00%' })).toEqual([pf.promo]);
    expect(await ids('pf', { search: '%%%' })).toEqual([]);
    expect(await ids('pf', { search: '___' })).toEqual([]);
    expect(await ids('pf', { search: '%' })).toEqual([]);
    expect(await ids('pf', { search: '\\' })).toEqual([]);
  });

  it('filters by status, with the search, and counts the filtered', async () => {
    expect(await ids('pf', { status: 'APROVADO' })).toEqual([pf.maria]);
    const result = await lists.list(
      'pf',
      query({ status: 'EM_EXIGENCIA', search: 'silva' }),
      viewerId,
    );
    expect(result.items.map((item) => item.id)).toEqual([pf.carla]);
    expect(result).toMatchObject({ total: 6, filtered: 1 });
    expect(await ids('pf', { status: 'REJEITADO' })).toEqual([]);
  });

  it('filters the applications em revisão biométrica, with the status and the search', async () => {
    const result = await lists.list('pf', query({ biometria: 'em_revisao' }), viewerId);
    expect(result.items.map((item) => item.id)).toEqual(names(pf, ['carla', 'joao']));
    expect(result.items.map((item) => item.biometricDecision)).toEqual([
      'em_revisao',
      'em_revisao',
    ]);
    expect(result).toMatchObject({ total: 6, filtered: 2 });
    expect(await ids('pf', { biometria: 'em_revisao', status: 'EM_ANALISE' })).toEqual([pf.joao]);
    expect(await ids('pf', { biometria: 'em_revisao', search: 'maria' })).toEqual([]);
    await expect(
      lists.list('pj', query({ biometria: 'em_revisao' }), viewerId),
    ).rejects.toMatchObject({
      statusCode: 400,
      message: 'Filtro de biometria inválido para esta lista.',
    });
  });

  it('sorts oldest first on request', async () => {
    expect(await ids('pf', { sort: 'created_asc' })).toEqual(
      names(pf, ['joao', 'maria', 'carla', 'promo', 'step2', 'named']),
    );
  });

  it('answers an empty page beyond the end, not an error', async () => {
    const result = await lists.list('pf', query({ page: 2, pageSize: 10 }), viewerId);
    expect(result).toEqual({
      items: [],
      total: 6,
      totalCapped: false,
      filtered: 6,
      filteredCapped: false,
      page: 2,
      pageSize: 10,
      next: null,
      previous: null,
    });
  });

  it('refuses a status of the other flow and a company type (400)', async () => {
    await expect(
      lists.list('pf', query({ status: 'ENVIADO_PARA_ANALISE' }), viewerId),
    ).rejects.toThrow(AppError);
    await expect(lists.list('pf', query({ tipo: 'hospital' }), viewerId)).rejects.toMatchObject({
      statusCode: 400,
    });
  });
});

describe('the PJ list', () => {
  it('shows every record, newest first, with the trade name or else the legal name', async () => {
    const result = await lists.list('pj', query(), viewerId);
    expect(result).toMatchObject({ total: 4, filtered: 4 });
    expect(result.items.map((item) => item.id)).toEqual(
      names(pj, ['started', 'lab', 'clinica', 'hospital']),
    );
    const byId = new Map(result.items.map((item) => [item.id, item]));
    expect(byId.get(pj.hospital!)).toEqual({
      id: pj.hospital,
      protocolo: 'PJ-20261101-1001',
      status: 'ENVIADO_PARA_ANALISE',
      currentStep: 6,
      name: 'São Lucas',
      razaoSocial: 'Hospital São Lucas Ltda',
      document: cnpjHospital,
      email: 'contato@saolucas.com.br',
      tipoEmpresa: 'hospital',
      createdAt: hour(1).toISOString(),
      analisadoPor: null,
      analisadoEm: null,
      biometricDecision: null,
      openScreeningHits: false,
      prazoAnalise: null,
      prazoStatus: null,
      analistaEmail: null,
    });
    expect(byId.get(pj.clinica!)).toMatchObject({
      name: 'Clínica Bem Estar S.A.',
      razaoSocial: 'Clínica Bem Estar S.A.',
      analisadoEm: '2026-11-05T18:00:00.000Z',
    });
    expect(byId.get(pj.started!)).toMatchObject({ name: null, razaoSocial: null, document: null });
  });

  it.each([
    ['hospital sao', ['hospital'], 'razão social, without accents'],
    ['CLÍNICA', ['clinica'], 'razão social, upper case'],
    ['labanalise', ['lab'], 'nome fantasia'],
    ['São Luc', ['hospital'], 'nome fantasia and razão social'],
    ['bemestar.com', ['clinica'], 'e-mail'],
    ['pj-20261103', ['lab'], 'protocolo'],
    ['12.ABC.345/01DE-35', ['hospital'], 'alphanumeric CNPJ, masked'],
    ['12abc34501de35', ['hospital'], 'alphanumeric CNPJ, lower case'],
    ['ABC345', ['hospital'], 'part of an alphanumeric CNPJ'],
    ['11.222.333/0001-81', ['clinica'], 'numeric CNPJ, masked'],
    ['333/0001', ['clinica'], 'part of a masked CNPJ'],
  ])('finds %j (%s)', async (search, expected) => {
    expect(await ids('pj', { search })).toEqual(names(pj, expected));
  });

  it('matches 1-2 character terms only at the start of the CNPJ and the protocolo', async () => {
    expect(await ids('pj', { search: '12' })).toEqual([pj.hospital]);
    expect(await ids('pj', { search: 'pj' })).toEqual(names(pj, ['lab', 'clinica', 'hospital']));
    expect(await ids('pj', { search: '98' })).toEqual([pj.lab]);
    expect(await ids('pj', { search: 'sa' })).toEqual([]);
    expect(await ids('pj', { search: '22' })).toEqual([]);
  });

  it('filters by status and by company type', async () => {
    expect(await ids('pj', { status: 'ENVIADO_PARA_ANALISE' })).toEqual([pj.hospital]);
    expect(await ids('pj', { tipo: 'laboratorio' })).toEqual([pj.lab]);
    const result = await lists.list(
      'pj',
      query({ tipo: 'hospital', status: 'APROVADO' }),
      viewerId,
    );
    expect(result).toMatchObject({ items: [], total: 4, filtered: 0 });
  });

  it('refuses an unknown company type and a PF-only status (400)', async () => {
    await expect(lists.list('pj', query({ tipo: 'farmacia' }), viewerId)).rejects.toMatchObject({
      statusCode: 400,
      message: 'Tipo de empresa inválido.',
    });
    await expect(lists.list('pj', query({ status: 'REJEITADO' }), viewerId)).rejects.toMatchObject({
      statusCode: 400,
    });
  });
});

describe('the CSV export', () => {
  const actor = () => ({ ...admin, ip: '10.9.8.7' });

  it('writes the BOM, the header and one line per visible PF record, formatted', async () => {
    const result = await lists.export('pf', query(), actor());
    expect(result.filename).toBe('onboardings-pf-20261122.csv');
    expect(result.rowCount).toBe(6);
    const text = (await collect(result.chunks)).join('');
    expect(text.startsWith(CSV_BOM)).toBe(true);
    expect(text.slice(1).split('\r\n')[0]).toBe(
      'Protocolo;Nome;CPF;E-mail;Telefone;Status;Etapa;Criado em;Analisado por;Analisado em;Prazo;Responsável',
    );
    const rows = parseCsv(text.slice(1));
    expect(rows).toHaveLength(7);
    expect(rows.slice(1).map((row) => row[1])).toEqual([
      'Lucas Passo Um',
      'Pedro Iniciado',
      'Promo 100% Real',
      'Carla 1000 Souza',
      'Maria Conceição Álvares',
      'João da Silva',
    ]);
    // 13:00 UTC is 10:00 in São Paulo.
    expect(rows[6]).toEqual([
      'MEDI-20261101-0001',
      'João da Silva',
      '529.982.247-25',
      'joao_silva@example.com',
      '(11) 98765-4321',
      'Em Análise',
      '6/6',
      '01/11/2026 10:00',
      '',
      '',
      '',
      '',
    ]);
    expect(rows[5]).toEqual([
      'MEDI-20261102-0002',
      'Maria Conceição Álvares',
      '111.444.777-35',
      'maria.alvares@example.com',
      '',
      'Aprovado',
      '6/6',
      '01/11/2026 11:00',
      'revisora@medipay.test',
      '10/11/2026 22:30',
      '',
      '',
    ]);
    expect(rows[1]).toEqual([
      '',
      'Lucas Passo Um',
      '',
      '',
      '',
      'Iniciado',
      '1/6',
      '01/11/2026 17:00',
      '',
      '',
      '',
      '',
    ]);
  });

  it('applies the filters and the sort, and audits the export once', async () => {
    await database.db.delete(adminActions);
    const result = await lists.export(
      'pf',
      query({ search: 'example.com', status: 'APROVADO', sort: 'created_asc' }),
      actor(),
    );
    const rows = parseCsv((await collect(result.chunks)).join('').slice(1));
    expect(rows.slice(1).map((row) => row[0])).toEqual(['MEDI-20261102-0002']);
    const audit = await database.db
      .select()
      .from(adminActions)
      .where(eq(adminActions.action, EXPORT_AUDIT_ACTION));
    expect(audit).toEqual([
      expect.objectContaining({
        adminUserId: admin.id,
        adminEmail: admin.email,
        onboardingType: 'PF',
        onboardingId: null,
        ip: '10.9.8.7',
        observacoes:
          'Exportação CSV PF: 1 registro; filtros: busca "example.com", status APROVADO; ordem: mais antigos primeiro',
        createdAt: clock.now(),
      }),
    ]);
  });

  it('writes the PJ columns with the CNPJ mask and the type label', async () => {
    const result = await lists.export('pj', query({ tipo: 'hospital' }), actor());
    expect(result.filename).toBe('onboardings-pj-20261122.csv');
    const rows = parseCsv((await collect(result.chunks)).join('').slice(1));
    expect(rows).toEqual([
      [
        'Protocolo',
        'Razão social',
        'Nome fantasia',
        'CNPJ',
        'Tipo',
        'E-mail',
        'Status',
        'Etapa',
        'Criado em',
        'Analisado por',
        'Analisado em',
        'Prazo',
        'Responsável',
      ],
      [
        'PJ-20261101-1001',
        'Hospital São Lucas Ltda',
        'São Lucas',
        '12.ABC.345/01DE-35',
        'Hospital',
        'contato@saolucas.com.br',
        'Enviado para Análise',
        '6/6',
        '01/11/2026 10:00',
        '',
        '',
        '',
        '',
      ],
    ]);
  });

  it('refuses an unknown type before auditing anything', async () => {
    await database.db.delete(adminActions);
    await expect(lists.export('pj', query({ tipo: 'farmacia' }), actor())).rejects.toMatchObject({
      statusCode: 400,
    });
    expect(await database.db.select().from(adminActions)).toEqual([]);
  });
});

describe('due times and holders', () => {
  let cases: TestDatabase;
  let caseLists: ReviewLists;
  /** The signed-in admin here (the export's audit refers to an account). */
  let me: { id: string; email: string };
  const c: Record<string, string> = {};
  /** The end of a São Paulo day (23:59:59.999 at UTC-3), as addBusinessDays writes due times. */
  const endOfDay = (day: number) => new Date(Date.UTC(2026, 10, day + 1, 2, 59, 59, 999));
  const holder = 'analista@medipay.test';
  const ids = async (flow: ReviewFlow, values: Record<string, unknown>) =>
    (await caseLists.list(flow, query(values), me.id)).items.map((item) => item.id);

  beforeAll(async () => {
    cases = await createTestDatabase();
    const db = cases.db;
    caseLists = createReviewLists({ db, clock });
    me = await insertAdmin(db);
    const pending = { status: 'EM_ANALISE', currentStep: 6 } as const;
    // The clock: Sunday 22 November 2026, 09:00 in São Paulo.
    c.overdue = await insertPf(db, {
      ...pending,
      nomeCompleto: 'Atrasada',
      prazoAnalise: endOfDay(19),
      createdAt: hour(1),
    });
    c.justPassed = await insertPf(db, {
      ...pending,
      nomeCompleto: 'Passou agora',
      prazoAnalise: new Date(clock.now().getTime() - 1),
      createdAt: hour(2),
    });
    c.dueNow = await insertPf(db, {
      ...pending,
      nomeCompleto: 'Vence agora',
      prazoAnalise: clock.now(),
      createdAt: hour(3),
    });
    c.dueToday = await insertPf(db, {
      ...pending,
      nomeCompleto: 'Vence hoje',
      prazoAnalise: endOfDay(22),
      analistaId: me.id,
      analistaEmail: holder,
      createdAt: hour(4),
    });
    // Two due at the same time: the sort orders them by id.
    c.laterA = await insertPf(db, {
      ...pending,
      nomeCompleto: 'No prazo A',
      prazoAnalise: endOfDay(24),
      analistaId: randomUUID(),
      analistaEmail: 'outra@medipay.test',
      createdAt: hour(5),
    });
    c.laterB = await insertPf(db, {
      ...pending,
      nomeCompleto: 'No prazo B',
      prazoAnalise: endOfDay(24),
      createdAt: hour(6),
    });
    c.noDue = await insertPf(db, { ...pending, nomeCompleto: 'Sem prazo', createdAt: hour(7) });
    // Decided: the due time it had is kept, but no longer runs.
    c.decided = await insertPf(db, {
      nomeCompleto: 'Aprovada',
      status: 'APROVADO',
      currentStep: 6,
      prazoAnalise: endOfDay(19),
      analistaId: me.id,
      analistaEmail: holder,
      createdAt: hour(8),
    });
    c.pjSent = await insertPj(db, {
      razaoSocial: 'Enviada Ltda',
      status: 'ENVIADO_PARA_ANALISE',
      currentStep: 6,
      prazoAnalise: endOfDay(20),
      createdAt: hour(1),
    });
    c.pjReview = await insertPj(db, {
      razaoSocial: 'Em Análise Ltda',
      status: 'EM_ANALISE',
      currentStep: 6,
      prazoAnalise: endOfDay(22),
      analistaId: me.id,
      analistaEmail: holder,
      createdAt: hour(2),
    });
    c.pjRequirements = await insertPj(db, {
      razaoSocial: 'Em Exigência Ltda',
      status: 'EM_EXIGENCIA',
      currentStep: 6,
      prazoAnalise: endOfDay(19),
      createdAt: hour(3),
    });
  });
  afterAll(async () => {
    await cases.close();
  });

  it('shows the due time and its standing while the case awaits analysis, and the holder', async () => {
    const result = await caseLists.list('pf', query({ pageSize: 50 }), me.id);
    const byId = new Map(result.items.map((item) => [item.id, item]));
    expect(byId.get(c.overdue!)).toMatchObject({
      prazoAnalise: '2026-11-20T02:59:59.999Z',
      prazoStatus: 'atrasado',
      analistaEmail: null,
    });
    expect(byId.get(c.justPassed!)).toMatchObject({ prazoStatus: 'atrasado' });
    expect(byId.get(c.dueNow!)).toMatchObject({ prazoStatus: 'vence_hoje' });
    expect(byId.get(c.dueToday!)).toMatchObject({
      prazoAnalise: '2026-11-23T02:59:59.999Z',
      prazoStatus: 'vence_hoje',
      analistaEmail: holder,
    });
    expect(byId.get(c.laterA!)).toMatchObject({
      prazoStatus: 'no_prazo',
      analistaEmail: 'outra@medipay.test',
    });
    expect(byId.get(c.noDue!)).toMatchObject({ prazoAnalise: null, prazoStatus: null });
    expect(byId.get(c.decided!)).toMatchObject({
      status: 'APROVADO',
      prazoAnalise: null,
      prazoStatus: null,
      analistaEmail: holder,
    });
    const pj = await caseLists.list('pj', query(), me.id);
    expect(pj.items.map((item) => [item.status, item.prazoStatus])).toEqual([
      ['EM_EXIGENCIA', null],
      ['EM_ANALISE', 'vence_hoje'],
      ['ENVIADO_PARA_ANALISE', 'atrasado'],
    ]);
  });

  it('filters the cases due later today and the overdue ones, pending only', async () => {
    expect(await ids('pf', { prazo: 'vence_hoje' })).toEqual([c.dueToday, c.dueNow]);
    expect(await ids('pf', { prazo: 'atrasados' })).toEqual([c.justPassed, c.overdue]);
    expect(await ids('pj', { prazo: 'vence_hoje' })).toEqual([c.pjReview]);
    expect(await ids('pj', { prazo: 'atrasados' })).toEqual([c.pjSent]);
    const result = await caseLists.list('pf', query({ prazo: 'atrasados' }), me.id);
    expect(result).toMatchObject({ total: 8, filtered: 2 });
  });

  it("lists the signed-in admin's cases ('Minhas análises'), with the other filters", async () => {
    expect(await ids('pf', { analista: 'minhas' })).toEqual([c.decided, c.dueToday]);
    expect(await ids('pf', { analista: 'minhas', prazo: 'vence_hoje' })).toEqual([c.dueToday]);
    expect(await ids('pf', { analista: 'minhas', status: 'APROVADO' })).toEqual([c.decided]);
    expect(await ids('pj', { analista: 'minhas' })).toEqual([c.pjReview]);
    const other = await caseLists.list('pf', query({ analista: 'minhas' }), randomUUID());
    expect(other.items).toEqual([]);
  });

  it('sorts the pending cases by due time, soonest first, and pages on it both ways', async () => {
    const order = [c.overdue, c.justPassed, c.dueNow, c.dueToday, ...[c.laterA, c.laterB].sort()];
    expect(await ids('pf', { sort: 'prazo_asc' })).toEqual(order);
    expect(await ids('pj', { sort: 'prazo_asc' })).toEqual([c.pjSent, c.pjReview]);
    expect(await caseLists.list('pf', query({ sort: 'prazo_asc' }), me.id)).toMatchObject({
      total: 8,
      filtered: 6,
    });

    // Pages of two (the routes take 10 at least; the service pages any size alike).
    const pageOf = (page: number, position: { after?: string; before?: string } = {}) =>
      caseLists.list(
        'pf',
        { ...query({ sort: 'prazo_asc', page }), pageSize: 2, ...position },
        me.id,
      );
    const pages = [await pageOf(1)];
    while (pages.at(-1)!.next)
      pages.push(await pageOf(pages.length + 1, { after: pages.at(-1)!.next! }));
    expect(pages.map((page) => page.items.map((item) => item.id))).toEqual([
      order.slice(0, 2),
      order.slice(2, 4),
      order.slice(4),
    ]);
    const back = await pageOf(2, { before: pages[2]!.previous! });
    expect(back.items.map((item) => item.id)).toEqual(order.slice(2, 4));
    const top = await pageOf(1, { before: back.previous! });
    expect(top.items.map((item) => item.id)).toEqual(order.slice(0, 2));
    expect(top.previous).toBeNull();
    // The cursor holds the due time: a page after it starts after that case in the due order.
    expect(decodeCursor(pages[0]!.next!)).toEqual({
      createdAt: '2026-11-22 11:59:59.999+00',
      id: c.justPassed,
    });
  });

  it('writes the due time and the holder in the CSV, with the filters in the audit', async () => {
    await cases.db.delete(adminActions);
    const actor = { ...me, ip: '10.9.8.7' };
    const result = await caseLists.export(
      'pf',
      query({ sort: 'prazo_asc', analista: 'minhas' }),
      actor,
    );
    const rows = parseCsv((await collect(result.chunks)).join('').slice(1));
    expect(rows[0]?.slice(-2)).toEqual(['Prazo', 'Responsável']);
    expect(rows.slice(1).map((row) => [row[1], ...row.slice(-2)])).toEqual([
      ['Vence hoje', '22/11/2026 23:59', holder],
    ]);
    const all = parseCsv(
      (await collect((await caseLists.export('pf', query(), actor)).chunks)).join('').slice(1),
    );
    const line = (name: string) => all.find((row) => row[1] === name)?.slice(-2);
    expect(line('Atrasada')).toEqual(['19/11/2026 23:59', '']);
    expect(line('Aprovada')).toEqual(['', holder]);
    const audit = await cases.db
      .select({ observacoes: adminActions.observacoes })
      .from(adminActions)
      .where(eq(adminActions.action, EXPORT_AUDIT_ACTION));
    expect(audit[0]?.observacoes).toBe(
      'Exportação CSV PF: 1 registro; filtros: Minhas análises; ordem: prazo mais próximo primeiro',
    );
    const overdue = await caseLists.export('pj', query({ prazo: 'atrasados' }), actor);
    expect(overdue.rowCount).toBe(1);
  });
});

describe('paging and export batches', () => {
  let many: TestDatabase;
  let manyLists: ReviewLists;
  /** Names in list order (newest first, then id descending). */
  let expectedOrder: string[];

  beforeAll(async () => {
    many = await createTestDatabase();
    manyLists = createReviewLists({ db: many.db, clock, exportBatchSize: 4 });
    for (let index = 1; index <= 23; index += 1) {
      await insertPf(many.db, {
        nomeCompleto: `Pessoa ${String(index).padStart(2, '0')}`,
        status: 'EM_ANALISE',
        currentStep: 6,
        // Three pairs share their creation time: the keyset walk must not skip or repeat them.
        createdAt: hour(index % 8 === 0 ? index - 1 : index),
      });
    }
    await insertPf(many.db, {
      nomeCompleto: 'Ana "Paulinha"; Souza\nSegunda linha',
      email: '=cmd@evil.example',
      status: 'APROVADO',
      currentStep: 6,
      createdAt: hour(30),
    });
    await insertPf(many.db, {
      nomeCompleto: '=HYPERLINK("http://evil.example";"clique")',
      email: '@SUM(1+1)@evil.example',
      telefone: '-2+3',
      status: 'NEGADO',
      currentStep: 6,
      createdAt: hour(31),
    });
    const all = await manyLists.list('pf', query({ pageSize: 50 }), viewerId);
    expectedOrder = all.items.map((item) => item.name ?? '');
  });
  afterAll(async () => {
    await many.close();
  });

  /** The names of a page. */
  const namesOf = (list: { items: { name: string | null }[] }) =>
    list.items.map((item) => item.name ?? '');

  it('walks the pages with Próxima: first, middle and last page, then back with Anterior', async () => {
    expect(expectedOrder).toHaveLength(25);
    const first = await manyLists.list('pf', query({ pageSize: 10 }), viewerId);
    expect(first).toMatchObject({ total: 25, filtered: 25, page: 1, previous: null });
    expect(namesOf(first)).toEqual(expectedOrder.slice(0, 10));
    expect(first.next).toEqual(expect.any(String));

    const middle = await manyLists.list(
      'pf',
      query({ page: 2, pageSize: 10, after: first.next }),
      viewerId,
    );
    expect(namesOf(middle)).toEqual(expectedOrder.slice(10, 20));
    expect(middle).toMatchObject({
      page: 2,
      next: expect.any(String),
      previous: expect.any(String),
    });

    const last = await manyLists.list(
      'pf',
      query({ page: 3, pageSize: 10, after: middle.next }),
      viewerId,
    );
    expect(namesOf(last)).toEqual(expectedOrder.slice(20));
    expect(last.next).toBeNull();

    // Anterior from the last page shows the middle one again, and from there the first.
    const back = await manyLists.list(
      'pf',
      query({ page: 2, pageSize: 10, before: last.previous }),
      viewerId,
    );
    expect(namesOf(back)).toEqual(expectedOrder.slice(10, 20));
    expect(back.next).toBe(middle.next);
    const top = await manyLists.list(
      'pf',
      query({ page: 1, pageSize: 10, before: back.previous }),
      viewerId,
    );
    expect(namesOf(top)).toEqual(expectedOrder.slice(0, 10));
    expect(top.previous).toBeNull();
  });

  it('walks oldest first too, ties on created_at ordered by id', async () => {
    const walked: string[] = [];
    let after: string | undefined;
    for (let page = 1; page <= 5; page += 1) {
      const result = await manyLists.list(
        'pf',
        query({ page, pageSize: 10, sort: 'created_asc', after }),
        viewerId,
      );
      walked.push(...namesOf(result));
      if (!result.next) break;
      after = result.next;
    }
    expect(walked).toEqual([...expectedOrder].reverse());
  });

  it('counts a page number without a cursor from the top, as far as the count cap', async () => {
    const page2 = await manyLists.list('pf', query({ page: 2, pageSize: 10 }), viewerId);
    expect(namesOf(page2)).toEqual(expectedOrder.slice(10, 20));
    expect(page2.previous).toEqual(expect.any(String));
    const capped = createReviewLists({ db: many.db, clock, countCap: 15 });
    await expect(
      capped.list('pf', query({ page: 3, pageSize: 10 }), viewerId),
    ).rejects.toMatchObject({
      statusCode: 400,
      message: 'Página distante demais. Use Próxima e Anterior a partir da primeira página.',
    });
    // The same page reached with Próxima is served.
    const first = await capped.list('pf', query({ pageSize: 10 }), viewerId);
    const second = await capped.list(
      'pf',
      query({ page: 2, pageSize: 10, after: first.next }),
      viewerId,
    );
    const third = await capped.list(
      'pf',
      query({ page: 3, pageSize: 10, after: second.next }),
      viewerId,
    );
    expect(namesOf(third)).toEqual(expectedOrder.slice(20));
  });

  it.each([
    ['not base64 JSON', { after: 'x' }],
    ['an array of something else', { after: Buffer.from('[1,2]').toString('base64url') }],
    [
      'a date that is not one',
      {
        before: Buffer.from('["ontem","00000000-0000-0000-0000-000000000000"]').toString(
          'base64url',
        ),
      },
    ],
    [
      'a date that no calendar has',
      {
        after: Buffer.from(
          '["2026-02-30 12:00:00+00","00000000-0000-0000-0000-000000000000"]',
        ).toString('base64url'),
      },
    ],
    ['after and before at once', { after: 'a', before: 'b' }],
  ])('refuses a cursor that is %s (400)', async (_, values) => {
    // The route's schema refuses them first (review-list.routes.test.ts); the service checks
    // again for any other caller, so the query here does not go through the schema.
    await expect(manyLists.list('pf', { ...query(), ...values }, viewerId)).rejects.toMatchObject({
      statusCode: 400,
      message: 'Posição da lista inválida. Volte à primeira página.',
    });
  });

  it('reads a cursor back as it was made', async () => {
    const first = await manyLists.list('pf', query({ pageSize: 10 }), viewerId);
    const cursor = decodeCursor(first.next!);
    expect(cursor.id).toBe(first.items[9]!.id);
    expect(new Date(cursor.createdAt).toISOString()).toBe(first.items[9]!.createdAt);
  });

  it('streams an export in batches, every row once, in the list order', async () => {
    const admin2 = await insertAdmin(many.db);
    const result = await manyLists.export('pf', query(), admin2);
    const chunks = await collect(result.chunks);
    // The header, then ceil(25 / 4) = 7 batches.
    expect(chunks).toHaveLength(8);
    const rows = parseCsv(chunks.join('').slice(1));
    // The formula-like name gets its apostrophe.
    const inCsv = expectedOrder.map((name) => (name.startsWith('=') ? `'${name}` : name));
    expect(rows.slice(1).map((row) => row[1])).toEqual(inCsv);
    const asc = parseCsv(
      (await collect((await manyLists.export('pf', query({ sort: 'created_asc' }), admin2)).chunks))
        .join('')
        .slice(1),
    );
    expect(asc.slice(1).map((row) => row[1])).toEqual([...inCsv].reverse());
  });

  it('quotes separators, quotes and line breaks, and neutralises formulas', async () => {
    const admin2 = await insertAdmin(many.db);
    const result = await manyLists.export('pf', query({ status: 'NEGADO' }), admin2);
    const text = (await collect(result.chunks)).join('');
    expect(text).toContain(
      `;"'=HYPERLINK(""http://evil.example"";""clique"")";;'@SUM(1+1)@evil.example;'-2+3;Negado;`,
    );
    const quoted = await manyLists.export('pf', query({ status: 'APROVADO' }), admin2);
    const rows = parseCsv((await collect(quoted.chunks)).join('').slice(1));
    expect(rows[1]?.slice(0, 4)).toEqual([
      '',
      'Ana "Paulinha"; Souza\nSegunda linha',
      '',
      "'=cmd@evil.example",
    ]);
  });
});

describe('a row added between two pages', () => {
  let fresh: TestDatabase;
  const namesOf = (list: { items: { name: string | null }[] }) =>
    list.items.map((item) => item.name ?? '');

  beforeAll(async () => {
    fresh = await createTestDatabase();
  });
  afterAll(async () => {
    await fresh.close();
  });

  it('neither repeats nor loses a row when one is added between two pages', async () => {
    const db = fresh.db;
    const service = createReviewLists({ db, clock });
    const made: string[] = [];
    for (let index = 1; index <= 12; index += 1) {
      made.push(
        await insertPf(db, {
          nomeCompleto: `Fila ${index}`,
          status: 'EM_ANALISE',
          currentStep: 6,
          createdAt: hour(index),
        }),
      );
    }
    const first = await service.list('pf', query({ pageSize: 10 }), viewerId);
    expect(namesOf(first)).toEqual([
      'Fila 12',
      'Fila 11',
      'Fila 10',
      'Fila 9',
      'Fila 8',
      'Fila 7',
      'Fila 6',
      'Fila 5',
      'Fila 4',
      'Fila 3',
    ]);
    // A new application arrives on top (newest) and one with an older date below the page.
    await insertPf(db, {
      nomeCompleto: 'Nova',
      status: 'EM_ANALISE',
      currentStep: 6,
      createdAt: hour(20),
    });
    await insertPf(db, {
      nomeCompleto: 'Antiga',
      status: 'EM_ANALISE',
      currentStep: 6,
      createdAt: hour(0),
    });
    const second = await service.list(
      'pf',
      query({ page: 2, pageSize: 10, after: first.next }),
      viewerId,
    );
    // With OFFSET 10, 'Fila 3' would show again and 'Antiga' would be the only new row.
    expect(namesOf(second)).toEqual(['Fila 2', 'Fila 1', 'Antiga']);
    expect(second).toMatchObject({ total: 14, filtered: 14, next: null });
  });
});

describe('capped counts', () => {
  let counted: TestDatabase;
  const person = (name: string, status = 'EM_ANALISE') =>
    insertPf(counted.db, { nomeCompleto: name, status, currentStep: 6 });

  beforeAll(async () => {
    counted = await createTestDatabase();
    for (const name of ['Ana Lima', 'Bruno Lima', 'Caio Lima', 'Dora Souza', 'Eva Souza']) {
      await person(name);
    }
    await person('Fábio Rocha', 'APROVADO');
    // Abandoned sessions count for nothing.
    await insertPf(counted.db, { status: 'INICIADO', currentStep: 1 });
  });
  afterAll(async () => {
    await counted.close();
  });

  it('counts exactly up to the cap', async () => {
    const service = createReviewLists({ db: counted.db, clock, countCap: 6 });
    expect(await service.list('pf', query(), viewerId)).toMatchObject({
      total: 6,
      totalCapped: false,
      filtered: 6,
      filteredCapped: false,
    });
  });

  it('says "more than the cap" above it, for the total and the filtered alike', async () => {
    const service = createReviewLists({ db: counted.db, clock, countCap: 2 });
    const all = await service.list('pf', query(), viewerId);
    expect(all).toMatchObject({ total: 2, totalCapped: true, filtered: 2, filteredCapped: true });
    // The page itself is whole.
    expect(all.items).toHaveLength(6);
    const lima = await service.list('pf', query({ search: 'lima' }), viewerId);
    expect(lima).toMatchObject({ total: 2, totalCapped: true, filtered: 2, filteredCapped: true });
    expect(lima.items.map((item) => item.name)).toEqual(['Caio Lima', 'Bruno Lima', 'Ana Lima']);
    const souza = await service.list('pf', query({ search: 'souza' }), viewerId);
    expect(souza).toMatchObject({
      total: 2,
      totalCapped: true,
      filtered: 2,
      filteredCapped: false,
    });
    const approved = await service.list('pf', query({ status: 'APROVADO' }), viewerId);
    expect(approved).toMatchObject({ totalCapped: true, filtered: 1, filteredCapped: false });
  });

  it('counts the PJ list the same way', async () => {
    for (const name of ['Clínica Um', 'Clínica Dois', 'Hospital Três']) {
      await insertPj(counted.db, { razaoSocial: name, status: 'EM_ANALISE', currentStep: 6 });
    }
    const service = createReviewLists({ db: counted.db, clock, countCap: 2 });
    expect(await service.list('pj', query(), viewerId)).toMatchObject({
      total: 2,
      totalCapped: true,
      filtered: 2,
      filteredCapped: true,
    });
    expect(await service.list('pj', query({ search: 'hospital' }), viewerId)).toMatchObject({
      total: 2,
      totalCapped: true,
      filtered: 1,
      filteredCapped: false,
    });
    const first = await service.list('pj', query({ pageSize: 10 }), viewerId);
    expect(first.items.map((item) => item.name)).toEqual([
      'Hospital Três',
      'Clínica Dois',
      'Clínica Um',
    ]);
    expect(first.next).toBeNull();
  });
});

describe.skipIf(!process.env.TEST_DATABASE_URL)('the query plans (PostgreSQL)', () => {
  let planned: TestDatabase;

  beforeAll(async () => {
    planned = await createTestDatabase();
    await planned.executeSql(`
      insert into applicant_sessions (id, flow)
        select 'sess_plan_' || g, 'PF' from generate_series(1, 30000) g;
      insert into onboarding_pf (session_id, nome_completo, email, cpf, protocolo, status, current_step, created_at, biometria_decisao, prazo_analise)
        select 'sess_plan_' || g,
               (array['João', 'Maria', 'Ana', 'Pedro', 'Lúcia'])[g % 5 + 1] || ' ' ||
               (array['Silva', 'Souza', 'Conceição', 'Pereira', 'Álvares', 'Lima', 'Costa'])[g % 7 + 1] || ' ' || g,
               'pessoa' || g || '@example.com',
               lpad(((g::bigint * 7919) % 100000000000)::text, 11, '0'),
               'MEDI-20261101-' || lpad(g::text, 4, '0') || '-' || g,
               (array['EM_ANALISE', 'APROVADO', 'NEGADO', 'INICIADO'])[g % 4 + 1],
               case when g % 4 = 3 then 2 else 6 end,
               now() - g * interval '1 minute',
               case when g % 4 = 3 then null when g % 97 = 0 then 'em_revisao' else 'aprovado' end,
               now() + (g % 500 - 250) * interval '1 hour'
        from generate_series(1, 30000) g;
    `);
    // As autovacuum leaves a table: statistics, and the visibility map of index-only scans.
    await planned.executeSql('vacuum analyze onboarding_pf');
  });
  afterAll(async () => {
    await planned?.close();
  });

  async function plan(
    flow: ReviewFlow,
    search?: string,
    status?: string,
    biometria?: 'em_revisao',
    more: Partial<ListFilters> = {},
  ): Promise<string> {
    return planned.db.transaction(async (tx) => {
      await tx.execute(sql`set local enable_seqscan = off`);
      const where = filteredCondition(flow, { search, status, biometria, ...more });
      const result = await tx.execute(sql`explain ${countQuery(tx, flow, where, 10_000)}`);
      return (result.rows as Record<string, string>[]).map((row) => row['QUERY PLAN']).join('\n');
    });
  }

  it('searches a name by its words on the full-text index, the e-mail on its trigrams', async () => {
    // Enough rows that the planner's costs are those of a real table: on a few thousand rows it
    // rightly prefers reading them all.
    const text = await plan('pf', 'Souza');
    expect(text).toMatch(/Bitmap Index Scan on onboarding_pf_nome_fts_idx/);
    expect(text).toMatch(/Bitmap Index Scan on onboarding_pf_email_lower_trgm_idx/);
    expect(text).not.toMatch(/onboarding_pf_nome_trgm_idx/);
    expect(text).not.toMatch(/unaccent|medipay_search_text\(email\)/);
  });

  it('searches words with a space in the name alone: no e-mail or protocolo holds one', async () => {
    // Row 4999 is 'Lúcia Souza 4999'.
    const text = await plan('pf', 'SOUZA 4999');
    expect(text).toMatch(/Bitmap Index Scan on onboarding_pf_nome_fts_idx/);
    expect(text).not.toMatch(/email|protocolo/);
  });

  async function pagePlan(
    search: string | undefined,
    read: PageRead,
    more: Partial<ListFilters> = {},
    order: ReadOrder = 'created_desc',
  ): Promise<string> {
    return planned.db.transaction(async (tx) => {
      const where = filteredCondition('pf', { search, ...more });
      const query = pageQuery(tx, 'pf', where, order, 21, 0, read);
      const result = await tx.execute(sql`explain ${query}`);
      return (result.rows as Record<string, string>[]).map((row) => row['QUERY PLAN']).join('\n');
    });
  }

  it('reads the page of a term few rows hold from its matches, then sorts them', async () => {
    // Whatever the planner guesses of the term, the sort index is not walked row by row.
    const text = await pagePlan('pessoa4999@', 'matches');
    expect(text).toMatch(/Bitmap Index Scan on onboarding_pf_email_lower_trgm_idx/);
    expect(text).toMatch(/Sort/);
    expect(text).not.toMatch(/onboarding_pf_visible_created_idx/);
  });

  it('walks the sort index for a term many rows hold, stopping at a full page', async () => {
    const text = await pagePlan('example', 'walk');
    expect(text).toMatch(/Index Scan using onboarding_pf_visible_created_idx/);
  });

  it('finds a whole CPF on its prefix index, not its trigrams', async () => {
    // Row 4999's CPF, as the seed above makes it.
    const text = await plan('pf', String((4999 * 7919) % 100_000_000_000).padStart(11, '0'));
    expect(text).toMatch(/onboarding_pf_cpf_prefix_idx/);
    expect(text).not.toMatch(/onboarding_pf_cpf_trgm_idx/);
  });

  it('searches a term with symbols anywhere in the name, on its trigram index', async () => {
    const text = await plan('pf', 'souza_49');
    expect(text).toMatch(/Bitmap Index Scan on onboarding_pf_nome_trgm_idx/);
  });

  it('counts a status of the PF list on its partial index, index only', async () => {
    const text = await plan('pf', undefined, 'NEGADO');
    expect(text).toMatch(/Index Only Scan using onboarding_pf_visible_status_created_idx/);
  });

  it('finds the applications em revisão biométrica on their partial index', async () => {
    const text = await plan('pf', undefined, undefined, 'em_revisao');
    expect(text).toMatch(/onboarding_pf_biometria_revisao_idx/);
  });

  it('searches a protocolo from its start on its prefix index, not its trigrams', async () => {
    const text = await plan('pf', 'medi-20261101-0042');
    expect(text).toMatch(/onboarding_pf_protocolo_prefix_idx/);
    expect(text).not.toMatch(/onboarding_pf_protocolo_trgm_idx/);
  });

  it('walks the due-time index for the due-time sort, stopping at a full page', async () => {
    const text = await pagePlan(undefined, 'walk', { queue: true }, 'prazo_asc');
    expect(text).toMatch(/Index Scan using onboarding_pf_prazo_idx/);
    expect(text).not.toMatch(/Sort/);
  });

  it('counts the overdue cases and the ones due today on the due-time index', async () => {
    for (const filter of ['atrasados', 'vence_hoje'] as const) {
      const text = await plan('pf', undefined, undefined, undefined, {
        prazo: { filter, now: new Date() },
      });
      expect(text).toMatch(/onboarding_pf_prazo_idx/);
    }
  });

  it('searches a 2-digit term on the prefix indexes of the CPF and the protocolo', async () => {
    const text = await plan('pf', '12');
    expect(text).toMatch(/onboarding_pf_cpf_prefix_idx/);
    expect(text).toMatch(/onboarding_pf_protocolo_prefix_idx/);
    expect(text).not.toMatch(/trgm/);
  });
});
