/**
 * Synthetic identity documents (old RG, CIN, CNH) for the extraction tests and the benchmark:
 * rendered text on a card layout with guilloché lines, then noise, blur, rotation and JPEG
 * artefacts. No real person's data or photo.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import opentype from 'opentype.js';
import sharp from 'sharp';
import type { IdentityKind } from '../src/modules/kyc/identity-fields';

export type SyntheticIdentity = {
  kind: IdentityKind;
  nome: string;
  numero: string;
  orgao: string;
  uf: string;
  validade: string | null;
};

export type Distortion = { rotation?: number; blur?: number; noise?: number; quality?: number };

/**
 * Text is drawn as outlines from the DejaVu fonts shipped by an npm package, so the documents
 * look the same on every machine, with or without system fonts.
 */
const fontDir = join(
  dirname(createRequire(import.meta.url).resolve('dejavu-fonts-ttf/package.json')),
  'ttf',
);
const loadFont = (file: string) => {
  const data = readFileSync(join(fontDir, file));
  return opentype.parse(data.buffer.slice(data.byteOffset, data.byteOffset + data.byteLength));
};
const fonts = { regular: loadFont('DejaVuSans.ttf'), bold: loadFont('DejaVuSans-Bold.ttf') };

function textPath(text: string, x: number, y: number, size: number, bold: boolean): string {
  // Glyph by glyph: the layout engine's substitutions are not needed for these labels.
  const font = bold ? fonts.bold : fonts.regular;
  const scale = size / font.unitsPerEm;
  let cursor = x;
  const parts: string[] = [];
  for (const character of text) {
    const glyph = font.charToGlyph(character);
    parts.push(glyph.getPath(cursor, y, size).toPathData(2));
    cursor += (glyph.advanceWidth ?? font.unitsPerEm / 2) * scale;
  }
  return `<path d="${parts.join(' ')}" fill="#1b2a2f"/>`;
}

function formatCpf(digits: string) {
  return `${digits.slice(0, 3)}.${digits.slice(3, 6)}.${digits.slice(6, 9)}-${digits.slice(9)}`;
}

function lines(identity: SyntheticIdentity): string[] {
  switch (identity.kind) {
    case 'RG':
      return [
        'REPÚBLICA FEDERATIVA DO BRASIL',
        `SECRETARIA DA SEGURANÇA PÚBLICA - ${identity.uf}`,
        'CARTEIRA DE IDENTIDADE',
        `REGISTRO GERAL ${identity.numero}`,
        `NOME ${identity.nome}`,
        'DATA DE NASCIMENTO 14/03/1986',
        `ÓRGÃO EXPEDIDOR ${identity.orgao}/${identity.uf}`,
      ];
    case 'CIN':
      return [
        'REPÚBLICA FEDERATIVA DO BRASIL',
        'CARTEIRA DE IDENTIDADE NACIONAL',
        `NOME ${identity.nome}`,
        `CPF ${formatCpf(identity.numero)}`,
        'DATA DE NASCIMENTO 02/09/1991',
        `VALIDADE ${identity.validade}`,
        `ÓRGÃO EXPEDIDOR ${identity.orgao}/${identity.uf}`,
      ];
    case 'CNH':
      return [
        'REPÚBLICA FEDERATIVA DO BRASIL',
        'CARTEIRA NACIONAL DE HABILITAÇÃO',
        `NOME ${identity.nome}`,
        `Nº REGISTRO ${identity.numero}`,
        `VALIDADE ${identity.validade}`,
        `DETRAN - ${identity.uf}`,
      ];
  }
}

function cardSvg(identity: SyntheticIdentity, width: number, height: number): string {
  const guilloche = Array.from({ length: 14 }, (_, index) => {
    const y = 40 + index * 34;
    return `<path d="M0 ${y} Q ${width / 4} ${y - 25} ${width / 2} ${y} T ${width} ${y}" stroke="#c9dcd7" stroke-width="1" fill="none"/>`;
  }).join('');
  const text = lines(identity)
    .map((line, index) => textPath(line, 40, 70 + index * 56, index < 2 ? 24 : 28, index < 2))
    .join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
<rect width="${width}" height="${height}" fill="#eef4f1"/>${guilloche}
<rect x="${width - 230}" y="150" width="180" height="230" fill="#d5ded9" stroke="#9fb3ab"/>
${text}</svg>`;
}

/** A JPEG photo of the document, distorted as a phone photo would be. */
export async function renderIdentityDocument(
  identity: SyntheticIdentity,
  distortion: Distortion = {},
): Promise<Buffer> {
  const width = 1000;
  const height = 480;
  let image = sharp(Buffer.from(cardSvg(identity, width, height))).flatten({
    background: '#ffffff',
  });
  if (distortion.noise) {
    const noise = await sharp({
      create: {
        width,
        height,
        channels: 3,
        background: '#808080',
        noise: { type: 'gaussian', mean: 128, sigma: distortion.noise },
      },
    })
      .png()
      .toBuffer();
    image = sharp(await image.png().toBuffer()).composite([{ input: noise, blend: 'overlay' }]);
  }
  let buffer = await image.png().toBuffer();
  if (distortion.blur) buffer = await sharp(buffer).blur(distortion.blur).png().toBuffer();
  if (distortion.rotation) {
    buffer = await sharp(buffer)
      .rotate(distortion.rotation, { background: '#7a7a7a' })
      .png()
      .toBuffer();
  }
  return sharp(buffer)
    .jpeg({ quality: distortion.quality ?? 80 })
    .toBuffer();
}

const givenNames = [
  'MARIA',
  'JOSE',
  'ANA',
  'JOAO',
  'FRANCISCA',
  'ANTONIO',
  'ADRIANA',
  'CARLOS',
  'JULIANA',
  'PAULO',
];
const surnames = [
  'SILVA',
  'SANTOS',
  'OLIVEIRA',
  'SOUZA',
  'RODRIGUES',
  'FERREIRA',
  'ALVES',
  'PEREIRA',
  'LIMA',
  'GOMES',
];
const states = ['SP', 'RJ', 'MG', 'BA', 'PR', 'RS', 'PE', 'CE', 'SC', 'GO'];

/** Deterministic pseudo-random data: the same seed gives the same documents. */
function generator(seed: number) {
  let state = seed >>> 0 || 1;
  return () => {
    state = (state * 1664525 + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

function cpfDigits(base: number[]): string {
  const dv = (values: number[], start: number) => {
    const sum = values.reduce((total, value, index) => total + value * (start - index), 0);
    const remainder = sum % 11;
    return remainder < 2 ? 0 : 11 - remainder;
  };
  const first = dv(base, 10);
  return [...base, first, dv([...base, first], 11)].join('');
}

export function syntheticIdentity(kind: IdentityKind, seed: number): SyntheticIdentity {
  const random = generator(seed);
  const pick = <T>(items: readonly T[]) => items[Math.floor(random() * items.length)]!;
  const digits = (count: number) => Array.from({ length: count }, () => Math.floor(random() * 10));
  const nome = `${pick(givenNames)} ${pick(surnames)} ${pick(surnames)}`;
  const uf = pick(states);
  const validade = `${String(1 + Math.floor(random() * 28)).padStart(2, '0')}/${String(1 + Math.floor(random() * 12)).padStart(2, '0')}/${2027 + Math.floor(random() * 9)}`;
  if (kind === 'RG') {
    const d = digits(9).join('');
    return {
      kind,
      nome,
      numero: `${d.slice(0, 2)}.${d.slice(2, 5)}.${d.slice(5, 8)}-${d[8]}`,
      orgao: 'SSP',
      // States that print 8 digits and a check digit, as the number above.
      uf: pick(['SP', 'RJ', 'PR', 'GO', 'BA']),
      validade: null,
    };
  }
  if (kind === 'CIN')
    return { kind, nome, numero: cpfDigits(digits(9)), orgao: 'SSP', uf, validade };
  return { kind, nome, numero: cnhRegistro(digits), orgao: 'DETRAN', uf, validade };
}

/** An 11-digit CNH registro whose check digits hold (hasValidCnhCheckDigits). */
function cnhRegistro(digits: (count: number) => number[]): string {
  for (;;) {
    const body = digits(9);
    const first = body.reduce((sum, digit, index) => sum + digit * (9 - index), 0) % 11;
    const discount = first >= 10 ? 2 : 0;
    const rest = body.reduce((sum, digit, index) => sum + digit * (index + 1), 0) % 11;
    const second = rest >= 10 ? 0 : rest - discount;
    if (second >= 0 && new Set(body).size > 1)
      return [...body, first >= 10 ? 0 : first, second].join('');
  }
}
