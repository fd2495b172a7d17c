/**
 * The layout of the demonstration's PDF documents (demo-bills.ts, demo-company-documents.ts): an
 * A4 page with the issuer's band, a title, labelled fields, paragraphs and signatures, and the
 * formatting their contents share. Each page says it is fictitious.
 */
import { PDFDocument, rgb, StandardFonts, type PDFFont, type PDFPage } from 'pdf-lib';
import { formatDate, saoPauloParts } from '@medipay/shared/dates';
import { maskCep } from '@medipay/shared/masks';
import type { DemoAddress } from './demo-dataset';

export const DAY_MS = 24 * 60 * 60 * 1000;
const NOTICE = 'Documento fictício gerado para demonstração do portal MediPay. Sem validade legal.';

/** A stable number from a text, for the invented figures of a document (0 <= n < modulo). */
export function stableNumber(text: string, modulo: number): number {
  let hash = 2166136261;
  for (const character of text) {
    hash ^= character.codePointAt(0)!;
    hash = Math.imul(hash, 16777619) >>> 0;
  }
  return hash % modulo;
}

export const money = (cents: number) =>
  `R$ ${Math.floor(cents / 100).toLocaleString('pt-BR')},${String(cents % 100).padStart(2, '0')}`;
export const monthYear = (date: Date) => {
  const { month, year } = saoPauloParts(date);
  return `${month}/${year}`;
};
export const addressLine = (address: DemoAddress) =>
  [`${address.logradouro}, ${address.numero}`, address.complemento, address.bairro]
    .filter(Boolean)
    .join(' - ');
export const cityLine = (address: DemoAddress) =>
  `${address.cidade}/${address.uf} - CEP ${maskCep(address.cep)}`;

export type PdfBlock = { heading?: string; fields?: [string, string][]; paragraphs?: string[] };

export type PdfContent = {
  issuer: string;
  title: string;
  subtitle?: string;
  blocks: PdfBlock[];
  /** Names that sign at the end, above a line each. */
  signatures?: string[];
  date: Date;
};

const PAGE = { width: 595.28, height: 841.89, margin: 56 };
const colors = {
  brand: rgb(0.06, 0.46, 0.43),
  text: rgb(0.11, 0.16, 0.18),
  muted: rgb(0.42, 0.47, 0.5),
  rule: rgb(0.8, 0.85, 0.84),
};

/** Splits a text into lines that fit `width` at `size`. */
function wrap(text: string, font: PDFFont, size: number, width: number): string[] {
  const lines: string[] = [];
  for (const paragraph of text.split('\n')) {
    let line = '';
    for (const word of paragraph.split(' ')) {
      const candidate = line ? `${line} ${word}` : word;
      if (line && font.widthOfTextAtSize(candidate, size) > width) {
        lines.push(line);
        line = word;
      } else {
        line = candidate;
      }
    }
    lines.push(line);
  }
  return lines;
}

export async function renderPdf(content: PdfContent): Promise<Buffer> {
  const document = await PDFDocument.create();
  document.setTitle(content.title);
  document.setAuthor(content.issuer);
  document.setProducer('MediPay - dados de demonstração');
  document.setCreationDate(content.date);
  document.setModificationDate(content.date);
  const regular = await document.embedFont(StandardFonts.Helvetica);
  const bold = await document.embedFont(StandardFonts.HelveticaBold);
  const textWidth = PAGE.width - PAGE.margin * 2;

  let page: PDFPage = document.addPage([PAGE.width, PAGE.height]);
  let y = 0;
  const startPage = () => {
    page.drawRectangle({
      x: 0,
      y: PAGE.height - 64,
      width: PAGE.width,
      height: 64,
      color: colors.brand,
    });
    page.drawText(content.issuer, {
      x: PAGE.margin,
      y: PAGE.height - 40,
      size: 12,
      font: bold,
      color: rgb(1, 1, 1),
    });
    page.drawText(NOTICE, { x: PAGE.margin, y: 32, size: 8, font: regular, color: colors.muted });
    y = PAGE.height - 100;
  };
  const room = (height: number) => {
    if (y - height > 60) return;
    page = document.addPage([PAGE.width, PAGE.height]);
    startPage();
  };
  const line = (text: string, size: number, font: PDFFont, color = colors.text, gap = 4) => {
    for (const part of wrap(text, font, size, textWidth)) {
      room(size + gap);
      page.drawText(part, { x: PAGE.margin, y, size, font, color });
      y -= size + gap;
    }
  };

  startPage();
  line(content.title, 15, bold);
  if (content.subtitle) line(content.subtitle, 10, regular, colors.muted);
  y -= 10;
  for (const block of content.blocks) {
    if (block.heading) {
      room(40);
      y -= 6;
      line(block.heading, 11, bold, colors.brand);
      y -= 2;
    }
    for (const [label, value] of block.fields ?? []) {
      room(30);
      line(label.toUpperCase(), 7.5, bold, colors.muted, 2);
      line(value, 10, regular, colors.text, 6);
    }
    for (const paragraph of block.paragraphs ?? []) {
      line(paragraph, 10, regular, colors.text, 4);
      y -= 6;
    }
  }
  if (content.signatures) {
    y -= 10;
    line(`${formatDate(content.date)}.`, 10, regular);
    for (const name of content.signatures) {
      room(60);
      y -= 36;
      page.drawLine({
        start: { x: PAGE.margin, y },
        end: { x: PAGE.margin + 240, y },
        thickness: 0.7,
        color: colors.rule,
      });
      y -= 12;
      line(name, 9, regular, colors.muted);
    }
  }
  return Buffer.from(await document.save());
}
