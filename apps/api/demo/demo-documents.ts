/**
 * The files of the demonstration applications, generated on the spot: PDFs laid out like the
 * real documents (utility bill, articles of association, registry card, operating licence, CNES
 * record), photos of identity documents with the applicant's data, and illustrated selfies. Each
 * one says it is fictitious. No real person's data or photo.
 */
import { PDFDocument, rgb, StandardFonts, type PDFFont, type PDFPage } from 'pdf-lib';
import sharp from 'sharp';
import { formatDate, saoPauloParts } from '@medipay/shared/dates';
import { maskCep } from '@medipay/shared/masks';
import { labelOf, tipoEmpresaOptions, ufOptions } from '@medipay/shared/options';
import { formatPhone } from '@medipay/shared/phone';
import { formatCnpj, formatCpf } from '@medipay/shared/tax-id';
import { renderIdentityDocument, type SyntheticIdentity } from '../test/identity-documents';
import type { DemoAddress, DemoPj } from './demo-dataset';

const DAY_MS = 24 * 60 * 60 * 1000;
const NOTICE = 'Documento fictício gerado para demonstração do portal MediPay. Sem validade legal.';

/** A stable number from a text, for the invented figures of a document (0 <= n < modulo). */
function stableNumber(text: string, modulo: number): number {
  let hash = 2166136261;
  for (const character of text) {
    hash ^= character.codePointAt(0)!;
    hash = Math.imul(hash, 16777619) >>> 0;
  }
  return hash % modulo;
}

const money = (cents: number) =>
  `R$ ${Math.floor(cents / 100).toLocaleString('pt-BR')},${String(cents % 100).padStart(2, '0')}`;
const monthYear = (date: Date) => {
  const { month, year } = saoPauloParts(date);
  return `${month}/${year}`;
};
const addressLine = (address: DemoAddress) =>
  [`${address.logradouro}, ${address.numero}`, address.complemento, address.bairro]
    .filter(Boolean)
    .join(' - ');
const cityLine = (address: DemoAddress) =>
  `${address.cidade}/${address.uf} - CEP ${maskCep(address.cep)}`;

type PdfBlock = { heading?: string; fields?: [string, string][]; paragraphs?: string[] };

type PdfContent = {
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

/** An A4 document: a header band with the issuer, a title, labelled fields and paragraphs. */
async function renderPdf(content: PdfContent): Promise<Buffer> {
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

/** An electricity bill at the applicant's address (proof of residence). */
export function proofOfResidence(input: {
  nome: string;
  address: DemoAddress;
  /** When the bill was issued. */
  issued: Date;
}): Promise<Buffer> {
  const { nome, address, issued } = input;
  const seed = `${nome}${address.cep}`;
  const kwh = 120 + stableNumber(seed, 260);
  return renderPdf({
    issuer: `Distribuidora de Energia de ${labelOf(ufOptions, address.uf)} (fictícia)`,
    title: 'Conta de energia elétrica',
    subtitle: `Referência ${monthYear(new Date(issued.getTime() - 20 * DAY_MS))}`,
    date: issued,
    blocks: [
      {
        heading: 'Titular',
        fields: [
          ['Nome', nome.toUpperCase()],
          ['Endereço da instalação', addressLine(address)],
          ['Município', cityLine(address)],
        ],
      },
      {
        heading: 'Fatura',
        fields: [
          ['Número da instalação', String(3_000_000_000 + stableNumber(seed, 999_999_999))],
          ['Data de emissão', formatDate(issued)],
          ['Vencimento', formatDate(new Date(issued.getTime() + 12 * DAY_MS))],
          ['Consumo', `${kwh} kWh`],
          ['Valor total', money(kwh * 92 + stableNumber(seed, 99))],
        ],
      },
    ],
  });
}

/** A water bill in the company's name at its address (proof of address). */
export function companyProofOfAddress(pj: DemoPj, issued: Date): Promise<Buffer> {
  const volume = 18 + stableNumber(pj.cnpj, 160);
  return renderPdf({
    issuer: `Companhia de Saneamento de ${labelOf(ufOptions, pj.endereco.uf)} (fictícia)`,
    title: 'Conta de água e esgoto',
    subtitle: `Referência ${monthYear(new Date(issued.getTime() - 20 * DAY_MS))}`,
    date: issued,
    blocks: [
      {
        heading: 'Cliente',
        fields: [
          ['Razão social', pj.razaoSocial.toUpperCase()],
          ['CNPJ', formatCnpj(pj.cnpj)],
          ['Endereço', addressLine(pj.endereco)],
          ['Município', cityLine(pj.endereco)],
        ],
      },
      {
        heading: 'Fatura',
        fields: [
          ['Matrícula', String(10_000_000 + stableNumber(pj.cnpj, 89_999_999))],
          ['Data de emissão', formatDate(issued)],
          ['Vencimento', formatDate(new Date(issued.getTime() + 15 * DAY_MS))],
          ['Consumo', `${volume} m³`],
          ['Valor total', money(volume * 1480 + stableNumber(pj.cnpj, 99))],
        ],
      },
    ],
  });
}

const naturezaJuridica = (pj: DemoPj) =>
  pj.tipoEmpresa === 'organizacao_social'
    ? '399-9 - Associação Privada'
    : pj.razaoSocial.endsWith('S.A.')
      ? '205-4 - Sociedade Anônima Fechada'
      : '206-2 - Sociedade Empresária Limitada';

/**
 * The articles of association (or bylaws); `signed: false` is a copy without the signature
 * page, as sent before a requirement.
 */
export function articlesOfAssociation(
  pj: DemoPj,
  options: { date: Date; signed: boolean },
): Promise<Buffer> {
  const corporation = pj.razaoSocial.endsWith('S.A.');
  const association = pj.tipoEmpresa === 'organizacao_social';
  const kind = association
    ? 'Estatuto social'
    : corporation
      ? 'Estatuto social'
      : 'Contrato social';
  const capital = 50_000 + stableNumber(pj.cnpj, 40) * 25_000;
  const responsible = `${pj.responsavel.nome}, brasileiro(a), inscrito(a) no CPF sob o nº ${formatCpf(pj.responsavel.cpf)}, portador(a) do RG nº ${pj.responsavel.rg}`;
  return renderPdf({
    issuer: `Junta Comercial do Estado de ${labelOf(ufOptions, pj.endereco.uf)} (fictícia)`,
    title: `${kind} - ${pj.razaoSocial}`,
    subtitle: `CNPJ ${formatCnpj(pj.cnpj)} - ${naturezaJuridica(pj)}`,
    date: options.date,
    blocks: [
      {
        paragraphs: [
          `Pelo presente instrumento, ${responsible}, e demais ${association ? 'associados' : 'sócios'} qualificados nos atos arquivados, resolvem consolidar o ${kind.toLowerCase()} de ${pj.razaoSocial}, que se regerá pelas cláusulas seguintes.`,
        ],
      },
      {
        heading: 'Cláusula primeira - Denominação e sede',
        paragraphs: [
          `A ${association ? 'entidade' : 'sociedade'} gira sob a denominação ${pj.razaoSocial}, com nome fantasia ${pj.nomeFantasia}, e tem sede na ${addressLine(pj.endereco)}, ${cityLine(pj.endereco)}.`,
        ],
      },
      {
        heading: 'Cláusula segunda - Objeto',
        paragraphs: [
          `O objeto é a prestação de serviços de saúde na modalidade ${labelOf(tipoEmpresaOptions, pj.tipoEmpresa).toLowerCase()}, compreendendo a atividade ${pj.atividadePrincipal}.`,
        ],
      },
      {
        heading: association
          ? 'Cláusula terceira - Patrimônio'
          : 'Cláusula terceira - Capital social',
        paragraphs: [
          association
            ? 'O patrimônio da entidade é constituído por doações, contribuições dos associados e receitas de convênios, aplicados integralmente em suas finalidades, vedada a distribuição de resultados.'
            : `O capital social é de ${money(capital * 100)}, totalmente subscrito e integralizado em moeda corrente nacional.`,
        ],
      },
      {
        heading: 'Cláusula quarta - Administração',
        paragraphs: [
          `A administração cabe a ${pj.responsavel.nome}, que representa a ${association ? 'entidade' : 'sociedade'} ativa e passivamente, em juízo ou fora dele, vedado o uso da denominação em negócios estranhos ao objeto.`,
        ],
      },
      {
        heading: 'Cláusula quinta - Foro',
        paragraphs: [
          `Fica eleito o foro da comarca de ${pj.endereco.cidade}/${pj.endereco.uf} para as questões oriundas deste instrumento.`,
        ],
      },
    ],
    signatures: options.signed ? [pj.responsavel.nome, 'Testemunha', 'Testemunha'] : undefined,
  });
}

/** The registry card (Comprovante de Inscrição e de Situação Cadastral). */
export function registryCard(pj: DemoPj, issued: Date): Promise<Buffer> {
  const opened = new Date(issued.getTime() - (800 + stableNumber(pj.cnpj, 4000)) * DAY_MS);
  return renderPdf({
    issuer: 'República Federativa do Brasil - Cadastro Nacional da Pessoa Jurídica',
    title: 'Comprovante de inscrição e de situação cadastral',
    subtitle: `Emitido em ${formatDate(issued)} (reprodução fictícia)`,
    date: issued,
    blocks: [
      {
        fields: [
          ['Número de inscrição', `${formatCnpj(pj.cnpj)} - MATRIZ`],
          ['Data de abertura', formatDate(opened)],
          ['Nome empresarial', pj.razaoSocial.toUpperCase()],
          ['Título do estabelecimento (nome de fantasia)', pj.nomeFantasia.toUpperCase()],
          ['Código e descrição da atividade econômica principal', pj.atividadePrincipal],
          ['Código e descrição da natureza jurídica', naturezaJuridica(pj)],
          ['Logradouro', `${pj.endereco.logradouro}, ${pj.endereco.numero}`],
          ['Complemento', pj.endereco.complemento ?? '********'],
          [
            'Bairro / Município / UF',
            `${pj.endereco.bairro} - ${pj.endereco.cidade}/${pj.endereco.uf}`,
          ],
          ['CEP', maskCep(pj.endereco.cep)],
          ['Endereço eletrônico / Telefone', `${pj.email} / ${formatPhone(pj.telefone)}`],
          ['Situação cadastral', 'ATIVA'],
          ['Data da situação cadastral', formatDate(opened)],
        ],
      },
    ],
  });
}

/** The municipal operating licence (alvará de funcionamento), valid until `validUntil`. */
export function operatingLicence(
  pj: DemoPj,
  options: { issued: Date; validUntil: Date },
): Promise<Buffer> {
  return renderPdf({
    issuer: `Prefeitura Municipal de ${pj.endereco.cidade} (fictícia)`,
    title: 'Alvará de licença para localização e funcionamento',
    subtitle: `Alvará nº ${String(stableNumber(pj.cnpj, 900_000) + 100_000)}/${saoPauloParts(options.issued).year}`,
    date: options.issued,
    blocks: [
      {
        fields: [
          ['Razão social', pj.razaoSocial],
          ['CNPJ', formatCnpj(pj.cnpj)],
          ['Inscrição municipal', pj.inscricaoMunicipal ?? 'Não informada'],
          ['Endereço', `${addressLine(pj.endereco)} - ${cityLine(pj.endereco)}`],
          ['Atividade licenciada', pj.atividadePrincipal],
          ['Data de emissão', formatDate(options.issued)],
          ['Validade', formatDate(options.validUntil)],
        ],
      },
      {
        paragraphs: [
          'Este alvará deve ser mantido em local visível no estabelecimento. A licença não dispensa as autorizações sanitárias e de segurança exigidas para a atividade.',
        ],
      },
    ],
  });
}

/** The establishment's record in the national health establishment register (CNES). */
export function cnesRecord(pj: DemoPj, issued: Date): Promise<Buffer> {
  return renderPdf({
    issuer: 'Ministério da Saúde - Cadastro Nacional de Estabelecimentos de Saúde',
    title: 'Ficha do estabelecimento de saúde',
    subtitle: `Emitida em ${formatDate(issued)} (reprodução fictícia)`,
    date: issued,
    blocks: [
      {
        fields: [
          ['CNES', pj.cnes ?? ''],
          ['Nome', pj.nomeFantasia.toUpperCase()],
          ['Razão social', pj.razaoSocial.toUpperCase()],
          ['CNPJ', formatCnpj(pj.cnpj)],
          ['Tipo de estabelecimento', labelOf(tipoEmpresaOptions, pj.tipoEmpresa)],
          ['Gestão', 'Municipal'],
          ['Endereço', addressLine(pj.endereco)],
          ['Município / UF', cityLine(pj.endereco)],
          ['Responsável', pj.responsavel.nome],
        ],
      },
    ],
  });
}

/** A phone photo of the front of an identity document with the holder's data; maybe blurred. */
export function identityFront(identity: SyntheticIdentity, blurred = false): Promise<Buffer> {
  return renderIdentityDocument(identity, { noise: 6, quality: 85, ...(blurred && { blur: 7 }) });
}

/** The back of an identity card: security background, fingerprint, barcode (no text). */
export async function identityBack(seed: number, blurred = false): Promise<Buffer> {
  const width = 1000;
  const height = 480;
  const guilloche = Array.from({ length: 16 }, (_, index) => {
    const y = 30 + index * 28;
    return `<path d="M0 ${y} Q ${width / 3} ${y + 22} ${(2 * width) / 3} ${y} T ${width} ${y}" stroke="#c9dcd7" stroke-width="1" fill="none"/>`;
  }).join('');
  const ridges = Array.from(
    { length: 9 },
    (_, index) =>
      `<ellipse cx="150" cy="250" rx="${14 + index * 8}" ry="${20 + index * 10}" fill="none" stroke="#7d8f89" stroke-width="2.5"/>`,
  ).join('');
  const bars = Array.from({ length: 48 }, (_, index) => {
    const barWidth = 2 + ((seed * 7 + index * 13) % 5);
    return `<rect x="${520 + index * 9}" y="370" width="${barWidth}" height="70" fill="#1b2a2f"/>`;
  }).join('');
  const rows = Array.from(
    { length: 6 },
    (_, index) =>
      `<rect x="320" y="${70 + index * 44}" width="${560 - ((seed + index * 3) % 4) * 60}" height="12" rx="3" fill="#aebdb8"/>`,
  ).join('');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
<rect width="${width}" height="${height}" fill="#eaf1ee"/>${guilloche}
<rect x="60" y="120" width="180" height="260" rx="10" fill="#f5f8f7" stroke="#9fb3ab"/>${ridges}
${rows}${bars}</svg>`;
  const image = sharp(Buffer.from(svg));
  return (blurred ? sharp(await image.png().toBuffer()).blur(7) : image)
    .jpeg({ quality: 82 })
    .toBuffer();
}

const skinTones = ['#f1c7a5', '#e0a98a', '#c68863', '#a86b4a', '#7d4a2f'];
const hairColors = ['#2b1d14', '#4a2f1d', '#6b4a2b', '#1c1c1c', '#8a6a45'];
const backgrounds = ['#dfe7ec', '#e8e2d8', '#d9e4dc', '#e6e0ea', '#dde3e8'];

/**
 * An illustrated selfie (a drawn head and shoulders, not a photo), optionally holding the
 * identity card next to the face.
 */
export function selfie(seed: number, withDocument: boolean): Promise<Buffer> {
  const width = 480;
  const height = 640;
  const skin = skinTones[seed % skinTones.length]!;
  const hair = hairColors[(seed * 3) % hairColors.length]!;
  const background = backgrounds[(seed * 7) % backgrounds.length]!;
  const shirt = ['#2f5d8a', '#8a3b3b', '#3b7a57', '#5b4a8a', '#35505e'][(seed + 2) % 5]!;
  const card = withDocument
    ? `<g transform="rotate(-8 330 470)">
<rect x="250" y="400" width="190" height="120" rx="8" fill="#eef4f1" stroke="#9fb3ab" stroke-width="2"/>
<rect x="262" y="420" width="50" height="66" fill="#d5ded9"/>
<rect x="322" y="424" width="100" height="8" fill="#8fa19a"/><rect x="322" y="444" width="86" height="8" fill="#8fa19a"/>
<rect x="322" y="464" width="94" height="8" fill="#8fa19a"/></g>
<ellipse cx="350" cy="520" rx="36" ry="26" fill="${skin}"/>`
    : '';
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
<rect width="${width}" height="${height}" fill="${background}"/>
<path d="M60 640 C 70 500 170 470 240 470 C 310 470 410 500 420 640 Z" fill="${shirt}"/>
<rect x="212" y="380" width="56" height="100" rx="20" fill="${skin}"/>
<ellipse cx="240" cy="270" rx="105" ry="130" fill="${skin}"/>
<path d="M135 250 C 130 140 190 120 240 120 C 300 120 352 150 345 250 C 330 190 290 170 240 172 C 190 172 150 190 135 250 Z" fill="${hair}"/>
<ellipse cx="200" cy="270" rx="11" ry="8" fill="#2b2b2b"/><ellipse cx="280" cy="270" rx="11" ry="8" fill="#2b2b2b"/>
<path d="M236 290 Q 230 320 244 322" stroke="#9b6b55" stroke-width="3" fill="none"/>
<path d="M205 345 Q 240 368 275 345" stroke="#8a4a3a" stroke-width="5" fill="none" stroke-linecap="round"/>
${card}</svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 85 }).toBuffer();
}
