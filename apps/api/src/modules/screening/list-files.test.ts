import { describe, expect, it } from 'vitest';

import {
  fictitiousPepFile,
  fictitiousSanctionsFile,
  fictitiousUnListXml,
  PEP_HEADER_CURRENT,
  PEP_HEADER_OLDER,
  sanctionsHeader,
} from './fictitious-lists';
import {
  contentHash,
  ListFileError,
  parseListFile,
  parsePepFile,
  parseSanctionsFile,
  parseUnListFile,
  type PepEntry,
  type UnEntry,
} from './list-files';

const latin1 = (text: string): Uint8Array => new Uint8Array(Buffer.from(text, 'latin1'));
const utf8 = (text: string): Uint8Array => new TextEncoder().encode(text);

const PEP_ROW = [
  '***.708.767-**',
  'JOSÉ DA CONCEIÇÃO',
  'DAS 101.5',
  'Diretor de Programa',
  'DAS-5',
  'Ministério da Saúde',
  '01/02/2019',
  '31/12/2021',
  '31/12/2026',
];

function pepCsv(header: readonly string[], rows: readonly (readonly string[])[], eol = '\r\n') {
  return latin1([header, ...rows].map((r) => r.join(';')).join(eol) + eol);
}

function refusal(run: () => unknown): string {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(ListFileError);
    return (error as Error).message;
  }
  throw new Error('the file was not refused');
}

describe('PEP file', () => {
  it('reads the current header, latin-1 accents, masked CPF and dates', () => {
    const [entry] = parsePepFile(pepCsv(PEP_HEADER_CURRENT, [PEP_ROW]));
    expect(entry).toMatchObject({
      list: 'pep',
      names: ['JOSÉ DA CONCEIÇÃO'],
      cpfMiddleDigits: '708767',
      functionAcronym: 'DAS 101.5',
      agency: 'Ministério da Saúde',
      startDate: '2019-02-01',
      endDate: '2021-12-31',
      graceEndDate: '2026-12-31',
    });
    expect(entry?.id).toMatch(/^pep:[0-9a-f]{32}$/);
    const { contentHash: hash, ...rest } = entry as PepEntry;
    expect(hash).toBe(contentHash(rest));
  });

  it('reads the older upper-case header with columns in another order, LF and quoted fields', () => {
    const header = [...PEP_HEADER_OLDER].reverse();
    const row = [...PEP_ROW].reverse().map((f) => `"${f}"`);
    row[3] = '"Ministério ""da"" Saúde; Sede"';
    const [entry] = parsePepFile(pepCsv(header, [row], '\n'));
    expect(entry?.agency).toBe('Ministério "da" Saúde; Sede');
    expect(entry?.names).toEqual(['JOSÉ DA CONCEIÇÃO']);
    expect(entry?.graceEndDate).toBe('2026-12-31');
  });

  it('reads a quoted field that spans lines and counts lines from where a record starts', () => {
    const multi = [...PEP_ROW];
    multi[3] = '"Diretor\r\nde Programa"';
    const bad = [...PEP_ROW];
    bad[6] = '00/01/2019';
    const bytes = pepCsv(PEP_HEADER_CURRENT, [multi, bad]);
    expect(refusal(() => parsePepFile(bytes))).toBe(
      'Linha 4: data inválida em Data_Início_Exercício (00/01/2019).',
    );
    const [entry] = parsePepFile(pepCsv(PEP_HEADER_CURRENT, [multi]));
    expect(entry?.functionDescription).toBe('Diretor\nde Programa');
  });

  it('keeps the same id for the same row and tells repeated rows apart', () => {
    const a = parsePepFile(pepCsv(PEP_HEADER_CURRENT, [PEP_ROW, PEP_ROW]));
    const b = parsePepFile(pepCsv(PEP_HEADER_OLDER, [PEP_ROW]));
    expect(a[0]?.id).toBe(b[0]?.id);
    expect(a[1]?.id).toBe(`${a[0]?.id}:2`);
  });

  it('refuses an impossible date with its line number', () => {
    const bad = [...PEP_ROW];
    bad[8] = '31/02/2024';
    const message = refusal(() => parsePepFile(pepCsv(PEP_HEADER_CURRENT, [PEP_ROW, bad])));
    expect(message).toBe('Linha 3: data inválida em Data_Fim_Carência (31/02/2024).');
  });

  it('refuses a line with a wrong number of fields or broken quotes', () => {
    const short = PEP_ROW.slice(0, 5);
    expect(refusal(() => parsePepFile(pepCsv(PEP_HEADER_CURRENT, [PEP_ROW, PEP_ROW, short])))).toBe(
      'Linha 4: 5 campos, o cabeçalho tem 9.',
    );
    const quoted = [...PEP_ROW];
    quoted[1] = '"JOSÉ"X';
    expect(refusal(() => parsePepFile(pepCsv(PEP_HEADER_CURRENT, [quoted])))).toBe(
      'Linha 2: aspas mal formadas.',
    );
  });

  it('refuses a header without a required column', () => {
    const header = PEP_HEADER_CURRENT.filter((h) => h !== 'Nome_PEP');
    const row = PEP_ROW.filter((_, i) => i !== 1);
    expect(refusal(() => parsePepFile(pepCsv(header, [row])))).toBe(
      'Cabeçalho sem a coluna obrigatória Nome_PEP.',
    );
  });

  it('refuses a badly masked CPF', () => {
    const bad = [...PEP_ROW];
    bad[0] = '123.708.767-00';
    expect(refusal(() => parsePepFile(pepCsv(PEP_HEADER_CURRENT, [bad])))).toBe(
      'Linha 2: CPF mascarado inválido (123.708.767-00).',
    );
  });
});

describe('CEIS and CNEP files', () => {
  function sanctionsCsv(
    list: 'ceis' | 'cnep',
    variant: 'current' | 'older',
    values: Record<string, string>,
  ) {
    const header = sanctionsHeader(list, variant);
    return pepCsv(header, [header.map((h) => values[h] ?? '')]);
  }
  const base = {
    'CÓDIGO DA SANÇÃO': '98765',
    'TIPO DE PESSOA (F/J)': 'J',
    'CPF OU CNPJ DO SANCIONADO': '12.345.678/0001-90',
    'NOME DO SANCIONADO': 'CONSTRUÇÕES GONÇALVES LTDA',
    'RAZÃO SOCIAL - CADASTRO RECEITA': 'CONSTRUCOES GONCALVES LTDA',
    'NOME FANTASIA - CADASTRO RECEITA': 'Gonçalves Obras',
    'CATEGORIA DA SANÇÃO': 'Inidoneidade - Lei 8.666/1993',
    'VALOR DA MULTA': '1.234,5',
    'DATA INÍCIO SANÇÃO': '10/03/2022',
    'DATA FINAL SANÇÃO': 'Sem informação',
    'DATA PUBLICAÇÃO': '11/03/2022',
    'ÓRGÃO SANCIONADOR': 'Prefeitura Municipal de São João',
    'ABRAGÊNCIA DA SANÇÃO': 'Todas as esferas',
    'ABRANGÊNCIA DEFINIDA EM DECISÃO JUDICIAL': 'Esfera municipal',
  };

  it('reads a CEIS file with the current header', () => {
    const [entry] = parseSanctionsFile('ceis', sanctionsCsv('ceis', 'current', base));
    expect(entry).toMatchObject({
      list: 'ceis',
      id: '98765',
      personType: 'J',
      documentDigits: '12345678000190',
      documentMasked: false,
      names: ['CONSTRUÇÕES GONÇALVES LTDA', 'Gonçalves Obras'],
      startDate: '2022-03-10',
      endDate: null,
      publicationDate: '2022-03-11',
      sanctioningBody: 'Prefeitura Municipal de São João',
      scope: 'Todas as esferas',
      fineAmount: null,
    });
  });

  it('reads a CNEP file with the older header and its fine', () => {
    const [entry] = parseListFile('cnep', sanctionsCsv('cnep', 'older', base));
    expect(entry).toMatchObject({ list: 'cnep', fineAmount: '1234.50', scope: 'Esfera municipal' });
  });

  it('refuses a CNEP file without VALOR DA MULTA, and a bad person type', () => {
    expect(refusal(() => parseSanctionsFile('cnep', sanctionsCsv('ceis', 'current', base)))).toBe(
      'Cabeçalho sem a coluna obrigatória VALOR DA MULTA.',
    );
    const bad = { ...base, 'TIPO DE PESSOA (F/J)': 'X' };
    expect(refusal(() => parseSanctionsFile('ceis', sanctionsCsv('ceis', 'current', bad)))).toBe(
      'Linha 2: TIPO DE PESSOA inválido (X).',
    );
  });
});

const UN_XML = `<?xml version="1.0" encoding="UTF-8"?>
<CONSOLIDATED_LIST dateGenerated="2026-11-01T00:00:00Z">
  <INDIVIDUALS>
    <INDIVIDUAL>
      <DATAID>6908555</DATAID>
      <FIRST_NAME>FULANO</FIRST_NAME><SECOND_NAME>DE</SECOND_NAME><THIRD_NAME>TAL</THIRD_NAME>
      <REFERENCE_NUMBER>QDi.001</REFERENCE_NUMBER>
      <LISTED_ON>2001-01-25</LISTED_ON>
      <NATIONALITY><VALUE>Brasil</VALUE><VALUE>Portugal</VALUE></NATIONALITY>
      <INDIVIDUAL_ALIAS><QUALITY>Good</QUALITY><ALIAS_NAME>Fulano Tal</ALIAS_NAME></INDIVIDUAL_ALIAS>
      <INDIVIDUAL_ALIAS><QUALITY>Low</QUALITY><ALIAS_NAME>Beltrano &amp; Cia</ALIAS_NAME></INDIVIDUAL_ALIAS>
      <INDIVIDUAL_ALIAS><QUALITY/><ALIAS_NAME/></INDIVIDUAL_ALIAS>
      <INDIVIDUAL_DATE_OF_BIRTH><TYPE_OF_DATE>EXACT</TYPE_OF_DATE><DATE>1966-12-31</DATE></INDIVIDUAL_DATE_OF_BIRTH>
      <INDIVIDUAL_DATE_OF_BIRTH><TYPE_OF_DATE>APPROXIMATELY</TYPE_OF_DATE><YEAR>1965</YEAR></INDIVIDUAL_DATE_OF_BIRTH>
      <INDIVIDUAL_DATE_OF_BIRTH><TYPE_OF_DATE>BETWEEN</TYPE_OF_DATE><FROM_YEAR>1960</FROM_YEAR><TO_YEAR>1962</TO_YEAR></INDIVIDUAL_DATE_OF_BIRTH>
      <INDIVIDUAL_DOCUMENT><TYPE_OF_DOCUMENT>Passport</TYPE_OF_DOCUMENT><NUMBER>0123456</NUMBER></INDIVIDUAL_DOCUMENT>
    </INDIVIDUAL>
  </INDIVIDUALS>
  <ENTITIES>
    <ENTITY>
      <DATAID>7000001</DATAID>
      <FIRST_NAME>ASSOCIAÇÃO FICTÍCIA</FIRST_NAME>
      <REFERENCE_NUMBER>QDe.001</REFERENCE_NUMBER>
      <LISTED_ON>2002-05-06</LISTED_ON>
      <ENTITY_ALIAS><QUALITY>a.k.a.</QUALITY><ALIAS_NAME>AF</ALIAS_NAME></ENTITY_ALIAS>
    </ENTITY>
  </ENTITIES>
</CONSOLIDATED_LIST>`;

describe('UN consolidated list', () => {
  it('reads individuals and entities with aliases, birth dates and documents', () => {
    const [person, entity] = parseUnListFile(utf8(UN_XML)) as [UnEntry, UnEntry];
    expect(person).toMatchObject({
      list: 'unsc',
      id: '6908555',
      subject: 'individual',
      referenceNumber: 'QDi.001',
      names: ['FULANO DE TAL', 'Fulano Tal', 'Beltrano & Cia'],
      nationalities: ['Brasil', 'Portugal'],
      documents: [{ type: 'Passport', number: '0123456' }],
      listedOn: '2001-01-25',
      birthDates: [
        { kind: 'exact', date: '1966-12-31' },
        { kind: 'year', year: 1965 },
        { kind: 'range', fromYear: 1960, toYear: 1962 },
      ],
    });
    expect(person.aliases).toHaveLength(2);
    expect(entity).toMatchObject({
      id: '7000001',
      subject: 'entity',
      names: ['ASSOCIAÇÃO FICTÍCIA', 'AF'],
    });
  });

  it('refuses a bad element or malformed XML', () => {
    const badDate = UN_XML.replace('1966-12-31', '1966-02-30');
    expect(refusal(() => parseUnListFile(utf8(badDate)))).toBe(
      'Elemento INDIVIDUAL nº 1 (DATAID 6908555): data de nascimento inválida (1966-02-30).',
    );
    const noId = UN_XML.replace('<DATAID>7000001</DATAID>', '');
    expect(refusal(() => parseUnListFile(utf8(noId)))).toBe(
      'Elemento ENTITY nº 1: DATAID ausente ou inválido.',
    );
    expect(refusal(() => parseUnListFile(utf8(UN_XML.replace('</ENTITIES>', ''))))).toMatch(
      /^XML mal formado na linha \d+: /,
    );
  });
});

describe('fictitious files round trip', () => {
  it('PEP, current and older headers', () => {
    for (const header of ['current', 'older'] as const) {
      const entries = parsePepFile(fictitiousPepFile({ seed: 7, rows: 50, header }));
      expect(entries).toHaveLength(50);
      expect(entries[0]?.cpfMiddleDigits).toMatch(/^\d{6}$/);
      expect(entries.some((e) => /[ÀÁÂÃÇÉÊÍÓÔÕÚ]/.test(e.names[0] ?? ''))).toBe(true);
    }
    expect(fictitiousPepFile({ seed: 7, rows: 5 })).toEqual(
      fictitiousPepFile({ seed: 7, rows: 5 }),
    );
  });

  it('CEIS and CNEP, current and older headers', () => {
    for (const list of ['ceis', 'cnep'] as const) {
      for (const header of ['current', 'older'] as const) {
        const entries = parseSanctionsFile(
          list,
          fictitiousSanctionsFile(list, { seed: 3, rows: 40, header }),
        );
        expect(entries).toHaveLength(40);
        expect(entries[0]?.id).toBe('100000');
        expect(entries.every((e) => (list === 'cnep') === (e.fineAmount !== null))).toBe(true);
      }
    }
  });

  it('UN XML', () => {
    const entries = parseUnListFile(fictitiousUnListXml({ seed: 5, individuals: 9, entities: 4 }));
    expect(entries.filter((e) => e.subject === 'individual')).toHaveLength(9);
    expect(entries.filter((e) => e.subject === 'entity')).toHaveLength(4);
    expect(new Set(entries.flatMap((e) => e.birthDates.map((d) => d.kind)))).toEqual(
      new Set(['exact', 'year', 'range']),
    );
  });

  it('parses a 130,000-row PEP file', () => {
    const bytes = fictitiousPepFile({ seed: 1, rows: 130_000 });
    const entries = parsePepFile(bytes);
    expect(entries).toHaveLength(130_000);
    expect(new Set(entries.map((e) => e.id)).size).toBe(130_000);
  });
});
