import { describe, expect, it } from 'vitest';
import { confidentFields } from './extraction.service';
import {
  detectKind,
  editDistance,
  hasValidCnhCheckDigits,
  parseIdentity,
  parseWithRereads,
  rereadsFor,
  type OcrBox,
  type OcrLine,
} from './identity-fields';

const read = (text: string, confidence = 0.9): OcrLine[] =>
  text
    .trim()
    .split('\n')
    .map((line) => ({ text: line.trim(), confidence }));

describe('identity document fields', () => {
  it('reads an old RG: number, issuing body and state, no expiry', () => {
    const lines = read(`
      REPÚBLICA FEDERATIVA DO BRASIL
      SECRETARIA DA SEGURANÇA PÚBLICA - SP
      REGISTRO GERAL 12.345.678-9
      NOME MARIA DA SILVA
      ÓRGÃO EXPEDIDOR SSP/SP`);
    const result = parseIdentity(lines);
    expect(result).toMatchObject({
      kind: 'RG',
      nome: { value: 'MARIA DA SILVA', confidence: 0.9 },
      numero: { value: '12.345.678-9' },
      orgao: { value: 'SSP' },
      uf: { value: 'SP' },
      validade: null,
    });
    // A value that passes a check of its own (format, closed list) is trusted a little more.
    expect(result.numero!.confidence).toBeCloseTo(0.95, 5);
    expect(result.uf!.confidence).toBeCloseTo(0.95, 5);
  });

  it('reads a CIN, whose number is the CPF', () => {
    const lines = read(`
      CARTEIRA DE IDENTIDADE NACIONAL
      Nome
      JOÃO PEREIRA LIMA
      CPF 529.982.247-25
      Validade 10/05/2035
      Órgão Expedidor SSP/RJ`);
    const result = parseIdentity(lines);
    expect(result.kind).toBe('CIN');
    expect(result.nome?.value).toBe('JOAO PEREIRA LIMA');
    expect(result.numero?.value).toBe('52998224725');
    expect(result.validade?.value).toBe('10/05/2035');
    expect(result.uf?.value).toBe('RJ');
  });

  it('reads a CNH: register number, DETRAN and expiry', () => {
    const lines = read(`
      CARTEIRA NACIONAL DE HABILITAÇÃO
      NOME ANA GOMES ALVES
      Nº REGISTRO 00995456774
      VALIDADE 02/11/2030
      DETRAN - GO`);
    expect(parseIdentity(lines)).toMatchObject({
      kind: 'CNH',
      numero: { value: '00995456774' },
      orgao: { value: 'DETRAN' },
      uf: { value: 'GO' },
      validade: { value: '02/11/2030' },
    });
  });

  it('reads a number whose field frame was read as a glyph glued to it, by its check digits', () => {
    const cnh = parseIdentity(
      read(`
        CARTEIRA NACIONAL DE HABILITAÇÃO
        NOME ANA GOMES ALVES
        Nº REGISTRO VALIDADE
        ADIA: |17923225256 26/06/2030`),
    );
    expect(cnh.numero?.value).toBe('17923225256');
    // A `|` that is the number's own first digit still reads as a 1.
    expect(parseIdentity(read('HABILITAÇÃO\nNº REGISTRO |7923225256\n')).numero?.value).toBe(
      '17923225256',
    );
    // A registro whose check digits fail was misread: never trusted, however clear the OCR.
    const misread = parseIdentity(read('HABILITAÇÃO\nNº REGISTRO\n84577138206', 0.99));
    expect(misread.numero?.value).toBe('84577138206');
    expect(misread.numero!.confidence).toBeLessThan(0.6);
    const cin = parseIdentity(read('CARTEIRA DE IDENTIDADE NACIONAL\nCPF\n|529.982.247-25'));
    expect(cin.numero?.value).toBe('52998224725');
  });

  it('leaves what it cannot find empty', () => {
    expect(parseIdentity(read('FOTO DE UM GATO\nSEM DOCUMENTO'))).toMatchObject({
      kind: null,
      nome: null,
      numero: null,
      orgao: null,
      uf: null,
      validade: null,
    });
    expect(detectKind('qualquer texto')).toBeNull();
  });

  it('drops fields read with low confidence, for the applicant to type', () => {
    const lines = [
      { text: 'CARTEIRA NACIONAL DE HABILITAÇÃO', confidence: 0.95 },
      { text: 'NOME ANA GOMES ALVES', confidence: 0.95 },
      { text: 'VALIDADE 02/11/2030', confidence: 0.4 },
    ];
    const fields = confidentFields(parseIdentity(lines));
    expect(fields.nome?.value).toBe('ANA GOMES ALVES');
    expect(fields.validade).toBeNull();
  });
});

/** A line whose words carry their own confidences, as tesseract gives them with `blocks`. */
const words = (...entries: [string, number][]): OcrLine => ({
  text: entries.map(([text]) => text).join(' '),
  confidence: entries.reduce((sum, [, confidence]) => sum + confidence, 0) / entries.length,
  words: entries.map(([text, confidence]) => ({ text, confidence })),
});

describe('identity document fields read from phone photos', () => {
  it('joins a number split by a stray space', () => {
    const result = parseIdentity(
      read('REGISTRO GERAL\n20.390 .444-9  DATA DE EXPEDIÇÃO 02/03/2015'),
    );
    expect(result.kind).toBe('RG');
    expect(result.numero?.value).toBe('20.390.444-9');
  });

  it.each([
    ['1.234.567', '1.234.567'],
    ['12.345.678-X', '12.345.678-X'],
    ['1234567890', '1.234.567.890'],
    ['MG-12.345.678', '12.345.678'],
    ['MG- 14.555.013', '14.555.013'],
    ['2.994,.057-5', '2.994.057-5'],
    ['4,.735.017-2', '4.735.017-2'],
  ])('reads the RG number %s as %s', (printed, stored) => {
    const result = parseIdentity(read(`REGISTRO GERAL ${printed}  DATA DE EXPEDIÇÃO 11/08/2009`));
    expect(result.numero?.value).toBe(stored);
  });

  it('finds the name under a misread NOME label', () => {
    const result = parseIdentity(read('REGISTRO GERAL 12.345.678-9\nNOVE\nJOSÉ CARLOS DE SOUZA'));
    expect(result.nome?.value).toBe('JOSE CARLOS DE SOUZA');
  });

  it('does not take the bilingual CIN label for the name', () => {
    const result = parseIdentity(
      read(`CARTEIRA DE IDENTIDADE / IDENTITY CARD
        NOME / NAME
        BEATRIZ MONTEIRO ARAÚJO
        DATA DE NASCIMENTO / DATE OF BIRTH
        14/02/1990`),
    );
    expect(result.kind).toBe('CIN');
    expect(result.nome?.value).toBe('BEATRIZ MONTEIRO ARAUJO');
  });

  it('finds the name by its place when the small-print label was not read at all', () => {
    const cin = parseIdentity(
      read(`CARTEIRA DE IDENTIDADE / IDENTITY CARD
        THIAGO DO MAGALHÃES DAMASCENO
        497.203.948-54`),
    );
    expect(cin.nome?.value).toBe('THIAGO DO MAGALHAES DAMASCENO');
    const cnh = parseIdentity(
      read(`CARTEIRA NACIONAL DE HABILITAÇÃO / DRIVER LICENSE
        som
        JOÃO RIBEIRO VASCONCELOS
        DOC. IDENTIDADE / ÓRG. EMISSOR / UF`),
    );
    expect(cnh.nome?.value).toBe('JOAO RIBEIRO VASCONCELOS');
  });

  it('drops stray characters at the end of a line', () => {
    const result = parseIdentity(
      read('REGISTRO GERAL 12.345.678-9 |\nNOME\nRAFAEL COSTA NUNES — ~ e\nFILIAÇÃO'),
    );
    expect(result.nome?.value).toBe('RAFAEL COSTA NUNES');
    expect(result.numero?.value).toBe('12.345.678-9');
  });

  it.each(['SSP/PE', 'SSP PE', 'SSPIPE', 'SSP-PE', 'SSP|PE'])(
    'reads the issuing body and state from %s',
    (printed) => {
      const result = parseIdentity(
        read(`CARTEIRA DE IDENTIDADE
          REGISTRO GERAL 7.654.321
          ÓRGÃO EXPEDIDOR ${printed}`),
      );
      expect(result.orgao?.value).toBe('SSP');
      expect(result.uf?.value).toBe('PE');
    },
  );

  it.each(['SDS/PEVI', 'SDS-PEWNV', 'SDS / PEIV'])(
    'reads the state after a slash even when a signature is glued to it: %s',
    (printed) => {
      const result = parseIdentity(
        read(`CARTEIRA DE IDENTIDADE / IDENTITY CARD
          ÓRGÃO EXPEDIDOR / ISSUING AUTHORITY
          ${printed} 02/03/2024`),
      );
      expect(result.orgao?.value).toBe('SDS');
      expect(result.uf?.value).toBe('PE');
    },
  );

  it('takes no state from letters glued to an issuer without a separator', () => {
    const result = parseIdentity(
      read(`CARTEIRA DE IDENTIDADE / IDENTITY CARD
        ÓRGÃO EXPEDIDOR / ISSUING AUTHORITY
        SDS PEVI 02/03/2024`),
    );
    expect(result.uf).toBeNull();
  });

  it("takes the CNH's own state and DETRAN, not the holder's RG printed on it", () => {
    const result = parseIdentity(
      read(`CARTEIRA NACIONAL DE HABILITAÇÃO
        NOME
        LUCAS PEREIRA DIAS
        DOC. IDENTIDADE / ÓRG. EMISSOR / UF
        12345678 SSP SP
        Nº REGISTRO VALIDADE 1ª HABILITAÇÃO
        02650306461 15/07/2031 03/04/2008
        DETRAN-PR`),
    );
    expect(result).toMatchObject({
      kind: 'CNH',
      nome: { value: 'LUCAS PEREIRA DIAS' },
      numero: { value: '02650306461' },
      orgao: { value: 'DETRAN' },
      uf: { value: 'PR' },
      validade: { value: '15/07/2031' },
    });
  });

  it("takes a CNH's state from its place of issue when DETRAN stands alone", () => {
    const cnh = (detran: string) =>
      parseIdentity([
        words(['CARTEIRA', 0.96], ['NACIONAL', 0.96], ['DE', 0.96], ['HABILITAÇÃO', 0.93]),
        words(['DOC.', 0.9], ['IDENTIDADE', 0.9], ['/', 0.9], ['ÓRG.', 0.9], ['EMISSOR', 0.9]),
        words(['85969764', 0.9], ['SSP', 0.9], ['BA', 0.9]),
        words(['LOCAL', 0.96], ['DATA', 0.96], ['EMISSÃO', 0.96]),
        words(['CAMPINAS,', 0.96], ['SP', 0.8], ['12/05/2019', 0.96]),
        words(...detran.split(' ').map((text): [string, number] => [text, 0.45])),
      ]);
    // Not the holder's RG state (BA): the place of issue's.
    expect(cnh('DETRAN')).toMatchObject({ orgao: { value: 'DETRAN' }, uf: { value: 'SP' } });
    // DETRAN's own state read poorly, confirmed by the place of issue: each read backs the other.
    const confirmed = cnh('DETRAN SP)');
    expect(confirmed.uf?.value).toBe('SP');
    expect(confirmed.uf!.confidence).toBeCloseTo(1 - 0.55 * 0.2, 5);
    // When they disagree, DETRAN's own state is taken, at its own confidence.
    expect(cnh('DETRAN RJ').uf).toEqual({ value: 'RJ', confidence: 0.45 });
  });

  it('finds the CNH issuer when the word DETRAN is misread or missing', () => {
    const misread = parseIdentity(
      read(
        'CARTEIRA NACIONAL DE HABILITAÇÃO\nDOC. IDENTIDADE / ÓRG. EMISSOR / UF\n1234567 SSP MG\nDETRAM-RS',
      ),
    );
    expect(misread.orgao?.value).toBe('DETRAN');
    expect(misread.uf?.value).toBe('RS');
    const missing = parseIdentity(
      read(
        'CARTEIRA NACIONAL DE HABILITAÇÃO\nDOC. IDENTIDADE / ÓRG. EMISSOR / UF\n1234567 SSP MG\nUF\nBA',
      ),
    );
    expect(missing.orgao?.value).toBe('DETRAN');
    expect(missing.uf?.value).toBe('BA');
  });

  it.each([
    ['ESTADO DE SÃO PAULO', 'SP'],
    ['ESTADO DO RIO GRANDE DO SUL', 'RS'],
    ['ESTADO DO RIO GRANDE DO NORTE', 'RN'],
    ['ESTADO DE MINAS GERAIS', 'MG'],
    ['ESTADO DE PERNAMBUCD', 'PE'],
  ])('maps the state named in an RG header (%s) to %s', (state, uf) => {
    const result = parseIdentity(
      read(`REPÚBLICA FEDERATIVA DO BRASIL
        ${state}
        SECRETARIA DA SEGURANÇA PÚBLICA
        INSTITUTO DE IDENTIFICAÇÃO
        REGISTRO GERAL 12.345.678-9
        NATURALIDADE
        FORTALEZA - CE`),
    );
    expect(result.kind).toBe('RG');
    expect(result.uf?.value).toBe(uf);
    expect(result.orgao?.value).toBe('SSP');
  });

  it("rates a number by its characters' confidences when the word's is low", () => {
    // Tesseract rates a word also by how it was cut: a number split by a stray space gets a word
    // confidence of 0 even though each character was read at 0.99.
    const sure = (text: string, confidence = 0.99) => ({
      text,
      confidence: 0,
      symbols: [...text].map((character) => ({ text: character, confidence })),
    });
    const rg = (confidence: number): OcrLine[] => [
      words(['REPÚBLICA', 0.96], ['FEDERATIVA', 0.96], ['DO', 0.96], ['BRASIL', 0.96]),
      {
        text: 'REGISTRO GERAL 73.790 .227-3',
        confidence: 0.5,
        words: [
          { text: 'REGISTRO', confidence: 0.8 },
          { text: 'GERAL', confidence: 0.9 },
          sure('73.790', confidence),
          sure('.227-3', confidence),
        ],
      },
    ];
    const read99 = confidentFields(parseIdentity(rg(0.99))).numero;
    expect(read99?.value).toBe('73.790.227-3');
    expect(read99!.confidence).toBeGreaterThan(0.9);
    // A character at 0.9 or below is already a doubtful one: the number is left to the applicant.
    expect(confidentFields(parseIdentity(rg(0.9))).numero).toBeNull();
    // Only the characters of the value count, not the signature's scrawl glued to it.
    const orgao = parseIdentity([
      words(
        ['CARTEIRA', 0.96],
        ['DE', 0.96],
        ['IDENTIDADE', 0.93],
        ['/', 0.93],
        ['IDENTITY', 0.96],
      ),
      words(['ÓRGÃO', 0.9], ['EXPEDIDOR', 0.9], ['/', 0.9], ['ISSUING', 0.9], ['AUTHORITY', 0.9]),
      {
        text: 'SDS/PEVI—=A',
        confidence: 0,
        words: [
          {
            text: 'SDS/PEVI—=A',
            confidence: 0,
            symbols: [...'SDS/PEVI—=A'].map((text, index) => ({
              text,
              confidence: index < 6 ? 0.99 : 0.8,
            })),
          },
        ],
      },
    ]);
    expect(confidentFields(orgao).orgao?.value).toBe('SDS');
  });

  it('rates a value by its own words, so a signature on the same line does not drop it', () => {
    const lines = [
      words(['CARTEIRA', 0.95], ['NACIONAL', 0.95], ['DE', 0.95], ['HABILITAÇÃO', 0.93]),
      words(['NOME', 0.94]),
      words(['ANA', 0.92], ['GOMES', 0.9], ['ALVES', 0.91], ['~', 0.12], ['ee', 0.08], ['Jj', 0.1]),
      words(['VALIDADE', 0.9], ['02/11/2030', 0.35]),
    ];
    const fields = confidentFields(parseIdentity(lines));
    expect(fields.nome?.value).toBe('ANA GOMES ALVES');
    expect(fields.nome?.confidence).toBeCloseTo(0.91, 2);
    // The line's mean confidence (about 0.5) would have dropped the name.
    expect(lines[2]!.confidence).toBeLessThan(0.6);
    expect(fields.validade).toBeNull();
  });

  it('keeps only real calendar dates and takes the latest as the expiry', () => {
    const result = parseIdentity(
      read(`CARTEIRA DE IDENTIDADE / IDENTITY CARD
        DATA DE NASCIMENTO / DATE OF BIRTH 31/02/1988 30/01/1988
        VALIDADE / VALID UNTIL 45/13/2033 05/06/2033
        DATA DE EMISSÃO 05/06/2023`),
    );
    expect(result.validade?.value).toBe('05/06/2033');
  });

  it('never takes the date of issue for the expiry', () => {
    const cin = `CARTEIRA DE IDENTIDADE / IDENTITY CARD
      DATA DE NASCIMENTO / DATE OF BIRTH
      18/10/1999
      NACIONALIDADE / NATIONALITY VALIDADE / VALID UNTIL
      BRA 17/08/2034
      ÓRGÃO EXPEDIDOR / ISSUING AUTHORITY DATA DE EMISSÃO / DATE OF ISSUE
      SSP/CE 17/08/2024`;
    expect(parseIdentity(read(cin)).validade?.value).toBe('17/08/2034');
    // The expiry's row was not read: the issue date is the latest left, and is not an expiry; nor
    // is the birth date, older than the issue.
    const lost = cin.replace('BRA 17/08/2034', 'BRA');
    expect(parseIdentity(read(lost)).validade).toBeNull();
    // A CNH's date of issue, under LOCAL / DATA EMISSÃO, after an unread expiry.
    const cnh = parseIdentity(
      read(`CARTEIRA NACIONAL DE HABILITAÇÃO
        Nº REGISTRO VALIDADE 1ª HABILITAÇÃO
        00995456774 0?/1?/20?? 03/01/2011
        LOCAL DATA EMISSÃO
        NITERÓI, RJ 02/12/2018`),
    );
    expect(cnh.validade).toBeNull();
    // Nor the date beside the place of issue when the label's DATA EMISSÃO was lost.
    const place = parseIdentity(
      read(`CARTEIRA NACIONAL DE HABILITAÇÃO
        Nº REGISTRO VALIDADE 1ª HABILITAÇÃO
        00995456774 J 11/11/2018
        LOCAL terão
        PORTO ALEGRE, RS 22/02/2019`),
    );
    expect(place.validade).toBeNull();
  });

  it('reads a ] at the end of a number as a 1, kept only when the check digits agree', () => {
    // Read at 0.5: stored only when its check digits vouch for it.
    const cnh = (registro: string) =>
      confidentFields(
        parseIdentity(
          read(
            `CARTEIRA NACIONAL DE HABILITAÇÃO
            Nº REGISTRO VALIDADE
            ${registro} 18/10/2033`,
            0.5,
          ),
        ),
      ).numero?.value ?? null;
    expect(cnh('5307734446]')).toBe('53077344461');
    expect(cnh('5307734447]')).toBeNull();
  });

  it('takes a CIN number only when its CPF check digits are right', () => {
    const wrong = parseIdentity(read('CARTEIRA DE IDENTIDADE / IDENTITY CARD\nCPF 529.982.247-26'));
    expect(wrong.numero).toBeNull();
    const spaced = parseIdentity(
      read('CARTEIRA DE IDENTIDADE / IDENTITY CARD\nCPF 529.982 .247-25'),
    );
    expect(spaced.numero?.value).toBe('52998224725');
  });

  it('checks the CNH registration digits', () => {
    expect(hasValidCnhCheckDigits('02650306461')).toBe(true);
    expect(hasValidCnhCheckDigits('02650306462')).toBe(false);
    expect(hasValidCnhCheckDigits('11111111111')).toBe(false);
  });

  it('matches labels by edit distance', () => {
    expect(editDistance('NOVE', 'NOME')).toBe(1);
    expect(editDistance('DETRAM', 'DETRAN')).toBe(1);
    expect(editDistance('SOUZA', 'SOUZA')).toBe(0);
  });
});

/** A line of words laid out left to right at a given height, each word 12 px a letter. */
function placed(y: number, ...entries: [string, number, number][]): OcrLine {
  const height = 20;
  const box = (x: number, text: string): OcrBox => ({
    x0: x,
    y0: y,
    x1: x + 12 * text.length,
    y1: y + height,
  });
  const lineWords = entries.map(([text, x, confidence]) => ({
    text,
    confidence,
    bbox: box(x, text),
  }));
  return {
    text: entries.map(([text]) => text).join(' '),
    confidence: lineWords.reduce((sum, word) => sum + word.confidence, 0) / lineWords.length,
    words: lineWords,
    bbox: {
      x0: lineWords[0]!.bbox.x0,
      y0: y,
      x1: lineWords.at(-1)!.bbox.x1,
      y1: y + height,
    },
  };
}

describe('second reading of the rows of fields not read', () => {
  // A CIN whose issuing authority row was crossed by a signature: read as scrawl.
  const cin = [
    placed(50, ['CARTEIRA', 100, 0.95], ['DE', 210, 0.95], ['IDENTIDADE', 250, 0.95]),
    placed(100, ['NOME', 100, 0.95], ['/', 160, 0.95], ['NAME', 180, 0.95]),
    placed(130, ['LUCAS', 100, 0.95], ['PEREIRA', 180, 0.95], ['DIAS', 280, 0.95]),
    placed(
      200,
      ['ÓRGÃO', 100, 0.93],
      ['EXPEDIDOR', 170, 0.93],
      ['/', 290, 0.93],
      ['ISSUING', 310, 0.93],
      ['AUTHORITY', 400, 0.93],
      ['DATA', 700, 0.93],
      ['DE', 760, 0.93],
      ['EMISSÃO', 790, 0.93],
    ),
    placed(
      235,
      ['Eco', 100, 0.05],
      ['Ea', 150, 0.05],
      ['AR', 200, 0.05],
      ['02/03/2024', 700, 0.96],
    ),
  ];

  it('asks for the band under the label of a missing field, as wide as its column', () => {
    const rereads = rereadsFor(cin, 0.6);
    expect(rereads).toHaveLength(1);
    const [reread] = rereads;
    expect(reread!.fields).toEqual(['orgao', 'uf']);
    expect(reread!.afterLine).toBe(3);
    // From a letter height left of the label to a letter height before the next column's label,
    // from just under the label to about two value rows below.
    expect(reread!.box).toEqual({ x0: 80, y0: 224, x1: 680, y1: 284 });
  });

  it("asks for an old RG's number row with its label, and reads the band in the row's place", () => {
    const rg = [
      placed(50, ['SECRETARIA', 100, 0.95], ['DA', 260, 0.95], ['SEGURANÇA', 300, 0.95]),
      placed(
        100,
        ['REGISTRO', 100, 0.95],
        ['GERAL', 200, 0.95],
        ['—23.844.5/5-0', 320, 0.6],
        ['DATA', 800, 0.95],
      ),
      placed(150, ['NOME', 100, 0.95]),
      placed(180, ['LETÍCIA', 100, 0.95], ['DAMASCENO', 200, 0.95]),
    ];
    expect(parseIdentity(rg).numero).toBeNull();
    const [reread] = rereadsFor(rg, 0.6);
    expect(reread!.fields).toEqual(['numero']);
    // The label and the value that follows it (however far), up to the next column's label.
    expect(reread!.box).toEqual({ x0: 80, y0: 90, x1: 780, y1: 130 });
    const result = parseWithRereads(rg, [
      {
        reread: reread!,
        lines: [
          placed(101, ['REGISTRO', 100, 0.9], ['GERAL', 200, 0.9], ['23.844.575-0', 320, 0.9]),
        ],
      },
    ]);
    expect(result.numero?.value).toBe('23.844.575-0');
    expect(result.nome?.value).toBe('LETICIA DAMASCENO');
  });

  it("asks for a CNH's place of issue when its state was not read", () => {
    const cnh = [
      placed(50, ['HABILITAÇÃO', 100, 0.95]),
      placed(100, ['NOME', 100, 0.95]),
      placed(130, ['ANA', 100, 0.95], ['GOMES', 160, 0.95]),
      placed(200, ['Nº', 100, 0.95], ['REGISTRO', 130, 0.95], ['VALIDADE', 400, 0.95]),
      placed(230, ['02650306461', 100, 0.95], ['02/11/2030', 400, 0.95]),
      placed(300, ['LOCAL', 100, 0.95], ['DATA', 500, 0.95], ['EMISSÃO', 560, 0.95]),
      placed(330, ['Xo', 100, 0.05], ['02/11/2020', 500, 0.95]),
    ];
    const rereads = rereadsFor(cnh, 0.6);
    expect(rereads.map((reread) => reread.fields)).toEqual([['uf']]);
    const result = parseWithRereads(cnh, [
      { reread: rereads[0]!, lines: [placed(335, ['ANÁPOLIS,', 100, 0.9], ['GO', 220, 0.9])] },
    ]);
    expect(result.uf?.value).toBe('GO');
  });

  it('asks for nothing when every field was read, or without boxes', () => {
    const clean = cin.map((line, index) =>
      index === 4 ? placed(235, ['SSP/SP', 100, 0.95], ['02/03/2024', 700, 0.96]) : line,
    );
    expect(rereadsFor(clean, 0.6)).toEqual([]);
    expect(rereadsFor(read(cin.map((line) => line.text).join('\n')), 0.6)).toEqual([]);
  });

  it("takes the band's reading in place of the scrawl", () => {
    const [reread] = rereadsFor(cin, 0.6);
    const result = parseWithRereads(cin, [
      { reread: reread!, lines: [placed(240, ['PC-RS', 100, 0.88], ['DSO', 300, 0.4])] },
    ]);
    expect(result.orgao?.value).toBe('PC');
    expect(result.uf?.value).toBe('RS');
    expect(result.nome?.value).toBe('LUCAS PEREIRA DIAS');
  });

  it('confirms a doubtful value read the same way twice, and keeps the better of two others', () => {
    const doubtful = cin.map((line, index) =>
      index === 4 ? placed(235, ['SSPMG', 100, 0.03], ['02/03/2024', 700, 0.96]) : line,
    );
    const first = parseIdentity(doubtful);
    expect(first.uf?.value).toBe('MG');
    expect(first.uf!.confidence).toBeLessThan(0.6);
    const [reread] = rereadsFor(doubtful, 0.6);
    const again = (text: string, confidence: number) =>
      parseWithRereads(doubtful, [
        { reread: reread!, lines: [placed(240, [text, 100, confidence])] },
      ]);
    const confirmed = again('SSPMG', 0.1);
    expect(confirmed.uf?.value).toBe('MG');
    expect(confirmed.uf!.confidence).toBeGreaterThan(first.uf!.confidence);
    // A different reading with less confidence does not replace the first.
    expect(again('SSPMT', 0.02).uf).toEqual(first.uf);
    // Nor does a band with nothing in it.
    expect(parseWithRereads(doubtful, [{ reread: reread!, lines: [] }]).uf).toEqual(first.uf);
  });

  describe('failure classes of the third document generator (decision 025)', () => {
    it("takes a CNH's state from DETRAN with the slash read as a letter, never from the holder's RG row whose IDENTIDADE was misread", () => {
      const result = parseIdentity(
        read(`CARTEIRA NACIONAL DE HABILITAÇÃO
          NOME E SOBRENOME
          ZULEIDE MONTEIRO DO PRADO
          PSA DOC. 1D Tm DE / ÓRG. EMISSOR / UF
          BR 7.623.558 PC - PA
          PERMISSÃO ACC CATEGORIA
          Nº DO REGISTRO VALIDADE 1º HABILITAÇÃO
          59795328819 31/03/2026 06/07/2002
          LOCAL DATA EMISSÃO DETRANISP
          PIRACICABA SP 10/04/2023`),
      );
      expect(result).toMatchObject({
        kind: 'CNH',
        nome: { value: 'ZULEIDE MONTEIRO DO PRADO' },
        orgao: { value: 'DETRAN' },
        uf: { value: 'SP' },
      });
    });

    it('is as sure of DETRAN as of the labels that make the card a CNH, however poorly the word was read', () => {
      const lines: OcrLine[] = [
        ...read('CARTEIRA NACIONAL DE HABILITAÇÃO\nPERMISSÃO ACC CAT. HAB.'),
        { text: 'DETRAN-SP', confidence: 0.3 },
      ];
      expect(parseIdentity(lines).orgao).toEqual({ value: 'DETRAN', confidence: 0.9 });
    });

    it('reads a CNH registro crossed by a mark read as a slash, only when its check digits hold', () => {
      const cnh = (row: string) =>
        parseIdentity(read(`CARTEIRA NACIONAL DE HABILITAÇÃO\nNº REGISTRO VALIDADE\n${row}`));
      expect(cnh('42237/952975 08/05/2031').numero?.value).toBe('42237952975');
      // The same mark in a number whose digits fail the check: nothing confident is read.
      expect(cnh('42237/952976 08/05/2031').numero?.confidence ?? 0).toBeLessThan(0.75);
    });

    it('reads a CIN number printed with commas for dots', () => {
      const result = parseIdentity(
        read('CARTEIRA DE IDENTIDADE\nNOME / NAME\nARTHUR SOARES RIBEIRO\n183,090,260-13 M BRA'),
      );
      expect(result.numero?.value).toBe('18309026013');
    });

    it('reads IGP, the issuer of Rio Grande do Sul', () => {
      const result = parseIdentity(
        read('REGISTRO GERAL 1234567890\nNOME MARIA DA SILVA\nÓRGÃO EXPEDIDOR IGP/RS'),
      );
      expect(result).toMatchObject({ orgao: { value: 'IGP' }, uf: { value: 'RS' } });
    });

    it("never stores SESP read from a header that other states' SSP prints too", () => {
      const lines = read(`SECRETARIA DE ESTADO DA SEGURANÇA PÚBLICA
        INSTITUTO DE IDENTIFICAÇÃO
        REGISTRO GERAL 26.861.671
        NOME EDNA PRAZERES ROCHA`);
      const result = parseIdentity(lines);
      expect(result.orgao?.value).toBe('SESP');
      expect(confidentFields(result).orgao).toBeNull();
    });

    it('stores no name that may go on in the next row', () => {
      const result = parseIdentity(
        read(`CARTEIRA DE IDENTIDADE
          NOME / NAME
          MARCIO MARCOS DE ARAUJO
          BARBOSA CAMARA
          NOME SOCIAL / SOCIAL NAME`),
      );
      expect(result.nome?.value).toBe('MARCIO MARCOS DE ARAUJO');
      expect(confidentFields(result).nome).toBeNull();
    });

    it("does not take a CIN's DATA DE EMISSÃO for a CNH's PERMISSÃO, nor its unmasked CPF for a registro", () => {
      const result = confidentFields(
        parseIdentity(
          read(`REPÚBLICA FEDERATIVA DO BRASIL
            NOME
            NATANAEL ÉDSON FALCÃO
            CPF SEXO
            51233047388 M
            VALIDADE DATA DE EMISSÃO
            INDETERMINADA 12/06/2025
            ÓRGÃO EXPEDIDOR LOCAL DE EMISSÃO
            SESDEC-RO ARIQUEMES/RO`),
        ),
      );
      expect(result.kind).not.toBe('CNH');
      expect(result.orgao?.value).not.toBe('DETRAN');
    });

    it("takes an RG's first name row when no label before it was read, and not a parent's", () => {
      const rg = (rows: string) =>
        parseIdentity(read(`REPÚBLICA FEDERATIVA DO BRASIL\nINSTITUTO DE IDENTIFICAÇÃO\n${rows}`));
      expect(
        rg('— MG-26.861.671 — SERA\n- EDNA PRAZERES ROCHA\nFILIAÇÃO\nMARCIA SCHMIDT ARAUJO').nome,
      ).toEqual({ value: 'EDNA PRAZERES ROCHA', confidence: 0.9 });
      // With its name lost, the card's first name row is a parent's, under FILIAÇÃO: not taken.
      expect(rg('MG-26.861.671\nFILIAÇÃO\nMARCIA SCHMIDT ARAUJO').nome).toBeNull();
      // A header misread into capitals is passed over for its low confidence.
      const garbled = parseIdentity([
        ...read('REPÚBLICA FEDERATIVA DO BRASIL\nINSTITUTO DE IDENTIFICAÇÃO'),
        { text: 'STO E PESARABC', confidence: 0.05 },
        { text: 'IGOR DOS ANJOS DAS DORES', confidence: 0.88 },
      ]);
      expect(garbled.nome?.value).toBe('IGOR DOS ANJOS DAS DORES');
    });
  });
});
