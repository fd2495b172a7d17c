import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '@medipay/db/testing/test-database';
import { createTestClock } from '../../../test/test-clock';
import { PEP_HEADER_CURRENT } from './fictitious-lists';
import { runScreeningCli } from './screening-cli';
import { createScreening } from './screening.service';

let database: TestDatabase;
let dir: string;

beforeAll(async () => {
  database = await createTestDatabase();
  dir = await mkdtemp(join(tmpdir(), 'screening-cli-'));
});
afterAll(async () => {
  await database.close();
  await rm(dir, { recursive: true, force: true });
});

async function run(args: string[], input = '') {
  let out = '';
  let err = '';
  const code = await runScreeningCli(args, {
    screening: createScreening({
      db: database.db,
      clock: createTestClock(new Date('2026-11-27T12:00:00Z')),
    }),
    output: { out: (text) => (out += text), err: (text) => (err += text) },
    cwd: dir,
    input: Readable.from([input]),
    operator: 'terminal:ops',
  });
  return { code, out, err };
}

const pepCsv = (rows: string[][]) =>
  Buffer.from(
    [PEP_HEADER_CURRENT, ...rows].map((r) => r.map((f) => `"${f}"`).join(';')).join('\r\n'),
    'latin1',
  );

describe('npm run screening', () => {
  it('imports a list file, and refuses a bad one with its line', async () => {
    await writeFile(
      join(dir, 'bad.csv'),
      pepCsv([['***.708.767-**', 'JOSÉ', 'VER', 'Vereador', '', 'Câmara', '31/02/2020', '', '']]),
    );
    const bad = await run(['import', 'pep', 'bad.csv']);
    expect(bad.code).toBe(1);
    expect(bad.err).toContain('Linha 2: data inválida');
    expect(bad.err).toContain('A versão em vigor foi mantida.');

    await writeFile(
      join(dir, 'pep.csv'),
      pepCsv([
        [
          '***.708.767-**',
          'CONCEIÇÃO APARECIDA FALCÃO',
          'VER',
          'Vereador',
          '',
          'Câmara',
          '01/01/2021',
          '',
          '',
        ],
        [
          '***.111.222-**',
          'RENATO ALVES PRADO',
          'PREF',
          'Prefeito',
          '',
          'Prefeitura',
          '01/01/2017',
          '31/12/2020',
          '31/12/2025',
        ],
        [
          '***.333.444-**',
          'BEATRIZ LIMA TAVARES',
          'PREF',
          'Prefeita',
          '',
          'Prefeitura',
          '01/01/2017',
          '07/12/2021',
          '07/12/2026',
        ],
      ]),
    );
    const ok = await run(['import', 'pep', 'pep.csv']);
    expect(ok).toMatchObject({ code: 0, err: '' });
    expect(ok.out).toContain(
      'pep: versão 1 em vigor, 3 registros (3 novos, 0 alterados, 0 retirados).',
    );
  });

  it('matches JSON lines in order, one JSON line each', async () => {
    const lines = [
      { name: 'Conceicao Aparecida Falcao', cpf: '123.708.767-00', birthDate: '10/04/1970' },
      { name: 'Renato Alves Prado' },
      { name: 'Clínica Falcão', kind: 'PJ', cnpj: '12.345.678/0001-95' },
      // PEP until 07/12/2026: still one on 27/11/2026.
      { name: 'Beatriz Lima Tavares' },
      // No kind: screened as a person and as a company.
      { name: 'Conceição Aparecida Falcão' },
    ].map((line) => JSON.stringify(line));
    const { code, out, err } = await run(['match'], [...lines, '{"cpf":"1"}', ''].join('\n'));
    expect(code).toBe(1);
    expect(err).toBe(
      'linha 6: esperado {"name", "cpf", "birthDate", "kind": "PF" ou "PJ", "cnpj"} com ao menos "name"\n',
    );
    const answers = out
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as { hits: unknown[] });
    expect(answers).toHaveLength(5);
    expect(answers[0]!.hits).toEqual([
      {
        list: 'pep',
        entryId: expect.stringMatching(/^pep:/),
        name: 'CONCEIÇÃO APARECIDA FALCÃO',
        score: expect.any(Number),
        reasons: expect.arrayContaining(['dígitos visíveis do CPF iguais']),
      },
    ]);
    // The grace period ended on 31/12/2025: no longer a PEP.
    expect(answers[1]!.hits).toEqual([]);
    expect(answers[2]!.hits).toEqual([]);
    expect(answers[3]!.hits).toMatchObject([
      {
        name: 'BEATRIZ LIMA TAVARES',
        reasons: expect.arrayContaining(['PEP até 07/12/2026 (fim da carência)']),
      },
    ]);
    expect(answers[4]!.hits).toHaveLength(1);
  });
});
