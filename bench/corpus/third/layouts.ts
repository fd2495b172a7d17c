// The three documents' data sides, drawn as SVG from the public layouts: the old green RG,
// the 2022 Carteira de Identidade Nacional and the CNH (2017 paper model, later header wording).
import { type Issuer, pickRgIssuer, printIssuer, stateLine } from './issuers';
import {
  ALL_UFS,
  type Sex,
  UF_NAMES,
  addDays,
  addYears,
  ageAt,
  fmtCpf,
  fmtDate,
  makeCnhRegistro,
  makeCpf,
  makeName,
  makeRgNumber,
  normaliseName,
  parentName,
  pickCity,
  randomDate,
} from './people';
import { type Rng } from './rng';
import {
  type Font,
  MONO,
  SANS,
  SERIF,
  fingerprint,
  guilloche,
  hologram,
  microtext,
  photoPlaceholder,
  resetIds,
  signature,
  txt,
  waves,
} from './svg';

export type ThirdKind = 'RG' | 'CIN' | 'CNH';
export type ThirdExpected = {
  nome: string;
  numero: string;
  orgao: string;
  uf: string;
  validade: string | null;
};

/** One drawable side of a document, in card units; `body` is the SVG content. */
export type Panel = { w: number; h: number; body: string; radius: number };
/** `panels[0]` is the data side; a second panel is the photo side, used when scanned. */
export type CardDrawing = { panels: Panel[]; expected: ThirdExpected };

type Style = {
  rng: Rng;
  label: Font;
  value: Font;
  labelSize: number;
  valueSize: number;
  labelColor: string;
  valueColor: string;
  jitter: number;
};

function makeStyle(rng: Rng, labelColor: string, valueFonts: readonly Font[]): Style {
  const inks = ['#111', '#1a1a1a', '#222633', '#0d1b3a', '#2a2a2a'];
  return {
    rng,
    label: rng.pick(SANS.filter((f) => f.bold || rng.chance(0.4))),
    value: rng.pick(valueFonts),
    labelSize: rng.range(12, 16),
    valueSize: rng.range(22, 29),
    labelColor,
    valueColor: rng.pick(inks),
    jitter: rng.range(0.02, 0.15),
  };
}

/** Label then value below it, the value shifted inside its box by up to `jitter` of its width. */
function field(
  st: Style,
  x: number,
  y: number,
  boxW: number,
  label: string,
  values: string | readonly string[],
  o: { valueSize?: number; valueFill?: string; lineGap?: number } = {},
): string {
  const { rng } = st;
  let out = txt(x, y, label, st.labelSize, st.label, { fill: st.labelColor, maxW: boxW - 4 });
  const vs = o.valueSize ?? st.valueSize;
  const lines = typeof values === 'string' ? [values] : values;
  lines.forEach((v, i) => {
    if (!v) return;
    const dx = rng.range(-3, st.jitter * boxW);
    const dy = rng.range(-3, 3);
    const vy = y + vs * 1.08 + 3 + i * (o.lineGap ?? vs * 1.2) + dy;
    out += txt(x + dx, vy, v, vs, st.value, {
      fill: o.valueFill ?? st.valueColor,
      maxW: boxW - Math.max(0, dx) - 4,
    });
  });
  return out;
}

function background(
  rng: Rng,
  w: number,
  h: number,
  hue: number,
  sat: number,
  phrase: string,
): string {
  const l1 = rng.range(86, 93);
  const l2 = l1 + rng.range(-5, 4);
  const pattern = `hsl(${Math.round(hue + rng.range(-15, 15))},${Math.round(sat + 10)}%,${Math.round(rng.range(45, 62))}%)`;
  const id = `bgGrad`;
  let out = `<defs><linearGradient id="${id}" x1="0" y1="0" x2="1" y2="${rng.range(0, 1).toFixed(2)}">`;
  out += `<stop offset="0" stop-color="hsl(${Math.round(hue)},${Math.round(sat)}%,${Math.round(l1)}%)"/>`;
  out += `<stop offset="1" stop-color="hsl(${Math.round(hue + rng.range(-20, 20))},${Math.round(sat)}%,${Math.round(l2)}%)"/>`;
  out += `</linearGradient></defs><rect width="${w}" height="${h}" fill="url(#${id})"/>`;
  out += waves(rng, w, h, pattern);
  if (rng.chance(0.5)) out += waves(rng, w, h, pattern);
  out += guilloche(rng, w, h, pattern, rng.int(1, 3));
  out += microtext(rng, w, h, phrase, pattern);
  return out;
}

function v<T>(rng: Rng, options: readonly T[]): T {
  return rng.pick(options);
}

// ---------------------------------------------------------------- RG

function rgCard(rng: Rng): CardDrawing {
  const issuer: Issuer = pickRgIssuer(rng);
  const sex: Sex = rng.chance(0.5) ? 'M' : 'F';
  const name = makeName(rng, sex);
  const mother = parentName(rng, 'F', name);
  const father = rng.chance(0.9) ? parentName(rng, 'M', name) : '';
  const birth = randomDate(rng, 1945, 2010);
  const issued = addDays(addYears(birth, rng.int(7, 45)), rng.int(0, 300));
  if (issued.y > 2023) issued.y = 2023 - rng.int(0, 5);
  const natUf = rng.chance(0.4) ? rng.pick(ALL_UFS) : issuer.uf;
  const natCity = pickCity(rng, natUf);
  const nat = `${natCity}${v(rng, [' - ', '-', '/', ' '])}${natUf}`;
  const num = makeRgNumber(rng, issuer.uf);
  const cpf = makeCpf(rng);
  const w = 1000;
  const h = 680;
  const st = makeStyle(rng, rng.pick(['#1f3d1f', '#2b2b2b', '#234a2a', '#3a3a2a']), [
    ...MONO,
    ...MONO,
    ...SANS,
    ...SERIF,
  ]);
  let s = background(
    rng,
    w,
    h,
    rng.range(85, 125),
    rng.range(20, 40),
    'REPUBLICAFEDERATIVADOBRASIL',
  );

  const head = rng.pick(SANS.filter((f) => f.bold));
  const headSize = rng.range(14, 18);
  const lines = [
    ...(rng.chance(0.7) ? ['REPÚBLICA FEDERATIVA DO BRASIL'] : []),
    stateLine(issuer.uf),
    ...issuer.header,
  ];
  let y = 30;
  for (const line of lines) {
    s += txt(w / 2, y, line, headSize, head, { anchor: 'middle', fill: st.labelColor, maxW: 900 });
    y += headSize * 1.3;
  }
  const explicitIssuer = printIssuer(rng, issuer.orgao, issuer.uf);
  const issuerAsField = rng.chance(0.5);
  if (!issuerAsField)
    s += txt(w - 30, 30, explicitIssuer, headSize, head, { anchor: 'end', fill: st.labelColor });
  y += 4;
  s += txt(
    w / 2,
    y,
    v(rng, ['VÁLIDA EM TODO O TERRITÓRIO NACIONAL', 'VÁLIDA EM TODO TERRITÓRIO NACIONAL']),
    headSize * 0.85,
    st.label,
    {
      anchor: 'middle',
      fill: st.labelColor,
    },
  );
  y += 22;

  const hasCpf = rng.chance(0.65) || issuerAsField;
  const rowH = (h - 130 - y - 34) / (hasCpf ? 6.4 : 5.4);
  const L = 40;
  const R = 560;
  s += field(
    st,
    L,
    y,
    460,
    v(rng, ['REGISTRO GERAL', 'REGISTRO GERAL Nº', 'REG. GERAL', 'R.G.']),
    num.printed,
    {
      valueSize: st.valueSize * rng.range(1, 1.15),
      valueFill: rng.chance(0.3) ? '#7a1010' : st.valueColor,
    },
  );
  s += field(
    st,
    R,
    y,
    400,
    v(rng, ['DATA DE EXPEDIÇÃO', 'DATA EXPEDIÇÃO', 'EXPEDIÇÃO', 'DATA DE EMISSÃO']),
    fmtDate(issued),
  );
  y += rowH;
  s += field(st, L, y, 920, v(rng, ['NOME', 'NOME:', 'Nome']), name);
  y += rowH;
  s += field(
    st,
    L,
    y,
    920,
    v(rng, ['FILIAÇÃO', 'FILIAÇÃO:', 'Filiação']),
    father ? [father, mother] : [mother],
    {
      valueSize: st.valueSize * 0.9,
    },
  );
  y += rowH * 1.4;
  s += field(st, L, y, 480, v(rng, ['NATURALIDADE', 'NATURAL DE', 'Naturalidade']), nat);
  s += field(
    st,
    R,
    y,
    400,
    v(rng, ['DATA DE NASCIMENTO', 'DATA NASC.', 'NASCIMENTO', 'DATA DE NASC.']),
    fmtDate(birth, rng.chance(0.9) ? '/' : '-'),
  );
  y += rowH;
  const origem = rng.chance(0.75)
    ? `C.NAS ${v(rng, ['LV', 'LIV.', 'LIVRO'])} A-${rng.int(10, 400)} FLS ${rng.int(1, 300)} N ${rng.int(1000, 99999)} ${v(rng, ['CART. 1º SUBD.', 'CARTÓRIO DO 2º OFÍCIO', 'REG. CIVIL'])} ${natCity}-${natUf}`
    : `C.CAS ${v(rng, ['LV', 'LIVRO'])} B-${rng.int(10, 300)} FLS ${rng.int(1, 300)} N ${rng.int(1000, 99999)} ${natCity}-${natUf}`;
  s += field(st, L, y, 920, v(rng, ['DOC. ORIGEM', 'DOC ORIGEM', 'DOCUMENTO DE ORIGEM']), origem, {
    valueSize: st.valueSize * 0.72,
  });
  y += rowH;
  if (hasCpf) {
    const cpfText = rng.chance(0.8) ? fmtCpf(cpf) : cpf;
    s += field(st, L, y, 440, v(rng, ['CPF', 'C.P.F.', 'CPF Nº']), cpfText);
    if (issuerAsField) {
      s += field(
        st,
        R,
        y,
        400,
        v(rng, ['ÓRGÃO EXPEDIDOR', 'ÓRG. EXPEDIDOR', 'EXPEDIDOR', 'ORG. EMISSOR']),
        explicitIssuer,
      );
    }
  }
  const sy = h - 120;
  // The director's scrawl sometimes climbs into the CPF / issuer row above it.
  s += signature(
    rng,
    rng.range(480, 560),
    sy - (rng.chance(0.4) ? rng.range(10, 60) : 0),
    360,
    rng.range(50, 80),
    rng.pick(['#1a237e', '#111', '#0d47a1']),
  );
  s += `<line x1="520" y1="${h - 52}" x2="940" y2="${h - 52}" stroke="${st.labelColor}" stroke-width="1"/>`;
  s += txt(
    730,
    h - 34,
    v(rng, ['ASSINATURA DO DIRETOR', 'DIRETOR', 'ASSINATURA DO DIRETOR(A)']),
    13,
    st.label,
    { anchor: 'middle', fill: st.labelColor },
  );
  s += txt(
    40,
    h - 24,
    v(rng, ['LEI Nº 7.116 DE 29/08/83', 'LEI N° 7.116 DE 29/08/83', 'LEI 7.116 DE 29/08/83']),
    13,
    st.label,
    { fill: st.labelColor },
  );
  if (rng.chance(0.55))
    s += hologram(rng, rng.range(150, 850), rng.range(150, 560), rng.range(40, 90));

  const photoSide = rgPhotoSide(rng, w, h, num.printed, st);
  return {
    panels: [{ w, h, body: s, radius: 18 }, photoSide],
    expected: {
      nome: normaliseName(name),
      numero: num.expected,
      orgao: issuer.orgao,
      uf: issuer.uf,
      validade: null,
    },
  };
}

function rgPhotoSide(rng: Rng, w: number, h: number, printed: string, st: Style): Panel {
  let s = background(rng, w, h, rng.range(85, 125), rng.range(20, 40), 'CARTEIRADEIDENTIDADE');
  s += txt(w / 2, 40, 'REPÚBLICA FEDERATIVA DO BRASIL', 20, st.label, {
    anchor: 'middle',
    fill: st.labelColor,
  });
  s += photoPlaceholder(rng, 60, 90, 260, 340, rng.chance(0.6));
  s += `<rect x="${w - 300}" y="110" width="220" height="280" fill="#fff" fill-opacity="0.55"/>`;
  s += fingerprint(rng, w - 190, 250, 80);
  s += txt(w - 190, 420, 'POLEGAR DIREITO', 13, st.label, {
    anchor: 'middle',
    fill: st.labelColor,
  });
  s += signature(rng, 120, 470, 520, 80, rng.pick(['#1a237e', '#111']));
  s += `<line x1="80" y1="565" x2="700" y2="565" stroke="${st.labelColor}" stroke-width="1"/>`;
  s += txt(390, 585, 'ASSINATURA DO TITULAR', 13, st.label, {
    anchor: 'middle',
    fill: st.labelColor,
  });
  s += txt(w / 2, h - 30, 'CARTEIRA DE IDENTIDADE', 26, st.label, {
    anchor: 'middle',
    fill: st.labelColor,
  });
  if (rng.chance(0.3))
    s += txt(w - 60, 80, printed, 18, st.value, { anchor: 'end', fill: '#7a1010' });
  return { w, h, body: s, radius: 18 };
}

// ---------------------------------------------------------------- CIN

function cinCard(rng: Rng): CardDrawing {
  const issuer = pickRgIssuer(rng);
  const sex: Sex = rng.chance(0.5) ? 'M' : 'F';
  const name = makeName(rng, sex);
  const birth = randomDate(rng, 1940, 2016);
  const issued = randomDate(rng, 2022, 2025);
  const age = ageAt(birth, issued);
  const expiry = age >= 60 && rng.chance(0.3) ? null : addYears(issued, age < 12 ? 5 : 10);
  const cpf = makeCpf(rng);
  const w = 1000;
  const h = 630;
  const st = makeStyle(rng, rng.pick(['#1d3557', '#12355b', '#333', '#21445e']), [
    ...SANS,
    ...SANS,
    ...SERIF,
    ...MONO,
  ]);
  st.labelSize = rng.range(11.5, 14);
  let s = background(
    rng,
    w,
    h,
    rng.range(175, 215),
    rng.range(20, 45),
    'REPUBLICAFEDERATIVADOBRASIL',
  );
  const band = `hsl(${Math.round(rng.range(140, 215))},${Math.round(rng.range(35, 65))}%,${Math.round(rng.range(28, 42))}%)`;
  s += `<rect width="${w}" height="92" fill="${band}" fill-opacity="${rng.range(0.75, 0.95).toFixed(2)}"/>`;
  s += `<circle cx="62" cy="46" r="30" fill="#f2c200" fill-opacity="0.9"/><circle cx="62" cy="46" r="19" fill="#1b4f9c"/>`;
  const head = rng.pick(SANS.filter((f) => f.bold));
  s += txt(108, 40, 'REPÚBLICA FEDERATIVA DO BRASIL', 21, head, { fill: '#fff', maxW: 470 });
  s += txt(108, 62, 'FEDERATIVE REPUBLIC OF BRAZIL', 12, head, { fill: '#e8eef5' });
  s += txt(
    w - 30,
    40,
    v(rng, ['CARTEIRA DE IDENTIDADE', 'CARTEIRA DE IDENTIDADE NACIONAL']),
    21,
    head,
    { anchor: 'end', fill: '#fff', maxW: 380 },
  );
  s += txt(w - 30, 62, 'IDENTITY CARD', 12, head, { anchor: 'end', fill: '#e8eef5' });
  if (rng.chance(0.6))
    s += txt(108, 82, `${stateLine(issuer.uf)} · ${issuer.header[0] ?? ''}`, 11, head, {
      fill: '#e8eef5',
      maxW: 860,
    });

  const photoGray = rng.chance(0.4);
  s += photoPlaceholder(rng, 35, 115, 230, 300, photoGray);
  s += signature(
    rng,
    40,
    440,
    rng.chance(0.3) ? rng.range(280, 420) : 230,
    60,
    rng.pick(['#1a237e', '#111']),
  );
  s += txt(
    40,
    525,
    v(rng, ['Assinatura do titular / Signature', 'ASSINATURA / SIGNATURE']),
    11,
    st.label,
    { fill: st.labelColor, maxW: 230 },
  );

  const cap = rng.chance(0.3);
  const lab = (pt: string, en: string | null) => {
    const both = en && rng.chance(0.85) ? `${pt} / ${en}` : pt;
    return cap ? both.toUpperCase() : both;
  };
  const cpfText = v(rng, [
    fmtCpf(cpf),
    fmtCpf(cpf),
    fmtCpf(cpf),
    `${cpf.slice(0, 9)}-${cpf.slice(9)}`,
    cpf,
  ]);
  const nat = v(rng, ['BRA', 'BRASILEIRA', 'BRASILEIRO(A)']);
  const rows: { weight: number; draw: (y: number) => string }[] = [];
  const X = 290;
  const W = 675;
  rows.push({
    weight: 1,
    draw: (y) => field(st, X, y, W, lab(v(rng, ['Nome', 'Nome Civil']), 'Name'), name),
  });
  if (rng.chance(0.5))
    rows.push({
      weight: 1,
      draw: (y) => field(st, X, y, W, lab('Nome Social', 'Social Name'), ''),
    });
  rows.push({
    weight: 1,
    draw: (y) =>
      field(
        st,
        X,
        y,
        W * 0.5,
        lab(
          v(rng, ['Registro Geral - CPF', 'CPF', 'Nº CPF', 'Registro Geral CPF']),
          'Personal Number',
        ),
        cpfText,
      ) +
      field(st, X + W * 0.52, y, W * 0.18, lab('Sexo', 'Sex'), sex) +
      field(st, X + W * 0.7, y, W * 0.3, lab('Nacionalidade', 'Nationality'), nat),
  });
  const dsep = rng.chance(0.85) ? '/' : '.';
  rows.push({
    weight: 1,
    draw: (y) =>
      field(
        st,
        X,
        y,
        W * 0.5,
        lab(v(rng, ['Data de Nascimento', 'Nascimento']), 'Date of Birth'),
        fmtDate(birth, dsep),
      ) +
      field(
        st,
        X + W * 0.52,
        y,
        W * 0.48,
        lab('Validade', v(rng, ['Date of Expiry', 'Expiry Date'])),
        expiry ? fmtDate(expiry, dsep) : 'INDETERMINADA',
      ),
  });
  let tall = 0;
  if (rng.chance(0.45)) {
    const mother = parentName(rng, 'F', name);
    const father = parentName(rng, 'M', name);
    tall = 1;
    rows.push({
      weight: 1.55,
      draw: (y) =>
        field(st, X, y, W, lab('Filiação', 'Filiation'), [father, mother], {
          valueSize: st.valueSize * 0.78,
        }),
    });
  }
  const natUf = rng.chance(0.4) ? rng.pick(ALL_UFS) : issuer.uf;
  if (rng.chance(0.5)) {
    rows.push({
      weight: 1,
      draw: (y) =>
        field(
          st,
          X,
          y,
          W,
          lab('Naturalidade', 'Place of Birth'),
          `${pickCity(rng, natUf)}/${natUf}`,
        ),
    });
  }
  const issuerText = v(rng, [
    printIssuer(rng, issuer.orgao, issuer.uf),
    printIssuer(rng, issuer.orgao, issuer.uf),
    `${issuer.orgao} ${issuer.uf}`,
  ]);
  const place = `${pickCity(rng, issuer.uf)}/${issuer.uf}`;
  rows.push({
    weight: 1,
    draw: (y) =>
      field(
        st,
        X,
        y,
        W * 0.3,
        lab(v(rng, ['Órgão Expedidor', 'Órgão Emissor', 'Expedidor']), 'Issuing Authority'),
        issuerText,
      ) +
      field(st, X + W * 0.32, y, W * 0.38, lab('Local de Emissão', 'Place of Issue'), place) +
      field(
        st,
        X + W * 0.72,
        y,
        W * 0.28,
        lab(v(rng, ['Data de Emissão', 'Emissão']), 'Date of Issue'),
        fmtDate(issued, dsep),
      ),
  });
  // Rows share the height left under the header; the two-line Filiação row counts 1.55.
  const rowH = Math.min(74, (h - 125 - 25) / (rows.length + tall * 0.55));
  let y = 118;
  for (const row of rows) {
    s += row.draw(y);
    y += rowH * row.weight;
  }
  if (rng.chance(0.6))
    s += hologram(rng, rng.range(200, 900), rng.range(150, 560), rng.range(35, 80));
  s += txt(w - 20, h - 14, v(rng, ['Lei nº 7.116/1983', 'Decreto nº 10.977/2022']), 10, st.label, {
    anchor: 'end',
    fill: st.labelColor,
  });
  return {
    panels: [{ w, h, body: s, radius: 32 }],
    expected: {
      nome: normaliseName(name),
      numero: cpf,
      orgao: issuer.orgao,
      uf: issuer.uf,
      validade: expiry ? fmtDate(expiry) : null,
    },
  };
}

// ---------------------------------------------------------------- CNH

function cnhCard(rng: Rng): CardDrawing {
  const uf = rng.chance(0.25) ? 'SP' : rng.pick(ALL_UFS);
  const sex: Sex = rng.chance(0.55) ? 'M' : 'F';
  const name = makeName(rng, sex);
  const birth = randomDate(rng, 1945, 2005);
  const issued = randomDate(rng, 2017, 2025);
  if (ageAt(birth, issued) < 19) birth.y = issued.y - rng.int(19, 40);
  const age = ageAt(birth, issued);
  const exam = addDays(issued, -rng.int(0, 40));
  const years = issued.y >= 2021 ? (age < 50 ? 10 : age < 70 ? 5 : 3) : age < 65 ? 5 : 3;
  const expiry = addYears(exam, years);
  const firstLicence = addDays(
    addYears(birth, rng.int(18, Math.max(18, age - 1))),
    rng.int(0, 200),
  );
  const registro = makeCnhRegistro(rng);
  const cpf = makeCpf(rng);
  const rgIssuer = rng.chance(0.6) ? pickRgIssuer(rng) : { uf, orgao: 'SSP', header: [] };
  const rgNum = makeRgNumber(rng, rgIssuer.uf);
  const w = 1000;
  const h = 760;
  const st = makeStyle(rng, rng.pick(['#2f4f1f', '#3b3b1b', '#234', '#333']), [
    ...SANS,
    ...SANS,
    ...MONO,
    ...SERIF,
  ]);
  let s = background(rng, w, h, rng.range(55, 100), rng.range(25, 50), 'DENATRANCNHBRASIL');
  const head = rng.pick(SANS.filter((f) => f.bold));
  const hc = rng.pick(['#1e3d14', '#14331e', '#222']);
  s += `<rect width="${w}" height="110" fill="hsl(${Math.round(rng.range(60, 110))},40%,${Math.round(rng.range(70, 82))}%)" fill-opacity="0.7"/>`;
  s += txt(w / 2, 26, 'REPÚBLICA FEDERATIVA DO BRASIL', 17, head, { anchor: 'middle', fill: hc });
  s += txt(
    w / 2,
    43,
    v(rng, [
      'MINISTÉRIO DA INFRAESTRUTURA',
      'MINISTÉRIO DAS CIDADES',
      'MINISTÉRIO DOS TRANSPORTES',
    ]),
    12.5,
    head,
    { anchor: 'middle', fill: hc },
  );
  s += txt(
    w / 2,
    59,
    v(rng, ['DEPARTAMENTO NACIONAL DE TRÂNSITO', 'SECRETARIA NACIONAL DE TRÂNSITO - SENATRAN']),
    12.5,
    head,
    { anchor: 'middle', fill: hc },
  );
  s += txt(w / 2, 97, 'CARTEIRA NACIONAL DE HABILITAÇÃO', rng.range(23, 28), head, {
    anchor: 'middle',
    fill: hc,
    maxW: 900,
  });
  if (rng.chance(0.4))
    s += txt(w - 20, 20, 'DRIVER LICENSE / PERMISO DE CONDUCCIÓN', 10, head, {
      anchor: 'end',
      fill: hc,
    });

  const L = 40;
  s += field(st, L, 132, 920, v(rng, ['NOME', 'NOME E SOBRENOME', 'NOME:']), name, {
    valueSize: st.valueSize * 1.05,
  });
  s += photoPlaceholder(rng, L, 200, 245, 320, rng.chance(0.3));
  const X = 310;
  const W = 650;
  const rgPrinted = rng.chance(0.5) ? rgNum.plain : rgNum.printed;
  const docText = `${rgPrinted} ${v(rng, [`${rgIssuer.orgao} ${rgIssuer.uf}`, `${rgIssuer.orgao}/${rgIssuer.uf}`, `${rgIssuer.orgao} - ${rgIssuer.uf}`])}`;
  s += field(
    st,
    X,
    205,
    W,
    v(rng, [
      'DOC. IDENTIDADE / ÓRG. EMISSOR / UF',
      'DOC. IDENTIDADE/ÓRG EMISSOR/UF',
      'IDENTIDADE / ÓRG. EMISSOR / UF',
      'DOC. IDENT. / ORG. EMISSOR / UF',
    ]),
    docText,
  );
  s += field(st, X, 268, W * 0.48, 'CPF', rng.chance(0.85) ? fmtCpf(cpf) : cpf);
  s += field(
    st,
    X + W * 0.52,
    268,
    W * 0.48,
    v(rng, ['DATA NASCIMENTO', 'DATA DE NASCIMENTO', 'DATA NASC.', 'NASCIMENTO']),
    fmtDate(birth),
  );
  const mother = parentName(rng, 'F', name);
  const father = rng.chance(0.9) ? parentName(rng, 'M', name) : '';
  s += field(st, X, 331, W, 'FILIAÇÃO', father ? [father, mother] : [mother], {
    valueSize: st.valueSize * 0.8,
  });
  s += field(st, X, 424, W * 0.33, 'PERMISSÃO', '');
  s += field(st, X + W * 0.36, 424, W * 0.25, 'ACC', '');
  s += field(
    st,
    X + W * 0.64,
    424,
    W * 0.36,
    v(rng, ['CAT. HAB.', 'CAT HAB', 'CATEGORIA']),
    v(rng, ['B', 'AB', 'A', 'AB', 'D', 'AE', 'C']),
  );
  const regText = rng.chance(0.85)
    ? registro
    : `${registro.slice(0, 3)} ${registro.slice(3, 6)} ${registro.slice(6, 9)} ${registro.slice(9)}`;
  s += field(
    st,
    X,
    487,
    W * 0.38,
    v(rng, ['Nº REGISTRO', 'N° REGISTRO', 'REGISTRO', 'Nº DO REGISTRO']),
    regText,
  );
  s += field(st, X + W * 0.4, 487, W * 0.3, 'VALIDADE', fmtDate(expiry), {
    valueFill: rng.chance(0.5) ? '#a01010' : st.valueColor,
  });
  s += field(
    st,
    X + W * 0.72,
    487,
    W * 0.28,
    v(rng, ['1ª HABILITAÇÃO', '1ª HAB.', 'PRIMEIRA HABILITAÇÃO']),
    fmtDate(firstLicence),
  );
  s += field(
    st,
    L,
    552,
    600,
    v(rng, ['OBSERVAÇÕES', 'OBS.', 'OBSERVAÇÃO']),
    v(rng, ['', 'A', 'EAR', 'A EAR', '']),
  );
  // The holder's signature may run up over OBSERVAÇÕES, as on real cards.
  s += signature(
    rng,
    rng.range(50, 120),
    592 - (rng.chance(0.4) ? rng.range(10, 45) : 0),
    rng.range(380, 520),
    rng.range(50, 75),
    rng.pick(['#1a237e', '#111', '#0d47a1']),
  );
  s += `<line x1="40" y1="655" x2="620" y2="655" stroke="${st.labelColor}" stroke-width="1"/>`;
  s += txt(330, 670, 'ASSINATURA DO PORTADOR', 11, st.label, {
    anchor: 'middle',
    fill: st.labelColor,
  });
  const city = pickCity(rng, uf);
  s += field(st, L, 690, 400, 'LOCAL', `${city}${v(rng, [', ', ' ', ' - ', '/'])}${uf}`, {
    valueSize: st.valueSize * 0.85,
  });
  s += field(
    st,
    460,
    690,
    200,
    v(rng, ['DATA EMISSÃO', 'DATA DE EMISSÃO', 'EMISSÃO']),
    fmtDate(issued),
    { valueSize: st.valueSize * 0.85 },
  );
  s += signature(
    rng,
    rng.range(660, 720),
    rng.range(575, 615),
    240,
    70,
    rng.pick(['#1a237e', '#111']),
  );
  s += txt(820, 690, `DETRAN${v(rng, ['-', '/', ' '])}${uf}`, 24, head, {
    anchor: 'middle',
    fill: hc,
  });
  s += txt(
    820,
    712,
    `DEPARTAMENTO ESTADUAL DE TRÂNSITO${rng.chance(0.5) ? ` - ${UF_NAMES[uf] ?? uf}` : ''}`,
    9,
    st.label,
    { anchor: 'middle', fill: hc, maxW: 300 },
  );
  s += txt(
    w - 14,
    460,
    String(rng.int(1_000_000_000, 9_999_999_999)).slice(0, rng.int(9, 10)),
    20,
    rng.pick(MONO),
    { fill: '#b01818', rotate: -90, anchor: 'middle' },
  );
  s += txt(22, 520, `${uf}${rng.int(100_000_000, 999_999_999)}`, 14, rng.pick(MONO), {
    fill: '#333',
    rotate: -90,
    anchor: 'middle',
  });
  if (rng.chance(0.6))
    s += hologram(rng, rng.range(200, 880), rng.range(180, 640), rng.range(35, 80));
  return {
    panels: [{ w, h, body: s, radius: 20 }],
    expected: {
      nome: normaliseName(name),
      numero: registro,
      orgao: 'DETRAN',
      uf,
      validade: fmtDate(expiry),
    },
  };
}

export function drawCard(kind: ThirdKind, rng: Rng): CardDrawing {
  resetIds();
  if (kind === 'RG') return rgCard(rng);
  if (kind === 'CIN') return cinCard(rng);
  return cnhCard(rng);
}

/**
 * Wrap a panel as a standalone SVG rendered at `pxWidth`. Corners are square here; the
 * renderer cuts them round afterwards, which is much cheaper than an SVG clip path.
 */
export function panelSvg(p: Panel, pxWidth: number, extra = ''): string {
  const pxH = Math.round((pxWidth * p.h) / p.w);
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${pxWidth}" height="${pxH}" viewBox="0 0 ${p.w} ${p.h}">` +
    `${p.body}${extra}</svg>`
  );
}

export function cornerMask(p: Panel, pxWidth: number): string {
  const pxH = Math.round((pxWidth * p.h) / p.w);
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${pxWidth}" height="${pxH}" viewBox="0 0 ${p.w} ${p.h}">` +
    `<rect width="${p.w}" height="${p.h}" rx="${p.radius}" fill="#000"/></svg>`
  );
}
