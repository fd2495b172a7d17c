import { describe, expect, it } from 'vitest';
import { confidentFields, FIELD_THRESHOLDS } from './extraction.service';
import { checkFields, fitsRgFormat } from './field-checks';
import { parseIdentity, type IdentityExtraction, type OcrLine } from './identity-fields';

const read = (text: string, confidence = 0.97): OcrLine[] =>
  text
    .trim()
    .split('\n')
    .map((line) => ({ text: line.trim(), confidence }));

/** A line of words with boxes: [text, left edge] at height y, each letter 12 px wide. */
const boxed = (y: number, ...entries: [string, number][]): OcrLine => ({
  text: entries.map(([text]) => text).join(' '),
  confidence: 0.97,
  bbox: { x0: entries[0]![1], y0: y, x1: 1400, y1: y + 20 },
  words: entries.map(([text, x]) => ({
    text,
    confidence: 0.97,
    bbox: { x0: x, y0: y, x1: x + text.length * 12, y1: y + 20 },
  })),
});

const facts = (overrides: Partial<NonNullable<IdentityExtraction['facts']>> = {}) => ({
  dates: { birth: [], issue: [], firstLicence: [], printed: [] },
  expiryLabelled: true,
  parents: [],
  evidence: { RG: [], CIN: [], CNH: ['HABILITACAO'] },
  alternative: null,
  ...overrides,
});
const at = (value: string, confidence = 0.99) => ({ value, confidence });

describe('checks before storing', () => {
  it('does not store a CIN number whose CPF check digits fail (digits shifted)', () => {
    const lines = (number: string) =>
      read(`
        CARTEIRA DE IDENTIDADE NACIONAL / IDENTITY CARD
        NOME / NAME
        JOAO PEREIRA LIMA
        REGISTRO GERAL - CPF / PERSONAL NUMBER
        ${number}
        ÓRGÃO EXPEDIDOR / ISSUING AUTHORITY
        SSP/RJ`);
    expect(confidentFields(parseIdentity(lines('529.982.247-25'))).numero?.value).toBe(
      '52998224725',
    );
    // Two digits read in each other's place: no CPF, nothing stored.
    expect(confidentFields(parseIdentity(lines('529.982.242-75'))).numero).toBeNull();
    // Even a value handed over as a CIN number is checked again.
    const shifted = checkFields({
      kind: 'CIN',
      nome: null,
      numero: at('52998224275'),
      orgao: null,
      uf: null,
      validade: null,
      facts: facts({ evidence: { RG: [], CIN: ['IDENTITY CARD'], CNH: [] } }),
    });
    expect(shifted.numero).toBeNull();
    expect(shifted.rejected.numero).toBe('cpf-check-digits');
  });

  it('reads a CIN taken for a CNH (issued by a DETRAN) as the CIN its labels show', () => {
    const card = (labels: string) =>
      read(`
      REPÚBLICA FEDERATIVA DO BRASIL
      CIN
      JOÃO PEREIRA LIMA
      ${labels}
      CPF 529.982.247-25
      DETRAN RJ
      VALIDADE 10/05/2035`);
    // DETRAN and CIN weigh the same and the CNH comes first on a tie.
    const bare = parseIdentity(card(''));
    expect(bare.kind).toBe('CNH');
    // Only its CPF says CIN, and every card prints the holder's CPF: neither the kind nor the
    // number nor the expiry is stored.
    expect(confidentFields(bare)).toMatchObject({ kind: null, numero: null, validade: null });
    // With its bilingual labels read, it is the CIN they show.
    const labelled = confidentFields(parseIdentity(card('NACIONALIDADE / NATIONALITY BRASILEIRA')));
    expect(labelled.kind).toBe('CIN');
    expect(labelled.numero?.value).toBe('52998224725');
    expect(labelled.orgao?.value).toBe('DETRAN');
    expect(labelled.uf?.value).toBe('RJ');
    expect(labelled.validade?.value).toBe('10/05/2035');
  });

  it("never reads an old RG that prints the holder's CPF as a CIN", () => {
    const stored = confidentFields(
      parseIdentity(
        read(`
      SECRETARIA DA SEGURANÇA PÚBLICA
      REGISTRO GERAL 27.478.362-6   DATA DE EXPEDIÇÃO 12/03/2015
      NOME
      MARIA JOSÉ CAMPOS DIAS
      CPF 529.982.247-25
      SSP SP`),
      ),
    );
    expect(stored.kind).not.toBe('CIN');
    expect(stored.numero?.value).not.toBe('52998224725');
  });

  it('stores nothing that depends on the kind when neither kind is supported', () => {
    const stored = checkFields({
      kind: 'CNH',
      nome: at('ANA GOMES ALVES'),
      numero: at('12345678901'),
      orgao: at('DETRAN'),
      uf: at('GO'),
      validade: at('02/11/2030'),
      facts: facts({
        evidence: { RG: [], CIN: [], CNH: [] },
        // Without a kind, the holder's RG row would give another issuer and no expiry.
        unclassified: {
          kind: null,
          numero: null,
          orgao: at('SSP'),
          uf: at('ES'),
          validade: null,
        },
      }),
    });
    expect(stored).toMatchObject({
      kind: null,
      nome: { value: 'ANA GOMES ALVES' },
      numero: null,
      orgao: null,
      uf: { value: 'GO' },
      validade: null,
      rejected: {
        kind: 'CNH-unsupported',
        numero: 'kind-unsupported',
        orgao: 'kind-unsupported',
        validade: 'kind-unsupported',
      },
    });
  });

  it('does not take a card for a CNH by a number that is a CPF as well as a registro', () => {
    // A CIN whose labels were lost; the CNH layout's reading of it finds its unmasked CPF, whose
    // digits happen to pass the registro's check too.
    const cin = (number: string) =>
      checkFields({
        kind: 'CIN',
        nome: null,
        numero: null,
        orgao: at('SSP'),
        uf: at('SC'),
        validade: null,
        facts: facts({
          evidence: { RG: [], CIN: [], CNH: [] },
          alternative: {
            kind: 'CNH',
            numero: at(number),
            orgao: at('DETRAN'),
            uf: null,
            validade: null,
          },
        }),
      });
    expect(cin('12345600977')).toMatchObject({ kind: null, orgao: null, numero: null });
    // A registro that is no CPF still shows the kind.
    expect(cin('53077344461')).toMatchObject({ kind: 'CNH', orgao: { value: 'DETRAN' } });
  });

  it('does not store a CNH expiry read from the first licence box', () => {
    // The expiry box is unreadable (a glare); the date under `1ª HABILITAÇÃO` is the latest left.
    const lines = [
      boxed(40, ['CARTEIRA', 60], ['NACIONAL', 180], ['DE', 300], ['HABILITAÇÃO', 340]),
      boxed(100, ['NOME', 60]),
      boxed(130, ['ANA', 60], ['GOMES', 110], ['ALVES', 190]),
      boxed(200, ['DATA', 600], ['NASCIMENTO', 660]),
      boxed(230, ['12/03/1985', 600]),
      boxed(
        300,
        ['Nº', 60],
        ['REGISTRO', 100],
        ['VALIDADE', 360],
        ['1ª', 630],
        ['HABILITAÇÃO', 670],
      ),
      boxed(330, ['53077344461', 60], ['~~', 380], ['18/12/2023', 630]),
      boxed(400, ['DETRAN', 60], ['-', 150], ['GO', 170]),
    ];
    const parsed = parseIdentity(lines);
    expect(parsed.validade?.value).toBe('18/12/2023');
    expect(parsed.facts?.dates.firstLicence).toEqual(['18/12/2023']);
    expect(parsed.facts?.dates.birth).toEqual(['12/03/1985']);
    const stored = confidentFields(parsed);
    expect(stored.validade).toBeNull();
    expect(stored.rejected.validade).toBe('validade-equals-first-licence');
    expect(stored.numero?.value).toBe('53077344461');

    // The same card with the expiry read: its date goes to its own column and is stored.
    lines[6] = boxed(330, ['53077344461', 60], ['17/12/2033', 360], ['18/12/2023', 630]);
    const read2 = parseIdentity(lines);
    expect(read2.facts?.dates.firstLicence).toEqual(['18/12/2023']);
    expect(confidentFields(read2).validade?.value).toBe('17/12/2033');
  });

  it('checks an expiry against the issue and birth dates read on the card', () => {
    const cnh = (validade: string, dates: { birth?: string[]; issue?: string[] }) =>
      checkFields({
        kind: 'CNH',
        nome: null,
        numero: at('53077344461'),
        orgao: at('DETRAN'),
        uf: at('GO'),
        validade: at(validade),
        facts: facts({ dates: { birth: [], issue: [], firstLicence: [], printed: [], ...dates } }),
      }).rejected.validade ?? null;
    expect(cnh('18/12/2023', { issue: ['18/12/2023'] })).toBe('validade-equals-issue');
    expect(cnh('17/12/2033', { issue: ['18/12/2023'] })).toBeNull();
    expect(cnh('18/12/2033', { issue: ['18/12/2023'] })).toBeNull();
    expect(cnh('20/12/2033', { issue: ['18/12/2023'] })).toBe('validade-over-10-years-after-issue');
    expect(cnh('01/01/2024', { issue: ['18/12/2023'] })).toBe('validade-under-1-year-after-issue');
    expect(cnh('01/01/2023', { issue: ['18/12/2023'] })).toBe('validade-not-after-issue');
    expect(cnh('12/03/1985', { birth: ['12/03/1985'] })).toBe('validade-equals-birth');
    expect(cnh('01/02/2020', { birth: ['12/03/2005'] })).toBe('validade-before-age-18');
    // A birth date that cannot be right (the holder 130 at issue) is not used against it.
    expect(cnh('17/12/2033', { birth: ['12/03/1890'], issue: ['18/12/2023'] })).toBeNull();
    expect(cnh('31/02/2033', {})).toBe('validade-not-a-date');
    // The latest date, not under VALIDADE, with no issue date to check it against.
    const unanchored = checkFields({
      kind: 'CNH',
      nome: null,
      numero: at('53077344461'),
      orgao: at('DETRAN'),
      uf: at('GO'),
      validade: at('18/12/2023'),
      facts: facts({ expiryLabelled: false }),
    });
    expect(unanchored.rejected.validade).toBe('validade-unanchored');
  });

  it("anchors a CIN's expiry to a date printed 10 or 5 years before it, labels read or not", () => {
    const cin = (validade: string, printed: string[]) =>
      checkFields({
        kind: 'CIN',
        nome: null,
        numero: null,
        orgao: null,
        uf: null,
        validade: at(validade),
        facts: facts({
          expiryLabelled: false,
          evidence: { RG: [], CIN: ['NATIONALITY'], CNH: [] },
          dates: { birth: ['03/12/2010'], issue: [], firstLicence: [], printed },
        }),
      });
    // The issue date's label was lost, the date itself read: a child's CIN, 5 years.
    expect(cin('04/07/2027', ['03/12/2010', '04/07/2027', '04/07/2022']).validade?.value).toBe(
      '04/07/2027',
    );
    expect(cin('04/07/2032', ['04/07/2032', '04/07/2022']).validade?.value).toBe('04/07/2032');
    // A date a day off, or 7 years before, anchors nothing.
    expect(cin('04/07/2027', ['04/07/2027', '05/07/2022']).rejected.validade).toBe(
      'validade-unanchored',
    );
    expect(cin('04/07/2029', ['04/07/2029', '04/07/2022']).rejected.validade).toBe(
      'validade-unanchored',
    );
  });

  it('does not store an RG number that fits no format of its state', () => {
    const rg = (number: string, uf: string) =>
      confidentFields(
        parseIdentity(
          read(`
            SECRETARIA DA SEGURANÇA PÚBLICA
            REGISTRO GERAL ${number}
            NOME MARIA DA SILVA
            ÓRGÃO EXPEDIDOR SSP/${uf}`),
        ),
      );
    expect(rg('12.345.678-9', 'SP').numero?.value).toBe('12.345.678-9');
    // São Paulo prints a check digit after eight digits; this one lost both.
    const missing = rg('1.234.567', 'SP');
    expect(missing.numero).toBeNull();
    expect(missing.rejected.numero).toBe('rg-format-SP');
    expect(missing.uf?.value).toBe('SP');
    expect(rg('MG-12.345.678', 'MG').numero?.value).toBe('12.345.678');
    expect(rg('12.345.678-9', 'MG').rejected.numero).toBe('rg-format-MG');
    expect(rg('1234567890', 'RS').numero?.value).toBe('1.234.567.890');
    // A state without a listed format takes the generic rule: 7 to 10 digits in all.
    expect(rg('1.234.567-8', 'GO').numero?.value).toBe('1.234.567-8');
    expect(fitsRgFormat('1.234.567.890-1', 'GO')).toBe(false);
    expect(fitsRgFormat('12.345.678-X', 'SP')).toBe(true);
    expect(fitsRgFormat('12.345.678-X', 'RJ')).toBe(false);
  });

  it("never stores a parent's name, a label or a scrawl as the holder's name", () => {
    // The name label was not read: the first name-only row after the number is a parent's.
    const stored = confidentFields(
      parseIdentity(
        read(`
          SECRETARIA DA SEGURANÇA PÚBLICA
          REGISTRO GERAL 12.345.678-9
          FILIAÇÃO
          JOSE DA SILVA
          MARIA DA SILVA
          ÓRGÃO EXPEDIDOR SSP/SP`),
      ),
    );
    expect(stored.nome).toBeNull();
    expect(stored.rejected.nome).toBe('nome-is-parent');
    const name = (value: string) =>
      checkFields({
        kind: null,
        nome: at(value),
        numero: null,
        orgao: null,
        uf: null,
        validade: null,
      }).rejected.nome ?? null;
    expect(name('ANA GOMES ALVES')).toBeNull();
    expect(name("JOAO D'AVILA")).toBeNull();
    expect(name('EEE FW VINICIUS MONTEIRO')).toBe('nome-word-without-vowel');
    expect(name('ANA ASSINATURA')).toBe('nome-label-word');
    expect(name('ANA')).toBe('nome-format');
    expect(name('ANA 2 SILVA')).toBe('nome-format');
    // OCR's word breaks: a word split in two, a scrap kept, two words read as one.
    expect(name('LUIZ ABREU DE ME DEIROS TAVARES')).toBe('nome-word-fragment');
    expect(name('TO ORIA ARAUJO E CAMPOS LEAO')).toBe('nome-word-fragment');
    expect(name('TEREZINHAGUIMARAES DA CRUZ FALCAO')).toBe('nome-words-joined');
    // Its first word lost.
    expect(name('DA CUNHA BEZERRA')).toBe('nome-starts-with-particle');
    // Particles are words of their own, and long surnames are names.
    expect(name('MARIA E SILVA DOS SANTOS D ALBUQUERQUE')).toBeNull();
    expect(name('ANA WOLFFENBUTTEL BITTENCOURT')).toBeNull();
  });

  it('stores a field only at its calibrated threshold', () => {
    const fields = (confidence: number) =>
      confidentFields({
        kind: 'CIN',
        nome: at('JOAO PEREIRA LIMA', confidence),
        numero: at('52998224725', confidence),
        orgao: at('SSP', confidence),
        uf: at('RJ', confidence),
        validade: at('10/05/2035', confidence),
        facts: facts({ evidence: { RG: [], CIN: ['IDENTITY CARD'], CNH: [] } }),
      });
    for (const name of ['nome', 'numero', 'orgao', 'uf', 'validade'] as const) {
      const threshold = FIELD_THRESHOLDS[name];
      expect(fields(threshold)[name]).not.toBeNull();
      const below = fields(threshold - 0.001);
      expect(below[name]).toBeNull();
      expect(below.rejected[name]).toBe('low-confidence');
    }
  });
});
