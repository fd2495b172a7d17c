// The three cards of the corpus (documents.ts): the old green RG, the CIN with bilingual labels
// and the green CNH with its column grid, each as SVG with the values the product should store.
import { between, type Random } from './documents-photo';
import type { DocumentKind, ExpectedFields } from './documents';
import {
  cardStyles,
  fontFamilies,
  guilloche,
  signature,
  silhouette,
  text,
  width,
} from './documents-drawing';
import {
  addYears,
  cnhRegistro,
  cpf,
  digits,
  formatDay,
  maskCpf,
  personName,
  pick,
  randomDay,
  rgNumber,
  states,
  stored,
} from './documents-people';

export type Card = { svg: string; expected: ExpectedFields };

function rgCard(random: Random): Card {
  const state = pick(random, states);
  const birthState = random() < 0.5 ? state : pick(random, states);
  const nome = personName(random);
  const number = rgNumber(random, state);
  const issuer =
    state.uf === 'PE'
      ? { header: 'SECRETARIA DE DEFESA SOCIAL', orgao: 'SDS' }
      : state.uf === 'MG' && random() < 0.5
        ? { header: 'POLÍCIA CIVIL', orgao: 'PC' }
        : { header: 'SECRETARIA DA SEGURANÇA PÚBLICA', orgao: 'SSP' };
  const { label: labelFont, value: valueFont } = cardStyles(
    random,
    { size: 19, weight: 'bold', fill: '#2c3a2c' },
    { families: [fontFamilies.mono, fontFamilies.mono, fontFamilies.serif], sizes: [28, 32] },
  );
  const issued = randomDay(random, 1998, 2022);
  const birth = randomDay(random, 1950, 2003);
  const withStatePrefix = state.uf === 'PE' ? 'DO' : state.uf === 'BA' ? 'DA' : 'DE';
  const parts = [
    guilloche(random, '#8db68a', '#dfeccf'),
    text(width / 2, 56, 'REPÚBLICA FEDERATIVA DO BRASIL', { ...labelFont, size: 24 }, 'middle'),
    text(
      width / 2,
      88,
      `ESTADO ${withStatePrefix} ${state.name}`,
      { ...labelFont, size: 22 },
      'middle',
    ),
    text(width / 2, 118, issuer.header, { ...labelFont, size: 20 }, 'middle'),
    text(width / 2, 146, 'INSTITUTO DE IDENTIFICAÇÃO', { ...labelFont, size: 18 }, 'middle'),
    text(70, 200, 'REGISTRO GERAL', labelFont),
    text(300, 200, number.printed, valueFont),
    text(800, 200, 'DATA DE EXPEDIÇÃO', labelFont),
    text(1020, 200, formatDay(issued), valueFont),
    text(70, 262, 'NOME', labelFont),
    text(70, 304, nome, valueFont),
    text(70, 366, 'FILIAÇÃO', labelFont),
    text(70, 404, personName(random), { ...valueFont, size: valueFont.size - 4 }),
    text(70, 442, personName(random), { ...valueFont, size: valueFont.size - 4 }),
    text(70, 502, 'NATURALIDADE', labelFont),
    text(70, 542, `${birthState.city} - ${birthState.uf}`, valueFont),
    text(760, 502, 'DATA DE NASCIMENTO', labelFont),
    text(760, 542, formatDay(birth), valueFont),
    text(70, 602, 'DOC. ORIGEM', labelFont),
    text(
      70,
      640,
      `CERT. NASC. ${birthState.city} LV A${digits(random, 3)} FLS ${digits(random, 3)}`,
      { ...valueFont, size: valueFont.size - 6 },
    ),
    text(70, 700, 'CPF', labelFont),
    text(140, 700, maskCpf(cpf(random)), valueFont),
    text(width / 2, 790, 'ASSINATURA DO DIRETOR', { ...labelFont, size: 15 }, 'middle'),
    text(width - 70, 790, 'LEI Nº 7.116 DE 29/08/83', { ...labelFont, size: 15 }, 'end'),
    // The director's signature crosses the bottom of the card, sometimes the CPF line.
    signature(random, width / 2 - 180, between(random, 700, 765), 360),
  ];
  // The thumbprint box on the right, overlapping the end of the name line on some cards.
  if (random() < 0.5) {
    parts.push(
      `<rect x="${width - 230}" y="${between(random, 230, 300).toFixed(0)}" width="170" height="200" fill="#cfd9c4" stroke="#7f8f7a" opacity="0.9"/>`,
      text(width - 145, 470, 'POLEGAR DIREITO', { ...labelFont, size: 13 }, 'middle'),
    );
  }
  return {
    svg: parts.join(''),
    expected: {
      nome: stored(nome),
      numero: number.stored,
      orgao: issuer.orgao,
      uf: state.uf,
      validade: null,
    },
  };
}

function cinCard(random: Random): Card {
  const state = pick(random, states);
  const birthState = random() < 0.5 ? state : pick(random, states);
  const nome = personName(random);
  const cpfDigits = cpf(random);
  const issued = randomDay(random, 2022, 2025);
  const validade = addYears(issued, 10);
  const orgao = state.uf === 'PE' ? 'SDS' : pick(random, ['SSP', 'SSP', 'PC']);
  const separator = pick(random, ['/', '/', ' ', '-']);
  const { label, value } = cardStyles(
    random,
    { size: 17, fill: '#24406b' },
    {
      families: [fontFamilies.sans, fontFamilies.condensed, fontFamilies.serif],
      sizes: [27, 31],
      weight: 'bold',
    },
  );
  const x = 420;
  const parts = [
    guilloche(random, '#9fb6d8', '#e6edf6'),
    text(width / 2, 54, 'REPÚBLICA FEDERATIVA DO BRASIL', { ...value, size: 24 }, 'middle'),
    text(
      width / 2,
      86,
      'CARTEIRA DE IDENTIDADE / IDENTITY CARD',
      { ...label, size: 21, weight: 'bold' },
      'middle',
    ),
    silhouette(60, 130, 300, 390),
    text(x, 150, 'NOME / NAME', label),
    text(x, 188, nome, value),
    text(x, 232, 'NOME SOCIAL / SOCIAL NAME', label),
    text(x, 270, '—', value),
    text(x, 314, 'REGISTRO GERAL - CPF / PERSONAL NUMBER', label),
    text(x, 352, maskCpf(cpfDigits), value),
    text(x, 396, 'DATA DE NASCIMENTO / DATE OF BIRTH', label),
    text(x, 434, formatDay(randomDay(random, 1950, 2006)), value),
    text(x + 480, 396, 'SEXO / SEX', label),
    text(x + 480, 434, pick(random, ['F', 'M']), value),
    text(x, 478, 'NATURALIDADE / PLACE OF BIRTH', label),
    text(x, 516, `${birthState.city}/${birthState.uf}`, value),
    text(x, 560, 'NACIONALIDADE / NATIONALITY', label),
    text(x, 598, 'BRA', value),
    text(x + 480, 560, 'VALIDADE / VALID UNTIL', label),
    text(x + 480, 598, formatDay(validade), value),
    text(60, 660, 'ÓRGÃO EXPEDIDOR / ISSUING AUTHORITY', label),
    text(60, 698, `${orgao}${separator}${state.uf}`, value),
    text(600, 660, 'DATA DE EMISSÃO / DATE OF ISSUE', label),
    text(600, 698, formatDay(issued), value),
    text(60, 780, 'ASSINATURA DO TITULAR / HOLDER SIGNATURE', { ...label, size: 14 }),
    // The holder's signature runs from under the photo into the fields.
    signature(
      random,
      between(random, 120, 300),
      between(random, 540, 760),
      between(random, 350, 600),
    ),
  ];
  return {
    svg: parts.join(''),
    expected: {
      nome: stored(nome),
      numero: cpfDigits,
      orgao,
      uf: state.uf,
      validade: formatDay(validade),
    },
  };
}

function cnhCard(random: Random): Card {
  const state = pick(random, states);
  const rgState = random() < 0.5 ? state : pick(random, states);
  const nome = personName(random);
  const registro = cnhRegistro(random);
  const birth = randomDay(random, 1950, 2005);
  const first = addYears(
    birth,
    18 + Math.floor(random() * Math.max(1, Math.min(20, 2024 - birth.year - 18))),
  );
  const issued = randomDay(random, Math.max(first.year + 1, 2016), 2025);
  const validade = addYears(issued, pick(random, [5, 10]));
  const { label, value } = cardStyles(
    random,
    { size: 16, weight: 'bold', fill: '#2f5f2a' },
    { families: [fontFamilies.sans, fontFamilies.mono, fontFamilies.condensed], sizes: [26, 30] },
  );
  const x = 400;
  const box = (bx: number, by: number, bw: number, bh: number) =>
    `<rect x="${bx}" y="${by}" width="${bw}" height="${bh}" rx="6" fill="#fbfdf6" fill-opacity="0.55" stroke="#7fae78"/>`;
  const rgText = `${rgNumber(random, rgState).printed.replace(/^MG-/, '').replace(/\D/g, '')} SSP ${rgState.uf}`;
  const detranLine = random() < 0.75 ? `DETRAN-${state.uf}` : `DETRAN ${state.uf}`;
  const parts = [
    guilloche(random, '#9cc890', '#dcefd2'),
    text(width / 2, 44, 'REPÚBLICA FEDERATIVA DO BRASIL', { ...label, size: 20 }, 'middle'),
    text(width / 2, 68, 'MINISTÉRIO DOS TRANSPORTES', { ...label, size: 15 }, 'middle'),
    text(width / 2, 88, 'SECRETARIA NACIONAL DE TRÂNSITO', { ...label, size: 15 }, 'middle'),
    text(
      width / 2,
      122,
      'CARTEIRA NACIONAL DE HABILITAÇÃO / DRIVER LICENSE',
      { ...label, size: 22 },
      'middle',
    ),
    silhouette(50, 160, 300, 400),
    box(x - 10, 146, 860, 74),
    text(x, 166, 'NOME', label),
    text(x, 206, nome, value),
    box(x - 10, 228, 860, 74),
    text(x, 248, 'DOC. IDENTIDADE / ÓRG. EMISSOR / UF', label),
    text(x, 288, rgText, value),
    box(x - 10, 310, 420, 74),
    text(x, 330, 'CPF', label),
    text(x, 370, maskCpf(cpf(random)), value),
    box(x + 430, 310, 420, 74),
    text(x + 440, 330, 'DATA NASCIMENTO', label),
    text(x + 440, 370, formatDay(birth), value),
    box(x - 10, 392, 860, 110),
    text(x, 412, 'FILIAÇÃO', label),
    text(x, 448, personName(random), { ...value, size: value.size - 4 }),
    text(x, 486, personName(random), { ...value, size: value.size - 4 }),
    box(x - 10, 510, 280, 74),
    text(x, 530, 'PERMISSÃO', label),
    box(x + 290, 510, 250, 74),
    text(x + 300, 530, 'ACC', label),
    box(x + 560, 510, 290, 74),
    text(x + 570, 530, 'CAT. HAB.', label),
    text(x + 570, 570, pick(random, ['B', 'AB', 'A', 'D']), value),
    box(x - 10, 592, 290, 74),
    text(x, 612, 'Nº REGISTRO', { ...label, fill: '#b3261e' }),
    text(x, 652, registro, { ...value, fill: '#b3261e' }),
    box(x + 290, 592, 260, 74),
    text(x + 300, 612, 'VALIDADE', { ...label, fill: '#b3261e' }),
    text(x + 300, 652, formatDay(validade), { ...value, fill: '#b3261e' }),
    box(x + 560, 592, 290, 74),
    text(x + 570, 612, '1ª HABILITAÇÃO', label),
    text(x + 570, 652, formatDay(first), value),
    text(50, 610, 'ASSINATURA DO PORTADOR', { ...label, size: 13 }),
    // The holder's signature, under the photo, in its own space as on the real card.
    signature(random, 60, between(random, 630, 690), between(random, 220, 320)),
    text(50, 730, 'LOCAL', label),
    text(50, 766, `${state.city}, ${state.uf}`, value),
    text(700, 730, 'DATA EMISSÃO', label),
    text(700, 766, formatDay(issued), value),
    text(width - 60, 800, detranLine, { ...label, size: 24 }, 'end'),
  ];
  return {
    svg: parts.join(''),
    expected: {
      nome: stored(nome),
      numero: registro,
      orgao: 'DETRAN',
      uf: state.uf,
      validade: formatDay(validade),
    },
  };
}

export const cards: Record<DocumentKind, (random: Random) => Card> = {
  RG: rgCard,
  CIN: cinCard,
  CNH: cnhCard,
};
