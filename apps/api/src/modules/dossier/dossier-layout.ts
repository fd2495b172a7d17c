/**
 * A small flowing layout over pdf-lib for the audit dossier: A4 pages, headings, label/value
 * lists, paragraphs, bullet lists, tables and images, each wrapped to the page's width and
 * continued on a new page when the page is full; every page ends with 'Página N de M'.
 *
 * Only the PDF standard fonts are used (nothing to load or embed): they encode WinAnsi, which
 * covers Portuguese; any other character is replaced (pdfSafeText) instead of failing the file.
 */
import {
  PDFDocument,
  StandardFonts,
  rgb,
  type PDFFont,
  type PDFImage,
  type PDFPage,
  type RGB,
} from 'pdf-lib';

/** A4 in points. */
const PAGE_WIDTH = 595.28;
const PAGE_HEIGHT = 841.89;
const MARGIN_X = 48;
const MARGIN_TOP = 52;
/** Room kept under the content for the footer. */
const MARGIN_BOTTOM = 56;
const CONTENT_WIDTH = PAGE_WIDTH - 2 * MARGIN_X;

const BODY_SIZE = 9;
const LINE_HEIGHT = 12;
const SMALL_SIZE = 7.5;
/** Width of the label column of a label/value list. */
const LABEL_WIDTH = 150;
const CELL_PADDING = 3;

/** Widest and tallest an image is drawn (points). */
export const IMAGE_MAX_WIDTH = 120;
const IMAGE_MAX_HEIGHT = 160;

const colors = {
  text: rgb(0.1, 0.1, 0.12),
  muted: rgb(0.4, 0.4, 0.45),
  heading: rgb(0.04, 0.24, 0.42),
  rule: rgb(0.78, 0.8, 0.84),
  headerFill: rgb(0.93, 0.94, 0.96),
};

/** An image as the dossier embeds it: the bytes of a JPEG or a PNG. */
export type PdfImageData = { format: 'jpeg' | 'png'; data: Uint8Array };

export type LabelValue = { label: string; value: string };

export type TableColumn = {
  title: string;
  /** Share of the content width (the shares of a table add up to 1). */
  share: number;
};

/** Replacements of common characters that WinAnsi lacks, before the generic fallback. */
const replacements: Record<string, string> = {
  '\u2192': '->',
  '\u2190': '<-',
  '\u2194': '<->',
  '\u2264': '<=',
  '\u2265': '>=',
  '\u2260': '!=',
  '\u2212': '-',
  '\u2010': '-',
  '\u2011': '-',
  '\u2012': '-',
  '\u2015': '-',
  '\u2032': "'",
  '\u2033': '"',
  '\u2713': 'v',
  '\u2714': 'v',
  '\u2717': 'x',
  '\u2718': 'x',
  // Letters whose accent is not a combining mark (no NFD decomposition).
  '\u0141': 'L',
  '\u0142': 'l',
  '\u0110': 'D',
  '\u0111': 'd',
  '\u0131': 'i',
  '\u2007': ' ',
  '\u2009': ' ',
  '\u202f': ' ',
};

/**
 * The text as the standard fonts can draw it: line breaks kept (the wrapper splits on them),
 * tabs as a space, other control and invisible characters removed, a character outside the
 * font's set replaced by its letter without accent when that exists ('ő' -> 'o'), by a near
 * ASCII form ('→' -> '->'), or else by '?'.
 */
export function pdfSafeText(text: string, supported: ReadonlySet<number>): string {
  let out = '';
  for (const char of text.replace(/\r\n?/g, '\n').normalize('NFC')) {
    const code = char.codePointAt(0)!;
    if (char === '\n') out += char;
    else if (char === '\t') out += ' ';
    else if (/[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]/u.test(char)) continue;
    else if (supported.has(code)) out += char;
    else if (replacements[char] !== undefined) out += replacements[char];
    else {
      const base = char.normalize('NFD').replace(/\p{M}/gu, '');
      out += base && [...base].every((c) => supported.has(c.codePointAt(0)!)) ? base : '?';
    }
  }
  return out;
}

/**
 * The lines of `text` (already safe for the font) that fit in `maxWidth`: broken at spaces, a
 * word wider than the line broken between its characters, line breaks of the text kept.
 */
export function wrapText(text: string, font: PDFFont, size: number, maxWidth: number): string[] {
  const width = (value: string) => font.widthOfTextAtSize(value, size);
  const lines: string[] = [];
  for (const paragraph of text.split('\n')) {
    let line = '';
    for (const word of paragraph.split(/ +/)) {
      const candidate = line ? `${line} ${word}` : word;
      if (width(candidate) <= maxWidth) {
        line = candidate;
        continue;
      }
      if (line) lines.push(line);
      line = '';
      // A word longer than the line (a hash, a URL): as many characters as fit, then the rest.
      let rest = word;
      while (width(rest) > maxWidth) {
        let cut = 1;
        while (cut < rest.length && width(rest.slice(0, cut + 1)) <= maxWidth) cut += 1;
        lines.push(rest.slice(0, cut));
        rest = rest.slice(cut);
      }
      line = rest;
    }
    lines.push(line);
  }
  return lines;
}

type Fonts = { regular: PDFFont; bold: PDFFont };

/** An image embedded in the file and the size it is drawn at (points). */
export type EmbeddedImage = { image: PDFImage; width: number; height: number };

export type DossierWriter = {
  /** The document's title block, on the first page. */
  title: (title: string, subtitle: string) => void;
  /** A section heading, kept with the start of what follows it. */
  heading: (text: string) => void;
  /** A subheading, on the same page as the next `keepWith` points (default two lines). */
  subheading: (text: string, options?: { keepWith?: number }) => void;
  paragraph: (text: string, options?: { muted?: boolean; indent?: number }) => void;
  /**
   * Label/value lines (an empty value shows as '—'), then `image` under the value column; kept
   * on one page when they take less than half of one.
   */
  fields: (
    rows: readonly LabelValue[],
    options?: { indent?: number; image?: EmbeddedImage },
  ) => void;
  bullets: (items: readonly string[], options?: { indent?: number }) => void;
  /** A table whose header row repeats on each page it continues on. */
  table: (columns: readonly TableColumn[], rows: readonly (readonly string[])[]) => void;
  /** A JPEG or PNG in the file, to draw at most IMAGE_MAX_WIDTH wide with `fields`. */
  embedImage: (image: PdfImageData) => Promise<EmbeddedImage>;
  gap: (height?: number) => void;
  /** Draws every page's footer and answers the file. */
  finish: (footer: string) => Promise<Uint8Array>;
};

export async function createDossierWriter(metadata: {
  title: string;
  author: string;
  createdAt: Date;
}): Promise<DossierWriter> {
  // No automatic metadata: the creation date is the dossier's, not the render's.
  const document = await PDFDocument.create({ updateMetadata: false });
  document.setTitle(metadata.title);
  document.setAuthor(metadata.author);
  document.setCreator('MediPay - portal de cadastro');
  document.setProducer('MediPay');
  document.setCreationDate(metadata.createdAt);
  document.setModificationDate(metadata.createdAt);
  document.setLanguage('pt-BR');

  const fonts: Fonts = {
    regular: await document.embedFont(StandardFonts.Helvetica),
    bold: await document.embedFont(StandardFonts.HelveticaBold),
  };
  // The standard fonts share the WinAnsi set.
  const supported = new Set(fonts.regular.getCharacterSet());
  const safe = (text: string) => pdfSafeText(text, supported);

  let page: PDFPage = document.addPage([PAGE_WIDTH, PAGE_HEIGHT]);
  let y = PAGE_HEIGHT - MARGIN_TOP;
  /** Called after a page break (a table repeats its header). */
  let onNewPage: (() => void) | null = null;

  const newPage = () => {
    page = document.addPage([PAGE_WIDTH, PAGE_HEIGHT]);
    y = PAGE_HEIGHT - MARGIN_TOP;
    onNewPage?.();
  };
  /** Starts a new page unless `height` still fits on this one. */
  const ensure = (height: number) => {
    if (y - height < MARGIN_BOTTOM) newPage();
  };

  const draw = (
    text: string,
    x: number,
    options: { font?: PDFFont; size?: number; color?: RGB } = {},
  ) => {
    const size = options.size ?? BODY_SIZE;
    if (text) {
      page.drawText(text, {
        x,
        y: y - size,
        size,
        font: options.font ?? fonts.regular,
        color: options.color ?? colors.text,
      });
    }
  };

  /** Lines drawn one under the other from `x`, each on the page it fits on. */
  const drawLines = (
    lines: readonly string[],
    x: number,
    options: { font?: PDFFont; size?: number; color?: RGB; lineHeight?: number } = {},
  ) => {
    const lineHeight = options.lineHeight ?? LINE_HEIGHT;
    for (const line of lines) {
      ensure(lineHeight);
      draw(line, x, options);
      y -= lineHeight;
    }
  };

  const rule = (color = colors.rule, thickness = 0.6) => {
    page.drawLine({
      start: { x: MARGIN_X, y },
      end: { x: MARGIN_X + CONTENT_WIDTH, y },
      thickness,
      color,
    });
  };

  const writer: DossierWriter = {
    title: (title, subtitle) => {
      draw(safe(title), MARGIN_X, { font: fonts.bold, size: 18, color: colors.heading });
      y -= 24;
      drawLines(wrapText(safe(subtitle), fonts.regular, 10, CONTENT_WIDTH), MARGIN_X, {
        size: 10,
        color: colors.muted,
        lineHeight: 13,
      });
      y -= 6;
      rule(colors.heading, 1.2);
      y -= 10;
    },

    heading: (text) => {
      // The heading and at least three lines of its content on the same page.
      ensure(22 + 3 * LINE_HEIGHT);
      y -= 8;
      draw(safe(text), MARGIN_X, { font: fonts.bold, size: 13, color: colors.heading });
      y -= 17;
      rule();
      y -= 7;
    },

    subheading: (text, options = {}) => {
      ensure(16 + (options.keepWith ?? 2 * LINE_HEIGHT));
      y -= 4;
      drawLines(wrapText(safe(text), fonts.bold, 10.5, CONTENT_WIDTH), MARGIN_X, {
        font: fonts.bold,
        size: 10.5,
        lineHeight: 14,
      });
      y -= 2;
    },

    paragraph: (text, options = {}) => {
      const indent = options.indent ?? 0;
      drawLines(
        wrapText(safe(text), fonts.regular, BODY_SIZE, CONTENT_WIDTH - indent),
        MARGIN_X + indent,
        {
          color: options.muted ? colors.muted : colors.text,
        },
      );
      y -= 3;
    },

    fields: (rows, options = {}) => {
      const indent = options.indent ?? 0;
      const valueX = MARGIN_X + indent + LABEL_WIDTH;
      const valueWidth = CONTENT_WIDTH - indent - LABEL_WIDTH;
      const laidOut = rows.map((row) => {
        const label = wrapText(safe(row.label), fonts.bold, BODY_SIZE, LABEL_WIDTH - 8);
        const value = wrapText(safe(row.value || '—'), fonts.regular, BODY_SIZE, valueWidth);
        return { label, value, count: Math.max(label.length, value.length) };
      });
      const { image } = options;
      const height =
        laidOut.reduce((sum, row) => sum + row.count * LINE_HEIGHT + 1.5, 0) +
        (image ? image.height + 6 : 0);
      // A short block is not split between two pages: a long one goes on where the page ends.
      if (height < (PAGE_HEIGHT - MARGIN_TOP - MARGIN_BOTTOM) / 2) ensure(height);
      for (const row of laidOut) {
        for (let index = 0; index < row.count; index += 1) {
          ensure(LINE_HEIGHT);
          draw(row.label[index] ?? '', MARGIN_X + indent, {
            font: fonts.bold,
            color: colors.muted,
          });
          draw(row.value[index] ?? '', valueX);
          y -= LINE_HEIGHT;
        }
        y -= 1.5;
      }
      if (image) {
        ensure(image.height + 4);
        page.drawImage(image.image, {
          x: valueX,
          y: y - image.height - 2,
          width: image.width,
          height: image.height,
        });
        y -= image.height + 6;
      }
      y -= 3;
    },

    bullets: (items, options = {}) => {
      const indent = options.indent ?? 0;
      for (const item of items) {
        const lines = wrapText(safe(item), fonts.regular, BODY_SIZE, CONTENT_WIDTH - indent - 12);
        lines.forEach((line, index) => {
          ensure(LINE_HEIGHT);
          if (index === 0) draw('•', MARGIN_X + indent + 2);
          draw(line, MARGIN_X + indent + 12);
          y -= LINE_HEIGHT;
        });
      }
      y -= 3;
    },

    table: (columns, rows) => {
      const widths = columns.map((column) => column.share * CONTENT_WIDTH);
      const xs = widths.map((_, index) =>
        widths.slice(0, index).reduce((sum, width) => sum + width, MARGIN_X),
      );
      const cellLines = (cells: readonly string[], font: PDFFont) =>
        cells.map((cell, index) =>
          wrapText(safe(cell || '—'), font, BODY_SIZE, widths[index]! - 2 * CELL_PADDING),
        );

      const header = cellLines(
        columns.map((column) => column.title),
        fonts.bold,
      );
      const headerHeight = Math.max(...header.map((lines) => lines.length)) * LINE_HEIGHT + 4;
      const drawHeader = () => {
        page.drawRectangle({
          x: MARGIN_X,
          y: y - headerHeight,
          width: CONTENT_WIDTH,
          height: headerHeight,
          color: colors.headerFill,
        });
        y -= 2;
        header.forEach((lines, column) => {
          lines.forEach((line, index) =>
            page.drawText(line, {
              x: xs[column]! + CELL_PADDING,
              y: y - BODY_SIZE - index * LINE_HEIGHT,
              size: BODY_SIZE,
              font: fonts.bold,
              color: colors.text,
            }),
          );
        });
        y -= headerHeight - 2;
      };

      ensure(headerHeight + LINE_HEIGHT + 4);
      drawHeader();
      onNewPage = drawHeader;
      try {
        for (const row of rows) {
          const cells = cellLines(row, fonts.regular);
          const count = Math.max(...cells.map((lines) => lines.length));
          y -= 2;
          // Line by line: a row taller than what is left of the page goes on on the next one.
          for (let index = 0; index < count; index += 1) {
            ensure(LINE_HEIGHT);
            cells.forEach((lines, column) => draw(lines[index] ?? '', xs[column]! + CELL_PADDING));
            y -= LINE_HEIGHT;
          }
          y -= 1;
          rule();
        }
      } finally {
        onNewPage = null;
      }
      y -= 8;
    },

    embedImage: async ({ format, data }) => {
      const image =
        format === 'png' ? await document.embedPng(data) : await document.embedJpg(data);
      const scale = Math.min(1, IMAGE_MAX_WIDTH / image.width, IMAGE_MAX_HEIGHT / image.height);
      return { image, width: image.width * scale, height: image.height * scale };
    },

    gap: (height = 6) => {
      y -= height;
    },

    finish: async (footer) => {
      const pages = document.getPages();
      const footerText = safe(footer);
      pages.forEach((each, index) => {
        const number = `Página ${index + 1} de ${pages.length}`;
        const numberWidth = fonts.regular.widthOfTextAtSize(number, SMALL_SIZE);
        const [footerLine] = wrapText(
          footerText,
          fonts.regular,
          SMALL_SIZE,
          CONTENT_WIDTH - numberWidth - 16,
        );
        each.drawLine({
          start: { x: MARGIN_X, y: 40 },
          end: { x: MARGIN_X + CONTENT_WIDTH, y: 40 },
          thickness: 0.5,
          color: colors.rule,
        });
        each.drawText(footerLine ?? '', {
          x: MARGIN_X,
          y: 30,
          size: SMALL_SIZE,
          font: fonts.regular,
          color: colors.muted,
        });
        each.drawText(number, {
          x: MARGIN_X + CONTENT_WIDTH - numberWidth,
          y: 30,
          size: SMALL_SIZE,
          font: fonts.regular,
          color: colors.muted,
        });
      });
      return document.save();
    },
  };
  return writer;
}
