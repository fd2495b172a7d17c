import { PDFDocument, StandardFonts, type PDFFont } from 'pdf-lib';
import { beforeAll, describe, expect, it } from 'vitest';
import { createDossierWriter, pdfSafeText, wrapText } from './dossier-layout';

let font: PDFFont;
let winAnsi: Set<number>;

beforeAll(async () => {
  font = await (await PDFDocument.create()).embedFont(StandardFonts.Helvetica);
  winAnsi = new Set(font.getCharacterSet());
});

describe('pdfSafeText', () => {
  it('keeps Portuguese and replaces what WinAnsi cannot encode', () => {
    expect(pdfSafeText('Ação, órgão, CNPJ nº 12 — “aspas” – ü ç Ê', winAnsi)).toBe(
      'Ação, órgão, CNPJ nº 12 — “aspas” – ü ç Ê',
    );
    expect(pdfSafeText('Erdős → Łódź ≥ 2', winAnsi)).toBe('Erdos -> Lódz >= 2');
    expect(pdfSafeText('中文 😀 x', winAnsi)).toBe('?? ? x');
    // Controls and invisible characters (bidirectional overrides, zero-width) leave; breaks stay.
    expect(pdfSafeText('a\u202Eb\u200Bc\u0000d\te\r\nf', winAnsi)).toBe('abcd e\nf');
    // Decomposed accents are composed first, so they stay.
    expect(pdfSafeText('Sa\u0303o', winAnsi)).toBe('São');
    // Whatever it answers, the font encodes.
    expect(() => font.encodeText(pdfSafeText('Ω ∑ ☃ ﬁ ẞ', winAnsi))).not.toThrow();
  });
});

describe('wrapText', () => {
  const width = (line: string) => font.widthOfTextAtSize(line, 9);

  it('breaks at spaces within the width, keeps the text and its line breaks', () => {
    const text =
      'Envie o verso do documento de identidade legível e sem cortes nas bordas. '.repeat(4);
    const lines = wrapText(text.trim(), font, 9, 150);
    expect(lines.length).toBeGreaterThan(4);
    for (const line of lines) expect(width(line)).toBeLessThanOrEqual(150);
    expect(lines.join(' ')).toBe(text.trim());
    expect(wrapText('primeira\n\nterceira', font, 9, 150)).toEqual(['primeira', '', 'terceira']);
  });

  it('cuts a word longer than the line between its characters', () => {
    const hash = 'ab'.repeat(32);
    const lines = wrapText(`SHA ${hash}`, font, 9, 100);
    expect(lines[0]).toBe('SHA');
    expect(lines.slice(1).join('')).toBe(hash);
    for (const line of lines) expect(width(line)).toBeLessThanOrEqual(100);
  });
});

describe('createDossierWriter', () => {
  it('flows onto new pages, numbers them and draws any text', async () => {
    const writer = await createDossierWriter({
      title: 'Dossiê de teste',
      author: 'admin@medipay.test',
      createdAt: new Date('2026-11-22T12:00:00Z'),
    });
    writer.title('Dossiê de auditoria', 'Cadastro PF · teste');
    writer.heading('Histórico');
    writer.table(
      [
        { title: 'Data', share: 0.3 },
        { title: 'Motivo', share: 0.7 },
      ],
      Array.from({ length: 80 }, (_, index) => [`${index}`, 'Motivo → com ☃ e 中文 '.repeat(3)]),
    );
    writer.fields([{ label: 'Nota', value: 'x'.repeat(3000) }]);
    const data = await writer.finish('Rodapé com ✓');
    const pdf = await PDFDocument.load(data);
    expect(pdf.getPageCount()).toBeGreaterThan(2);
    expect(pdf.getTitle()).toBe('Dossiê de teste');
    expect(pdf.getCreationDate()?.toISOString()).toBe('2026-11-22T12:00:00.000Z');
  });
});
