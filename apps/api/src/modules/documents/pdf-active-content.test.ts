import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { PDFDict, PDFDocument, PDFName } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { encryptedPdf, pdf, pdfWithJavaScript } from '../../../test/files';
import { inspectPdf } from './pdf-active-content';

// pdf-lib warns on the console about each object it cannot parse; some fixtures have one.
beforeAll(() => {
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
});
afterAll(() => {
  vi.restoreAllMocks();
});

/** A fixture written by test/fixtures/pdf/generate.ts. */
const fixture = (file: string) =>
  readFileSync(join(import.meta.dirname, '../../../test/fixtures/pdf', file));

/** The byte search the intake used before: the attack variants were made to pass it. */
const previousByteSearch = /\/(JavaScript|JS|Launch|EmbeddedFile|RichMedia|XFA)\b/;

describe('the variants of issue 14, which passed the byte search', () => {
  it.each([
    ['objstm-openaction-javascript.pdf', '/S /JavaScript'],
    ['objstm-launch.pdf', '/S /Launch'],
    ['escaped-openaction-javascript.pdf', '/S /JavaScript'],
    ['escaped-launch.pdf', '/S /Launch'],
  ])('refuses %s', async (file, reason) => {
    const data = fixture(file);
    expect(previousByteSearch.test(data.toString('latin1'))).toBe(false);
    expect(await inspectPdf(data)).toEqual({ verdict: 'active', reason });
  });

  it('finds the actions of the object-stream variants only once decompressed', () => {
    for (const file of ['objstm-openaction-javascript.pdf', 'objstm-launch.pdf']) {
      const text = fixture(file).toString('latin1');
      expect(text).toContain('/Type /ObjStm');
      expect(text).not.toMatch(/JavaScript|Launch|OpenAction/);
    }
  });
});

describe('other active content', () => {
  it.each([
    // Escapes in lower-case hex, which pdf-lib leaves undecoded.
    ['escaped-lowercase-hex.pdf', '/S /JavaScript'],
    ['escaped-openaction-key.pdf', '/OpenAction with an action other than GoTo'],
    // Placed where pdf-lib, reading in file order, does not look or keeps another definition.
    ['untyped-object-stream.pdf', '/S /JavaScript'],
    ['shadowed-object.pdf', '/S /JavaScript'],
    ['hidden-in-stream.pdf', '/S /Launch'],
    ['indirect-action-type.pdf', 'indirect name /Launch'],
    ['unparsable-object.pdf', '/JavaScript in an object that does not parse'],
    ['javascript-name-tree.pdf', '/JavaScript'],
    ['link-next-javascript.pdf', '/S /JavaScript'],
    ['additional-actions.pdf', '/AA'],
    ['embedded-file.pdf', '/EmbeddedFiles'],
    ['file-attachment.pdf', '/Subtype /FileAttachment'],
    ['xfa-form.pdf', '/XFA'],
    ['submit-form.pdf', '/S /SubmitForm'],
    ['import-data.pdf', '/S /ImportData'],
    ['goto-remote.pdf', '/S /GoToR'],
    ['rich-media.pdf', '/Subtype /RichMedia'],
    ['openaction-goto-next-uri.pdf', '/OpenAction with an action other than GoTo'],
    // Issue 23: `6 0obj`, which the header pattern missed, followed by a harmless `6 0 obj`.
    ['header-without-space.pdf', '/S /JavaScript'],
    ['header-without-space-launch.pdf', '/S /Launch'],
  ])('refuses %s', async (file, reason) => {
    expect(await inspectPdf(fixture(file))).toEqual({ verdict: 'active', reason });
  });

  it('refuses a JavaScript open action written by pdf-lib', async () => {
    expect(await inspectPdf(await pdfWithJavaScript())).toMatchObject({ verdict: 'active' });
  });

  it('needs more than the objects pdf-lib keeps to see the hidden actions', async () => {
    for (const file of [
      'untyped-object-stream.pdf',
      'shadowed-object.pdf',
      'hidden-in-stream.pdf',
    ]) {
      const document = await PDFDocument.load(fixture(file));
      const actionTypes = document.context
        .enumerateIndirectObjects()
        .map(([, object]) => object instanceof PDFDict && object.get(PDFName.of('S')))
        .filter((type) => type instanceof PDFName)
        .map((type) => type.decodeText());
      expect(actionTypes).not.toContain('JavaScript');
      expect(actionTypes).not.toContain('Launch');
    }
  });
});

describe('harmless PDFs', () => {
  it.each([
    'plain.pdf',
    'plain-object-stream.pdf',
    'uri-link.pdf',
    'goto-destination-array.pdf',
    'goto-action-openaction.pdf',
    'reset-form.pdf',
  ])('accepts %s', async (file) => {
    expect(await inspectPdf(fixture(file))).toEqual({ verdict: 'passive' });
  });

  it('accepts a PDF whose text names /JavaScript and /Launch, which the byte search refused', async () => {
    const data = fixture('javascript-word-in-text.pdf');
    expect(previousByteSearch.test(data.toString('latin1'))).toBe(true);
    expect(await inspectPdf(data)).toEqual({ verdict: 'passive' });
  });

  it('accepts a PDF written by pdf-lib with object streams', async () => {
    expect(await inspectPdf(await pdf())).toEqual({ verdict: 'passive' });
  });
});

describe('PDFs that cannot be inspected', () => {
  it('reports an encrypted PDF', async () => {
    expect(await inspectPdf(await encryptedPdf())).toEqual({ verdict: 'encrypted' });
  });

  it.each([
    ['no PDF structure', Buffer.from('%PDF-1.7\nnada aqui\n%%EOF\n')],
    ['half a PDF', fixture('plain.pdf').subarray(0, 120)],
    ['an object stream that does not decode', fixture('undecodable-object-stream.pdf')],
    // Issue 23: its /N refers to an object defined twice, so the check and a reader would
    // read different objects out of it.
    ['an object stream whose count is ambiguous', fixture('objstm-count-by-reference.pdf')],
  ])('reports %s as unreadable', async (_label, data) => {
    expect(await inspectPdf(data)).toEqual({ verdict: 'unreadable' });
  });
});
