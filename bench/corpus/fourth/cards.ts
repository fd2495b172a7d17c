// Card contents and printed faces for RG, CIN and CNH.
import {
  barcode,
  emblem,
  face as facePhoto,
  qrBlock,
  rosette,
  seal,
  signature,
  thumbprint,
  waveField,
} from './art.js';
import { type FontKey, capHeight, textSvg, textWidth } from './glyphs.js';
import {
  type Cell,
  type Face,
  type Row,
  type Style,
  centered,
  grid,
  hsl,
  line,
  nameLines,
  rect,
} from './layout.js';
import {
  type DateParts,
  type Person,
  type StateInfo,
  addYears,
  ageAt,
  ascii,
  cmpDate,
  docOrigem,
  fmtCpf,
  fmtDate,
  fmtDateMonth,
  issuerLongName,
  makeCnhRegistro,
  makePerson,
  makeRg,
  makeRgNumber,
  pickState,
  randomDate,
  stateByUf,
  two,
} from './people.js';
import { type Rng } from './rng.js';

export type Expected = {
  nome: string;
  numero: string;
  orgao: string;
  uf: string;
  validade: string | null;
};

export type DocContent = {
  expected: Expected;
  main: Face;
  /** the companion side (RG photo side, CIN back, CNH lower panel) */
  other?: Face;
  /** the companion must be visible too (some expected fields are only on it) */
  needsBoth: boolean;
  /** both sides as one physical object (CIN printout sheet, opened CNH) for photos */
  joined?: Face;
};

const STATE_PREP: Record<string, string> = {
  SP: 'DE',
  RJ: 'DO',
  MG: 'DE',
  PR: 'DO',
  RS: 'DO',
  BA: 'DA',
  PE: 'DE',
  GO: 'DE',
  CE: 'DO',
  SC: 'DE',
  PA: 'DO',
  MA: 'DO',
  AM: 'DO',
  ES: 'DO',
  PB: 'DA',
  RN: 'DO',
  AL: 'DE',
  MT: 'DE',
  MS: 'DE',
  PI: 'DO',
  SE: 'DE',
  TO: 'DO',
  RO: 'DE',
  AC: 'DO',
  AP: 'DO',
  RR: 'DE',
};
const stateTitle = (rng: Rng, st: StateInfo): string =>
  st.uf === 'DF'
    ? 'DISTRITO FEDERAL'
    : `${rng.chance(0.2) ? 'GOVERNO DO ' : ''}ESTADO ${STATE_PREP[st.uf] ?? 'DE'} ${st.name}`;

const issuerPrinted = (rng: Rng, acr: string, uf: string): string =>
  rng.weighted([
    [`${acr}/${uf}`, 6],
    [`${acr}-${uf}`, 3],
    [`${acr} ${uf}`, 1],
  ] as const);

const dateStr = (rng: Rng, d: DateParts, monthNamesP = 0): string =>
  rng.chance(monthNamesP) ? fmtDateMonth(d) : fmtDate(d);

const VALUE_FONTS: readonly (readonly [FontKey, number])[] = [
  ['mono', 2],
  ['libMono', 2],
  ['monoBold', 1],
  ['libMonoBold', 1],
  ['libSans', 2],
  ['sans', 2],
  ['sansCond', 2],
  ['narrow', 2],
  ['libSansBold', 1],
  ['sansCondBold', 1],
  ['libSerif', 1],
];
const LABEL_FONTS: readonly (readonly [FontKey, number])[] = [
  ['sansCond', 3],
  ['narrow', 3],
  ['libSans', 2],
  ['sans', 1],
  ['sansCondBold', 1],
  ['narrowBold', 1],
  ['serifCond', 1],
  ['libSerif', 1],
];

// =============================================================== RG

export function makeRgDoc(rng: Rng): DocContent {
  const st = pickState(rng);
  const acr = rng.weighted(st.rgIssuers);
  const num = makeRgNumber(rng, rng.weighted(st.rgStyles));
  const p = makePerson(rng, [1938, 2016]);
  const exp = randomDate(rng, Math.max(1988, p.birth.y + 1), 2024);
  if (cmpDate(exp, p.birth) <= 0) exp.y = p.birth.y + 1;
  const married = ageAt(p.birth, exp) >= 20 && rng.chance(0.25);
  const natSt = rng.chance(0.7) ? st : pickState(rng);
  const natCity = natSt === st ? rng.pick(st.cities) : p.birthCity;
  const natUf = natSt === st ? st.uf : p.birthUf;
  const issuerText = issuerPrinted(rng, acr, st.uf);

  const hue = rng.weighted([
    [rng.range(80, 150), 5],
    [rng.range(20, 50), 2],
    [rng.range(180, 220), 1],
  ] as const);
  const bg = hsl(hue, rng.range(18, 40), rng.range(86, 93));
  const ink = hsl(hue + rng.range(-20, 20), rng.range(30, 60), rng.range(28, 42));
  const W = 1020;
  const H = 680;
  const st0: Style = {
    labelFont: rng.weighted(LABEL_FONTS),
    labelSize: rng.range(14, 17.5),
    labelColor: rng.chance(0.6) ? ink : '#333',
    valueFont: rng.weighted(VALUE_FONTS),
    valueSize: rng.range(23, 28),
    valueColor: rng.pick(['#111', '#1a1a1a', '#222', '#10142a']),
    mode: rng.chance(0.75) ? 'stack' : 'inline',
    boxes: rng.chance(0.25) ? { stroke: ink, fill: 'none', radius: rng.pick([0, 4, 8]) } : null,
    jitterX: rng.range(2, 30),
    jitterY: rng.range(0, 3),
  };
  let b = rect(0, 0, W, H, `fill="${bg}"`);
  b += waveField(rng, 0, 0, W, H, hsl(hue + 10, 35, 70), { lines: rng.int(30, 55), opacity: 0.5 });
  b += seal(
    rng,
    W * rng.range(0.35, 0.65),
    H * rng.range(0.4, 0.6),
    H * rng.range(0.28, 0.4),
    hsl(hue - 15, 40, 62),
    0.4,
  );
  if (rng.chance(0.5)) b += rosette(rng, W * 0.5, H * 0.5, H * 0.45, hsl(hue + 30, 40, 65), 0.35);
  b += rect(
    14,
    14,
    W - 28,
    H - 28,
    `fill="none" stroke="${ink}" stroke-width="${rng.pick([1.5, 2.5, 4])}" rx="10"`,
  );

  // header
  const headerTop = rng.chance(0.7);
  const hFont: FontKey = rng.pick(['serifBold', 'libSerifBold', 'sansCondBold', 'narrowBold']);
  const hFont2: FontKey = rng.pick(['serif', 'libSerif', 'sansCond', 'narrow']);
  const secretaria = issuerLongName(rng, acr);
  // keep other acronyms out of the header so the printed issuer stays unambiguous
  const agencyOf: [string, readonly string[]][] = [
    ['IIRGD', ['IIRGD']],
    ['POLÍCIA CIVIL', ['PC', 'PCDF']],
    ['PERÍCIAS', ['IGP']],
    ['FÉLIX PACHECO', ['IFP']],
    ['DE PERÍCIA', ['ITEP']],
  ];
  const fair = st.institute.filter((t) =>
    agencyOf.every(([k, acrs]) => !t.includes(k) || acrs.includes(acr)),
  );
  const institute = rng.pick(fair.length ? fair : ['INSTITUTO DE IDENTIFICAÇÃO']);
  const acrPlace = rng.weighted([
    ['header', 3],
    ['cell', 3],
    ['sign', 3],
  ] as const);
  let y = 40;
  if (headerTop) {
    const cx = W / 2;
    b += emblem(70, 78, 34, ink, 0.7);
    b += centered(hFont2, 'REPÚBLICA FEDERATIVA DO BRASIL', cx, y + 14, 16, ink, 800);
    b += centered(hFont, stateTitle(rng, st), cx, y + 40, 23, ink, 800);
    b += centered(
      hFont2,
      secretaria + (acrPlace === 'header' ? ` - ${issuerText}` : ''),
      cx,
      y + 62,
      15.5,
      ink,
      820,
    );
    b += centered(hFont2, institute, cx, y + 82, 14, ink, 820);
    y += 98;
    if (rng.chance(0.5)) {
      b += centered('sansCondBold', 'CARTEIRA DE IDENTIDADE', cx, y + 8, 15, ink);
      y += 14;
    }
  } else {
    b += textSvg('sansCondBold', 'VÁLIDA EM TODO O TERRITÓRIO NACIONAL', 40, y + 14, 15, {
      fill: ink,
    });
    b += textSvg(hFont, stateTitle(rng, st), W - 40, y + 14, 17, {
      fill: ink,
      anchor: 'end',
      maxWidth: 460,
    });
    b += textSvg(
      hFont2,
      secretaria + (acrPlace === 'header' ? ` - ${issuerText}` : ''),
      W - 40,
      y + 34,
      13,
      { fill: ink, anchor: 'end', maxWidth: 600 },
    );
    b += textSvg(hFont2, institute, W - 40, y + 52, 12.5, {
      fill: ink,
      anchor: 'end',
      maxWidth: 600,
    });
    y += 62;
  }

  const L = {
    rg: rng.weighted([
      ['REGISTRO GERAL', 6],
      ['REG. GERAL', 2],
      ['Nº REGISTRO GERAL', 1],
    ] as const),
    exp: rng.weighted([
      ['DATA DE EXPEDIÇÃO', 6],
      ['DATA EXPEDIÇÃO', 2],
      ['EXPEDIÇÃO', 1],
      ['DT. EXPEDIÇÃO', 1],
    ] as const),
    nome: rng.weighted([
      ['NOME', 8],
      ['NOME / NAME', 1],
    ] as const),
    fil: rng.weighted([
      ['FILIAÇÃO', 8],
      ['FILIAÇÃO (PAI / MÃE)', 1],
    ] as const),
    nat: rng.weighted([
      ['NATURALIDADE', 8],
      ['NATURAL DE', 1],
    ] as const),
    nasc: rng.weighted([
      ['DATA DE NASCIMENTO', 6],
      ['DATA NASCIMENTO', 2],
      ['NASCIMENTO', 1],
      ['DATA NASC.', 1],
    ] as const),
    doc: rng.weighted([
      ['DOC. ORIGEM', 5],
      ['DOC. DE ORIGEM', 2],
      ['DOCUMENTO DE ORIGEM', 2],
    ] as const),
    cpf: rng.weighted([
      ['CPF', 6],
      ['C.P.F.', 2],
      ['CPF Nº', 1],
    ] as const),
  };
  const contentW = W - 100;
  const nameCellW = contentW - 10;
  const rows: Row[] = [];
  const rgCell: Cell = {
    label: L.rg,
    lines: [num.printed],
    frac: 5,
    valueSize: st0.valueSize * rng.range(1.0, 1.18),
  };
  if (rng.chance(0.5))
    rgCell.valueFont = rng.pick(['sansBold', 'libSansBold', 'monoBold', 'sansCondBold'] as const);
  const first: Cell[] = [rgCell, { label: L.exp, lines: [dateStr(rng, exp, 0.3)], frac: 4 }];
  if (acrPlace === 'cell')
    first.push({
      label: rng.pick(['ÓRGÃO EXPEDIDOR', 'EXPEDIDOR', 'ÓRG. EMISSOR']),
      lines: [issuerText],
      frac: 3,
    });
  rows.push({ cells: first });
  rows.push({
    cells: [
      {
        label: L.nome,
        lines: nameLines(
          rng,
          st0.valueFont,
          st0.valueSize,
          p.nameWords,
          nameCellW - (st0.mode === 'inline' ? 120 : 0),
          true,
        ),
        frac: 1,
      },
    ],
  });
  const filLines = [p.father ?? '', p.mother].filter((s) => s !== '');
  rows.push({
    cells: [{ label: L.fil, lines: filLines, frac: 1, valueSize: st0.valueSize * 0.92 }],
  });
  rows.push({
    cells: [
      { label: L.nat, lines: [`${natCity}-${natUf}`], frac: 5 },
      { label: L.nasc, lines: [dateStr(rng, p.birth, 0.3)], frac: 4 },
    ],
  });
  const docCells: Cell[] = [
    {
      label: L.doc,
      lines: [docOrigem(rng, natCity, natUf, p.birth, married)],
      frac: 6,
      valueSize: st0.valueSize * 0.82,
    },
  ];
  if (rng.chance(0.55))
    docCells.push({ label: L.cpf, lines: [rng.chance(0.8) ? fmtCpf(p.cpf) : p.cpf], frac: 3 });
  rows.push({ cells: docCells });
  const gridH = H - y - 130;
  b += grid(rng, st0, rows, 50, y + 6, contentW, gridH, st0.boxes ? 10 : 14);

  // signature + footer
  const sy = H - 118;
  const sx = rng.range(480, 560);
  b += signature(rng, sx, sy, 360, 58, rng.pick(['#1d2a6e', '#222', '#2b2b4f']));
  b += line(sx, sy + 62, sx + 380, sy + 62, ink, 1);
  const signLabel = rng.pick([
    'ASSINATURA DO DIRETOR',
    'DIRETOR',
    'ASSINATURA DO DIRETOR(A)',
    'O DIRETOR',
  ]);
  b += centered(
    st0.labelFont,
    acrPlace === 'sign' ? `${signLabel} - ${issuerText}` : signLabel,
    sx + 190,
    sy + 80,
    13.5,
    ink,
    380,
  );
  b += textSvg(
    'sansCond',
    rng.pick([
      'LEI Nº 7.116 DE 29/08/83',
      'LEI N. 7.116 DE 29/08/1983',
      'LEI Nº 7.116, DE 29/08/83',
    ]),
    50,
    H - 40,
    13,
    { fill: ink },
  );
  if (headerTop)
    b += textSvg('sansCondBold', 'VÁLIDA EM TODO O TERRITÓRIO NACIONAL', 50, H - 62, 13.5, {
      fill: ink,
      maxWidth: 400,
    });
  if (rng.chance(0.6))
    b += textSvg('sansCond', `${rng.pick(st.cities)}-${st.uf}`, 50, H - 84, 13, { fill: '#333' });
  if (rng.chance(0.4))
    b += textSvg('libMono', String(rng.int(100000, 9999999)), W - 40, 34, 12, {
      fill: '#b02020',
      anchor: 'end',
    });

  const main: Face = { w: W, h: H, radius: rng.pick([6, 14, 22]), body: b };

  // photo side
  let o = rect(0, 0, W, H, `fill="${bg}"`);
  o += waveField(rng, 0, 0, W, H, hsl(hue + 10, 35, 70), { lines: rng.int(30, 55), opacity: 0.5 });
  o += rect(14, 14, W - 28, H - 28, `fill="none" stroke="${ink}" stroke-width="2" rx="10"`);
  o += emblem(W * 0.78, 120, 46, ink, 0.5);
  o += textSvg(hFont2, 'REPÚBLICA FEDERATIVA DO BRASIL', 420, 80, 17, { fill: ink, maxWidth: 560 });
  o += textSvg(hFont, stateTitle(rng, st), 420, 108, 20, { fill: ink, maxWidth: 560 });
  o += textSvg(hFont2, secretaria, 420, 132, 14, { fill: ink, maxWidth: 560 });
  o += textSvg('sansCondBold', 'CARTEIRA DE IDENTIDADE', 420, 200, 30, {
    fill: ink,
    maxWidth: 560,
  });
  o += facePhoto(rng, 60, 60, 300, 400, p.sex, rng.chance(0.5));
  o += rect(60, 60, 300, 400, `fill="none" stroke="#555" stroke-width="1.5"`);
  o += rect(60, 490, 200, 150, `fill="#fff" fill-opacity="0.5" stroke="${ink}" stroke-width="1"`);
  o += thumbprint(rng, 160, 560, 55, 70, '#333');
  o += textSvg('sansCond', 'POLEGAR DIREITO', 160, 660, 13, { fill: ink, anchor: 'middle' });
  o += signature(rng, 470, 430, 420, 90, '#1d2a6e');
  o += line(450, 530, 960, 530, ink, 1);
  o += centered('sansCond', 'ASSINATURA DO TITULAR', 705, 552, 14, ink);
  const other: Face = { w: W, h: H, radius: main.radius, body: o };

  return {
    expected: {
      nome: ascii(p.nameWords.join(' ')),
      numero: num.expected,
      orgao: acr,
      uf: st.uf,
      validade: null,
    },
    main,
    other,
    needsBoth: false,
  };
}

// =============================================================== CIN

const MRZ_W: Record<string, number> = {};
for (let i = 0; i < 10; i++) MRZ_W[String(i)] = i;
for (let i = 0; i < 26; i++) MRZ_W[String.fromCharCode(65 + i)] = 10 + i;
MRZ_W['<'] = 0;
const mrzCheck = (s: string): string => {
  let t = 0;
  const wts = [7, 3, 1];
  [...s].forEach((ch, i) => (t += (MRZ_W[ch] ?? 0) * (wts[i % 3] as number)));
  return String(t % 10);
};
const yymmdd = (d: DateParts): string => `${two(d.y % 100)}${two(d.m)}${two(d.d)}`;
const pad30 = (s: string): string => (s + '<'.repeat(30)).slice(0, 30);

function cinMrz(rng: Rng, p: Person, issue: DateParts, expiry: DateParts | null): string[] {
  const docNo = `${String.fromCharCode(65 + rng.int(0, 25))}${String.fromCharCode(65 + rng.int(0, 25))}${rng.int(1000000, 9999999)}`;
  const l1 = pad30(`IDBRA${docNo}${mrzCheck(docNo)}<${p.cpf}`);
  const exp = expiry ? yymmdd(expiry) : '<<<<<<';
  const l2body = `${yymmdd(p.birth)}${mrzCheck(yymmdd(p.birth))}${p.sex}${exp}${expiry ? mrzCheck(exp) : '<'}BRA`;
  const l2 = pad30(l2body).slice(0, 29) + mrzCheck(l1.slice(5, 30) + l2body);
  const words = ascii(p.nameWords.join(' ')).split(' ');
  const firstCount = words.length > 2 && rng.chance(0.35) ? 2 : 1;
  const l3 = pad30(`${words.slice(firstCount).join('<')}<<${words.slice(0, firstCount).join('<')}`);
  void issue;
  return [l1, l2, l3];
}

export function makeCinDoc(rng: Rng): DocContent {
  const st = pickState(rng);
  const acr =
    st.cinIssuer === 'SSP'
      ? rng.weighted([
          ['SSP', 8],
          [st.rgIssuers[0]?.[0] ?? 'SSP', 2],
        ] as const)
      : st.cinIssuer;
  const p = makePerson(rng, [1936, 2021]);
  let issue = randomDate(rng, 2022, 2025);
  if (issue.y === 2022 && issue.m < 7) issue = { ...issue, m: rng.int(7, 12) };
  if (issue.y === 2025 && issue.m > 10) issue = { ...issue, m: rng.int(1, 10) };
  if (cmpDate(issue, p.birth) <= 0) issue = { ...issue, y: p.birth.y + 1 };
  const age = ageAt(p.birth, issue);
  const expiry: DateParts | null = age >= 60 ? null : addYears(issue, age < 12 ? 5 : 10);
  const validadeText = expiry
    ? fmtDate(expiry)
    : rng.pick(['INDETERMINADA', 'INDETERMINADA', 'INDETERMINADO']);
  const issuerText = issuerPrinted(rng, acr, st.uf);
  const cpfText = rng.chance(0.85) ? fmtCpf(p.cpf) : p.cpf;

  const hue = rng.pick([200, 210, 160, 140, 190]) + rng.range(-8, 8);
  const ink = hsl(hue, rng.range(45, 70), rng.range(22, 34));
  const W = 856;
  const H = 540;
  const st0: Style = {
    labelFont: rng.weighted([
      ['sansCond', 3],
      ['narrow', 3],
      ['libSans', 2],
      ['sansCondBold', 1],
    ] as const),
    labelSize: rng.range(11.5, 13.5),
    labelColor: ink,
    valueFont: rng.weighted([
      ['libSansBold', 2],
      ['sansBold', 1],
      ['sansCondBold', 2],
      ['libSans', 2],
      ['sans', 1],
      ['narrowBold', 1],
    ] as const),
    valueSize: rng.range(20, 24),
    valueColor: '#111',
    mode: 'stack',
    boxes: null,
    jitterX: rng.range(1, 12),
    jitterY: rng.range(0, 2),
  };
  const bilingual = rng.chance(0.85);
  const lab = (pt: string, en: string): string => (bilingual ? `${pt} / ${en}` : pt);
  const background = (): string => {
    let s = `<defs><linearGradient id="cg${hue.toFixed(0)}" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${hsl(hue, 55, 93)}"/><stop offset="0.55" stop-color="${hsl(hue + 25, 40, 96)}"/><stop offset="1" stop-color="${hsl(hue - 30, 50, 90)}"/></linearGradient></defs>`;
    s += rect(0, 0, W, H, `fill="url(#cg${hue.toFixed(0)})"`);
    s += waveField(rng, 0, 60, W, H - 60, hsl(hue, 45, 72), {
      lines: rng.int(20, 36),
      opacity: 0.45,
    });
    s += seal(rng, W * 0.7, H * 0.55, 180, hsl(hue + 40, 40, 70), 0.35);
    s += rect(0, 0, W, 64, `fill="${hsl(hue, 55, 30)}"`);
    s += rect(0, 64, W, 5, `fill="${hsl(55, 90, 55)}"`);
    s += textSvg('sansBold', 'REPÚBLICA FEDERATIVA DO BRASIL', 90, 30, 19, {
      fill: '#fff',
      maxWidth: 520,
    });
    s += textSvg(
      'sansCond',
      bilingual ? 'CARTEIRA DE IDENTIDADE / IDENTITY CARD' : 'CARTEIRA DE IDENTIDADE NACIONAL',
      90,
      52,
      15,
      { fill: '#e8f0ff', maxWidth: 520 },
    );
    s += emblem(48, 33, 20, '#fff', 0.85);
    s += textSvg('sansBold', 'BR', W - 30, 48, 30, { fill: '#fff', anchor: 'end', opacity: 0.9 });
    return s;
  };
  const nameLab = lab('NOME', 'NAME');
  const socialLab = lab('NOME SOCIAL', 'SOCIAL NAME');
  const cpfLab = rng.pick([
    lab('REGISTRO GERAL - CPF', 'PERSONAL NUMBER'),
    lab('CPF', 'PERSONAL NUMBER'),
    lab('Nº REGISTRO GERAL (CPF)', 'PERSONAL Nº'),
  ]);
  const sexLab = lab('SEXO', 'SEX');
  const natLab = lab('NACIONALIDADE', 'NATIONALITY');
  const dobLab = lab('DATA DE NASCIMENTO', 'DATE OF BIRTH');
  const valLab = lab('VALIDADE', 'DATE OF EXPIRY');
  const orgLab = lab('ÓRGÃO EXPEDIDOR', 'ISSUING AUTHORITY');
  const locLab = lab('LOCAL DE EMISSÃO', 'PLACE OF ISSUE');
  const issLab = lab('DATA DE EMISSÃO', 'DATE OF ISSUE');
  const pobLab = lab('NATURALIDADE', 'PLACE OF BIRTH');
  const filLab = lab('FILIAÇÃO', 'FILIATION');
  const photoX = 30;
  const photoY = 95;
  const photoW = 230;
  const photoH = 300;
  const dataX = photoX + photoW + 30;
  const dataW = W - dataX - 30;
  const names = nameLines(rng, st0.valueFont, st0.valueSize, p.nameWords, dataW - 10, true);
  const social = rng.chance(0.05) ? [ascii(p.nameWords[0] ?? '')] : [''];
  const layout = rng.weighted([
    ['single', 4],
    ['pair', 5],
  ] as const);
  const placeOfIssue = `${rng.pick(st.cities)}/${st.uf}`;
  const pob = `${p.birthCity}/${p.birthUf}`;

  let f = background();
  f += facePhoto(rng, photoX, photoY, photoW, photoH, p.sex, rng.chance(0.2));
  f += signature(rng, photoX, photoY + photoH + 20, photoW, 70, '#1b2366');
  f += textSvg(
    'sansCond',
    lab('ASSINATURA DO TITULAR', "HOLDER'S SIGNATURE"),
    photoX,
    H - 30,
    10.5,
    { fill: ink, maxWidth: photoW + 20 },
  );
  if (layout === 'single') {
    f += grid(
      rng,
      { ...st0, valueSize: st0.valueSize * 0.95, labelSize: st0.labelSize * 0.95 },
      [
        { cells: [{ label: nameLab, lines: names, frac: 1 }] },
        { cells: [{ label: socialLab, lines: social, frac: 1 }], weight: 0.8 },
        {
          cells: [
            { label: cpfLab, lines: [cpfText], frac: 3, valueSize: st0.valueSize * 1.05 },
            { label: sexLab, lines: [p.sex], frac: 1 },
          ],
        },
        {
          cells: [
            { label: dobLab, lines: [fmtDate(p.birth)], frac: 3 },
            { label: natLab, lines: ['BRA'], frac: 2 },
          ],
        },
        {
          cells: [
            { label: valLab, lines: [validadeText], frac: 3 },
            { label: issLab, lines: [fmtDate(issue)], frac: 3 },
          ],
        },
        {
          cells: [
            { label: orgLab, lines: [issuerText], frac: 3 },
            { label: locLab, lines: [placeOfIssue], frac: 3 },
          ],
        },
      ],
      dataX,
      88,
      dataW,
      H - 110,
      10,
    );
    const main: Face = { w: W, h: H, radius: 32, body: f };
    return { expected: cinExpected(p, acr, st, expiry), main, needsBoth: false };
  }
  f += grid(
    rng,
    st0,
    [
      { cells: [{ label: nameLab, lines: names, frac: 1 }] },
      { cells: [{ label: socialLab, lines: social, frac: 1 }], weight: 0.8 },
      {
        cells: [
          { label: cpfLab, lines: [cpfText], frac: 3, valueSize: st0.valueSize * 1.08 },
          { label: sexLab, lines: [p.sex], frac: 1 },
        ],
      },
      {
        cells: [
          { label: dobLab, lines: [fmtDate(p.birth)], frac: 3 },
          { label: natLab, lines: ['BRA'], frac: 2 },
        ],
      },
      { cells: [{ label: valLab, lines: [validadeText], frac: 1 }] },
    ],
    dataX,
    90,
    dataW,
    H - 120,
    12,
  );
  const main: Face = { w: W, h: H, radius: 32, body: f };

  let k = rect(0, 0, W, H, `fill="${hsl(hue, 35, 95)}"`);
  k += waveField(rng, 0, 0, W, H, hsl(hue, 40, 78), { lines: rng.int(18, 30), opacity: 0.4 });
  const mrz = rng.chance(0.85) ? cinMrz(rng, p, issue, expiry) : null;
  const backH = mrz ? H - 150 : H - 40;
  k += grid(
    rng,
    st0,
    [
      { cells: [{ label: pobLab, lines: [pob], frac: 1 }] },
      {
        cells: [
          {
            label: filLab,
            lines: [p.father ?? '', p.mother].filter((s) => s),
            frac: 1,
            valueSize: st0.valueSize * 0.88,
          },
        ],
      },
      {
        cells: [
          { label: orgLab, lines: [issuerText], frac: 2 },
          { label: locLab, lines: [placeOfIssue], frac: 3 },
        ],
      },
      {
        cells: [
          { label: issLab, lines: [fmtDate(issue)], frac: 2 },
          { label: '', lines: [''], frac: 3 },
        ],
      },
    ],
    30,
    25,
    W - 250,
    backH - 20,
    12,
  );
  k += qrBlock(rng, W - 200, 40, 170);
  if (mrz) {
    k += rect(0, H - 140, W, 140, 'fill="#fff" fill-opacity="0.75"');
    const mf: FontKey = rng.pick(['libMono', 'mono']);
    const ms = (W - 60) / (textWidth(mf, 'M'.repeat(30), 10) / 10);
    mrz.forEach(
      (l, i) =>
        (k += textSvg(mf, l, 30, H - 100 + i * 38, Math.min(ms, 30), {
          fill: '#111',
          maxWidth: W - 60,
        })),
    );
  }
  const other: Face = { w: W, h: H, radius: 32, body: k };
  // printout sheet (the digital CIN printed on paper): both faces stacked on white
  const gap = 40;
  const SW = W + 120;
  const SH = 2 * H + gap + 200;
  let sh = rect(0, 0, SW, SH, 'fill="#fbfbf8"');
  sh += textSvg('sansCond', 'CARTEIRA DE IDENTIDADE NACIONAL - VERSÃO IMPRESSA', 60, 60, 16, {
    fill: '#555',
  });
  sh += `<g transform="translate(60 100)"><rect width="${W}" height="${H}" rx="32" fill="none" stroke="#888"/>${clipRounded(main, 'a')}</g>`;
  sh += `<g transform="translate(60 ${100 + H + gap})"><rect width="${W}" height="${H}" rx="32" fill="none" stroke="#888"/>${clipRounded(other, 'b')}</g>`;
  const joined: Face = { w: SW, h: SH, radius: 0, body: sh };
  return { expected: cinExpected(p, acr, st, expiry), main, other, needsBoth: true, joined };
}

let clipN = 0;
const clipRounded = (fc: Face, tag: string): string => {
  const id = `rc${tag}${clipN++}`;
  return `<clipPath id="${id}"><rect width="${fc.w}" height="${fc.h}" rx="${fc.radius}"/></clipPath><g clip-path="url(#${id})">${fc.body}</g>`;
};

const cinExpected = (
  p: Person,
  acr: string,
  st: StateInfo,
  expiry: DateParts | null,
): Expected => ({
  nome: ascii(p.nameWords.join(' ')),
  numero: p.cpf,
  orgao: acr,
  uf: st.uf,
  validade: expiry ? fmtDate(expiry) : null,
});

// =============================================================== CNH

export function makeCnhDoc(rng: Rng): DocContent {
  const st = pickState(rng);
  const p = makePerson(rng, [1945, 2006]);
  let issue = randomDate(rng, 2015, 2025);
  if (ageAt(p.birth, issue) < 18) issue = addYears(p.birth, 18 + rng.int(0, 3));
  if (issue.y > 2025) issue = { ...issue, y: 2025 };
  const age = ageAt(p.birth, issue);
  const newRules = cmpDate(issue, { d: 12, m: 4, y: 2021 }) >= 0;
  const years = newRules ? (age < 50 ? 10 : age < 70 ? 5 : 3) : age < 65 ? 5 : 3;
  const validade = addYears(issue, years);
  let first = randomDate(rng, p.birth.y + 18, issue.y);
  if (cmpDate(first, addYears(p.birth, 18)) < 0) first = addYears(p.birth, 18);
  if (cmpDate(first, issue) > 0) first = issue;
  const registro = makeCnhRegistro(rng);
  const rgSt = rng.chance(0.72) ? st : pickState(rng);
  const rg = makeRg(rng, rgSt);
  const detran = rng.weighted([
    [`DETRAN-${st.uf}`, 5],
    [`DETRAN/${st.uf}`, 2],
    [`DETRAN ${st.uf}`, 1],
  ] as const);
  const cat = rng.weighted([
    ['B', 8],
    ['AB', 7],
    ['A', 2],
    ['D', 1],
    ['AD', 1],
    ['C', 1],
    ['AE', 1],
    ['E', 0.5],
  ] as const);
  const obs = rng.weighted([
    ['', 5],
    ['A', 2],
    ['EAR', 2],
    ['D', 1],
    ['A; EAR', 1],
    ['99', 0.5],
  ] as const);
  const localCity = rng.pick(st.cities);
  const local = rng.weighted([
    [`${localCity}, ${st.uf}`, 4],
    [`${localCity} - ${st.uf}`, 2],
    [`${localCity}/${st.uf}`, 1],
  ] as const);
  const ministry = rng.weighted([
    ['MINISTÉRIO DA INFRAESTRUTURA', 4],
    ['MINISTÉRIO DAS CIDADES', 3],
    ['MINISTÉRIO DOS TRANSPORTES', 2],
  ] as const);
  const national = rng.weighted([
    ['DEPARTAMENTO NACIONAL DE TRÂNSITO', 4],
    ['SECRETARIA NACIONAL DE TRÂNSITO - SENATRAN', 3],
  ] as const);
  const formNo = String(rng.int(100000000, 2999999999));
  const renach = `${st.uf}${rng.int(100000000, 999999999)}`;
  const docId = `${rg.printed} ${rng.pick([`${rg.issuer} ${rg.uf}`, `${rg.issuer}/${rg.uf}`, `${rg.issuer} ${rg.uf}`])}`;
  const cpfText = rng.chance(0.9) ? fmtCpf(p.cpf) : p.cpf;
  const expected: Expected = {
    nome: ascii(p.nameWords.join(' ')),
    numero: registro,
    orgao: 'DETRAN',
    uf: st.uf,
    validade: fmtDate(validade),
  };

  const model = rng.weighted([
    ['2017', 6],
    ['2022', 4],
  ] as const);
  const hue = model === '2017' ? rng.range(95, 140) : rng.range(150, 200);
  const W = 856;
  const H = 600;
  const ink = hsl(hue, rng.range(40, 65), rng.range(22, 32));
  const st0: Style = {
    labelFont: rng.weighted([
      ['sansCondBold', 3],
      ['narrowBold', 3],
      ['sansCond', 2],
      ['narrow', 2],
    ] as const),
    labelSize: rng.range(11, 13),
    labelColor: rng.chance(0.5) ? ink : '#3a2f12',
    valueFont: rng.weighted([
      ['libSans', 2],
      ['sans', 2],
      ['sansCond', 2],
      ['libSansBold', 2],
      ['mono', 1],
      ['libMono', 1],
      ['narrow', 1],
    ] as const),
    valueSize: rng.range(19, 23),
    valueColor: '#111',
    mode: 'stack',
    boxes: rng.chance(0.7)
      ? { stroke: hsl(hue, 30, 55), fill: 'rgba(255,255,255,0.45)', radius: rng.pick([0, 5, 9]) }
      : null,
    jitterX: rng.range(1, 14),
    jitterY: rng.range(0, 2),
  };

  let b = `<defs><radialGradient id="cnhg${hue.toFixed(0)}" cx="0.55" cy="0.55" r="0.75"><stop offset="0" stop-color="${hsl(55, 80, 88)}"/><stop offset="0.6" stop-color="${hsl(hue, 40, 86)}"/><stop offset="1" stop-color="${hsl(hue, 45, 78)}"/></radialGradient></defs>`;
  b += rect(0, 0, W, H, `fill="url(#cnhg${hue.toFixed(0)})"`);
  b += waveField(rng, 0, 0, W, H, hsl(hue - 20, 45, 62), { lines: rng.int(30, 50), opacity: 0.4 });
  b += rosette(rng, W * 0.62, H * 0.55, 230, hsl(hue + 40, 40, 60), 0.3);
  b += textSvg('sansBold', 'BRASIL', W * 0.62, H * 0.62, 120, {
    fill: hsl(hue, 30, 70),
    anchor: 'middle',
    opacity: 0.25,
  });
  // header
  b += textSvg('sansBold', 'REPÚBLICA FEDERATIVA DO BRASIL', W / 2 + 20, 32, 17, {
    fill: ink,
    anchor: 'middle',
  });
  b += textSvg('sansCond', ministry, W / 2 + 20, 50, 12.5, { fill: ink, anchor: 'middle' });
  b += textSvg('sansCond', national, W / 2 + 20, 66, 12.5, { fill: ink, anchor: 'middle' });
  b += textSvg('sansCondBold', 'CARTEIRA NACIONAL DE HABILITAÇÃO', W / 2 + 20, 90, 21, {
    fill: ink,
    anchor: 'middle',
  });
  if (rng.chance(0.6))
    b += textSvg('sansCond', 'DRIVER LICENSE / PERMISO DE CONDUCCIÓN', W / 2 + 20, 106, 11, {
      fill: ink,
      anchor: 'middle',
    });
  b += emblem(62, 56, 28, ink, 0.7);
  // red vertical form number
  b += textSvg('libMonoBold', formNo, 22, H - 60, 20, { fill: '#c4161c', rotate: -90 });

  const photoX = 45;
  const photoY = 124;
  const photoW = 215;
  const photoH = 250;
  b += facePhoto(rng, photoX, photoY, photoW, photoH, p.sex, rng.chance(0.3));
  b += rect(photoX, photoY, photoW, photoH, `fill="none" stroke="${ink}" stroke-width="1"`);
  const dataX = photoX + photoW + 18;
  const dataW = W - dataX - 22;
  const names = nameLines(rng, st0.valueFont, st0.valueSize, p.nameWords, dataW - 20, true);
  const filLines = [p.father ?? '', p.mother].filter((s) => s);
  if (model === '2017') {
    b += grid(
      rng,
      st0,
      [
        { cells: [{ label: 'NOME', lines: names, frac: 1 }] },
        {
          cells: [
            {
              label: rng.pick([
                'DOC. IDENTIDADE / ÓRG. EMISSOR / UF',
                'DOC. IDENTIDADE/ÓRG EMISSOR/UF',
              ]),
              lines: [docId],
              frac: 1,
            },
          ],
        },
        {
          cells: [
            { label: 'CPF', lines: [cpfText], frac: 1 },
            {
              label: rng.pick(['DATA NASCIMENTO', 'DATA DE NASCIMENTO']),
              lines: [fmtDate(p.birth)],
              frac: 1,
            },
          ],
        },
        {
          cells: [{ label: 'FILIAÇÃO', lines: filLines, frac: 1, valueSize: st0.valueSize * 0.88 }],
        },
        {
          cells: [
            { label: 'PERMISSÃO', lines: [''], frac: 1 },
            { label: 'ACC', lines: [''], frac: 0.6 },
            { label: 'CAT. HAB.', lines: [cat], frac: 0.8, align: 'middle' },
          ],
        },
      ],
      dataX,
      116,
      dataW,
      330,
      8,
    );
    const regVal: Cell = {
      label: 'Nº REGISTRO',
      lines: [registro],
      frac: 1.25,
      valueColor: rng.chance(0.5) ? '#a0121a' : '#111',
      valueFont: rng.pick(['libSansBold', 'sansBold', 'monoBold']) as FontKey,
    };
    b += grid(
      rng,
      st0,
      [
        {
          cells: [
            regVal,
            { label: 'VALIDADE', lines: [fmtDate(validade)], frac: 1, valueColor: '#a0121a' },
            { label: '1ª HABILITAÇÃO', lines: [fmtDate(first)], frac: 1 },
          ],
        },
        { cells: [{ label: 'OBSERVAÇÕES', lines: [obs], frac: 1 }] },
      ],
      45,
      452,
      W - 67,
      135,
      8,
    );
  } else {
    const n = (k: string, t: string): string => `${k} ${t}`;
    b += grid(
      rng,
      st0,
      [
        {
          cells: [{ label: n('1', rng.pick(['NOME E SOBRENOME', 'NOME'])), lines: names, frac: 1 }],
        },
        {
          cells: [
            { label: n('2', '1ª HABILITAÇÃO'), lines: [fmtDate(first)], frac: 1 },
            { label: n('3', 'DATA NASCIMENTO'), lines: [fmtDate(p.birth)], frac: 1 },
          ],
        },
        {
          cells: [
            { label: n('4a', 'DATA EMISSÃO'), lines: [fmtDate(issue)], frac: 1 },
            {
              label: n('4b', 'VALIDADE'),
              lines: [fmtDate(validade)],
              frac: 1,
              valueColor: '#a0121a',
            },
          ],
        },
        {
          cells: [
            { label: n('4c', 'DOC. IDENTIDADE / ÓRG. EMISSOR / UF'), lines: [docId], frac: 1 },
          ],
        },
        {
          cells: [
            { label: n('4d', 'CPF'), lines: [cpfText], frac: 1 },
            {
              label: n('5', 'Nº REGISTRO'),
              lines: [registro],
              frac: 1,
              valueFont: rng.pick(['libSansBold', 'sansBold']) as FontKey,
            },
          ],
        },
      ],
      dataX,
      116,
      dataW,
      330,
      8,
    );
    b += grid(
      rng,
      st0,
      [
        {
          cells: [
            {
              label: n('6', 'FILIAÇÃO'),
              lines: filLines,
              frac: 2.3,
              valueSize: st0.valueSize * 0.85,
            },
            { label: n('9', 'CAT. HAB.'), lines: [cat], frac: 0.7, align: 'middle' },
          ],
        },
        {
          cells: [
            { label: n('12', 'OBSERVAÇÕES'), lines: [obs], frac: 1.5 },
            { label: 'ACC', lines: [''], frac: 0.5 },
            { label: 'PERMISSÃO', lines: [''], frac: 0.7 },
          ],
        },
      ],
      45,
      452,
      W - 67,
      140,
      8,
    );
  }
  // local / data emissão / detran footer strip (on the main panel in this design)
  const footY = H;
  const footer = (y0: number, bodyW: number): string => {
    let s = rect(0, y0, bodyW, 150, `fill="${hsl(hue, 30, 92)}"`);
    s += waveField(rng, 0, y0, bodyW, 150, hsl(hue, 30, 75), { lines: 14, opacity: 0.4 });
    s += grid(
      rng,
      { ...st0, boxes: null },
      [
        {
          cells: [
            { label: 'LOCAL', lines: [local], frac: 1.6 },
            { label: 'DATA EMISSÃO', lines: [fmtDate(issue)], frac: 1 },
          ],
        },
      ],
      45,
      y0 + 12,
      bodyW * 0.62,
      70,
      10,
    );
    s += signature(rng, 45, y0 + 80, 260, 50, '#222');
    s += line(45, y0 + 128, 330, y0 + 128, ink);
    s += textSvg(st0.labelFont, 'ASSINATURA DO EMISSOR', 45, y0 + 142, 11, { fill: ink });
    s += textSvg('sansBold', detran, bodyW - 40, y0 + 52, 28, { fill: ink, anchor: 'end' });
    s += textSvg('sansCond', st.name, bodyW - 40, y0 + 80, 16, { fill: ink, anchor: 'end' });
    s += textSvg('sansCond', 'DEPARTAMENTO ESTADUAL DE TRÂNSITO', bodyW - 40, y0 + 100, 11.5, {
      fill: ink,
      anchor: 'end',
    });
    s += signature(rng, bodyW - 300, y0 + 96, 250, 44, '#1b2366');
    return s;
  };
  const HF = H + 150;
  const mainBody =
    b +
    footer(footY, W) +
    signature(rng, photoX + 5, photoY + photoH + 4, photoW - 10, 40, '#1b1b4e') +
    line(photoX, photoY + photoH + 46, photoX + photoW, photoY + photoH + 46, ink, 0.8) +
    textSvg(st0.labelFont, 'ASSINATURA DO PORTADOR', photoX, photoY + photoH + 58, 10.5, {
      fill: ink,
      maxWidth: photoW,
    });
  const main: Face = { w: W, h: HF, radius: 12, body: mainBody };

  // lower panel (back): QR code, RENACH, national validity
  let o = rect(0, 0, W, 560, `fill="${hsl(hue, 30, 90)}"`);
  o += waveField(rng, 0, 0, W, 560, hsl(hue, 40, 70), { lines: 30, opacity: 0.35 });
  o += qrBlock(rng, 40, 60, 300);
  o += textSvg('sansCondBold', 'VÁLIDA EM TODO O TERRITÓRIO NACIONAL', 400, 90, 18, {
    fill: ink,
    maxWidth: 420,
  });
  o += textSvg('libMono', renach, 400, 140, 22, { fill: '#111' });
  o += textSvg('sansCond', 'RENACH', 400, 112, 11, { fill: ink });
  o += barcode(rng, 400, 180, 400, 60);
  o += textSvg('sansCond', 'QR-CODE - VALIDE EM: VIO (APLICATIVO DO DENATRAN)', 40, 420, 12, {
    fill: ink,
  });
  o += textSvg('libMonoBold', formNo, W - 30, 520, 18, { fill: '#c4161c', anchor: 'end' });
  const other: Face = { w: W, h: 560, radius: 12, body: o };
  const joined: Face = {
    w: W,
    h: HF + 560,
    radius: 12,
    body: `${mainBody}<g transform="translate(0 ${HF})">${o}</g>${line(0, HF, W, HF, '#0003', 2)}`,
  };
  return { expected, main, other, needsBoth: false, joined };
}

export function makeDoc(kind: 'RG' | 'CIN' | 'CNH', rng: Rng): DocContent {
  if (kind === 'RG') return makeRgDoc(rng);
  if (kind === 'CIN') return makeCinDoc(rng);
  return makeCnhDoc(rng);
}

// re-exports used by tests / README dumps
export { stateByUf, capHeight };
