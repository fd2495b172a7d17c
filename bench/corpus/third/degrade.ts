// Turning a drawn card into the image a user uploads: a flatbed scan or a phone photo.
// All randomness (geometry, textures, noise) comes from the seeded Rng; sharp only renders,
// resamples, blurs and encodes, which it does deterministically.
import sharp, { type OverlayOptions } from 'sharp';
import { type Panel, cornerMask, panelSvg } from './layouts';
import { type Rng } from './rng';
import { wear } from './svg';

type Raw = { data: Buffer; width: number; height: number };

/** The card as RGBA, transparent outside its rounded corners unless `square`. */
async function renderRgba(panel: Panel, pxWidth: number, extra = '', square = false): Promise<Raw> {
  const flat = await sharp(Buffer.from(panelSvg(panel, pxWidth, extra)))
    .ensureAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  if (square) return { data: flat.data, width: flat.info.width, height: flat.info.height };
  const { data, info } = await sharp(flat.data, {
    raw: { width: flat.info.width, height: flat.info.height, channels: 4 },
  })
    .composite([{ input: Buffer.from(cornerMask(panel, pxWidth)), blend: 'dest-in' }])
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
}

/** Gaussian noise without a per-pixel Gaussian draw: a seeded table indexed by xorshift. */
function noiseSource(rng: Rng): () => number {
  const table = new Float32Array(8192);
  for (let i = 0; i < table.length; i++) table[i] = rng.gauss();
  let state = (rng.int(1, 0x7fffffff) | 1) >>> 0;
  return () => {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    state >>>= 0;
    return table[state & 8191] ?? 0;
  };
}

/** Smooth value noise on a coarse random grid, sampled at normalised coordinates. */
function valueNoise(rng: Rng, gw: number, gh: number): (x: number, y: number) => number {
  const grid = new Float32Array((gw + 1) * (gh + 1));
  for (let i = 0; i < grid.length; i++) grid[i] = rng.next();
  return (x, y) => {
    const fx = Math.min(Math.max(x, 0), 0.9999) * gw;
    const fy = Math.min(Math.max(y, 0), 0.9999) * gh;
    const ix = Math.floor(fx);
    const iy = Math.floor(fy);
    let tx = fx - ix;
    let ty = fy - iy;
    tx = tx * tx * (3 - 2 * tx);
    ty = ty * ty * (3 - 2 * ty);
    const i0 = iy * (gw + 1) + ix;
    const a = grid[i0] ?? 0;
    const b = grid[i0 + 1] ?? 0;
    const c = grid[i0 + gw + 1] ?? 0;
    const d = grid[i0 + gw + 2] ?? 0;
    return a + (b - a) * tx + (c - a) * ty + (a - b - c + d) * tx * ty;
  };
}

function hslToRgb(h: number, s: number, l: number): [number, number, number] {
  const a = s * Math.min(l, 1 - l);
  const f = (n: number) => {
    const k = (n + h / 30) % 12;
    return 255 * (l - a * Math.max(-1, Math.min(k - 3, 9 - k, 1)));
  };
  return [f(0), f(8), f(4)];
}

// ---------------------------------------------------------------- scan

export async function scanImage(rng: Rng, panels: readonly Panel[]): Promise<Buffer> {
  const cardPx = rng.int(1000, 1500);
  const [data, photo] = panels;
  if (!data) throw new Error('no panel to scan');
  // Copies of the old RG usually show both sides on one page; either order.
  const list =
    photo && rng.chance(0.5) ? (rng.chance(0.5) ? [photo, data] : [data, photo]) : [data];
  const paperL = rng.int(228, 255);
  const paper = { r: paperL, g: paperL - rng.int(0, 4), b: paperL - rng.int(0, 8) };
  const margin = rng.int(20, 80);
  const gap = rng.int(30, 110);
  const edge = rng.chance(0.5)
    ? `<rect x="1" y="1" width="${data.w - 2}" height="${data.h - 2}" rx="${data.radius}" fill="none" stroke="#777" stroke-width="${rng.range(1.5, 4).toFixed(1)}" opacity="0.6"/>`
    : '';
  const pieces: OverlayOptions[] = [];
  let top = margin;
  let pageW = 0;
  for (const panel of list) {
    const angle = rng.range(-1.5, 1.5);
    const rgba = await renderRgba(panel, cardPx, edge);
    const { data: png, info } = await sharp(rgba.data, {
      raw: { width: rgba.width, height: rgba.height, channels: 4 },
    })
      .rotate(angle, { background: { r: 0, g: 0, b: 0, alpha: 0 } })
      .raw()
      .toBuffer({ resolveWithObject: true });
    const left = rng.int(20, 80);
    pieces.push({
      input: png,
      raw: { width: info.width, height: info.height, channels: 4 },
      left,
      top,
    });
    top += info.height + gap;
    pageW = Math.max(pageW, left + info.width + margin);
  }
  const pageH = top - gap + margin;
  const { data: raw, info } = await sharp({
    create: { width: pageW, height: pageH, channels: 3, background: paper },
  })
    .composite(pieces)
    .linear(rng.range(1, 1.12), rng.range(-12, 4))
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const noise = noiseSource(rng);
  const sigma = rng.range(0.8, 3);
  for (let i = 0; i < raw.length; i++)
    raw[i] = Math.max(0, Math.min(255, raw[i]! + noise() * sigma));
  return sharp(raw, { raw: { width: info.width, height: info.height, channels: 3 } })
    .jpeg({ quality: rng.int(85, 95) })
    .toBuffer();
}

// ---------------------------------------------------------------- photo

type Pt = [number, number];

/** Homography taking each `from` point to its `to` point (8 unknowns, Gaussian elimination). */
function homography(from: readonly Pt[], to: readonly Pt[]): number[] {
  const A: number[][] = [];
  for (let i = 0; i < 4; i++) {
    const [x, y] = from[i]!;
    const [u, v] = to[i]!;
    A.push([x, y, 1, 0, 0, 0, -x * u, -y * u, u]);
    A.push([0, 0, 0, x, y, 1, -x * v, -y * v, v]);
  }
  for (let c = 0; c < 8; c++) {
    let p = c;
    for (let r = c + 1; r < 8; r++) if (Math.abs(A[r]![c]!) > Math.abs(A[p]![c]!)) p = r;
    [A[c], A[p]] = [A[p]!, A[c]!];
    const pivot = A[c]!;
    for (let r = 0; r < 8; r++) {
      if (r === c) continue;
      const row = A[r]!;
      const f = row[c]! / pivot[c]!;
      for (let k = c; k < 9; k++) row[k]! -= f * pivot[k]!;
    }
  }
  return A.map((row, i) => row[8]! / row[i]!);
}

/**
 * The surface under the card, computed at a quarter of the output size (it is out of focus
 * anyway) and enlarged by the caller.
 */
function background(rng: Rng, W: number, H: number): Buffer {
  const out = Buffer.alloc(W * H * 3);
  const kind = rng.pick(['wood', 'wood', 'fabric', 'desk', 'desk', 'granite'] as const);
  const low = valueNoise(rng, 6, 5);
  const noise = noiseSource(rng);
  let base: [number, number, number];
  if (kind === 'wood')
    base = hslToRgb(rng.range(18, 34), rng.range(0.3, 0.55), rng.range(0.25, 0.55));
  else if (kind === 'fabric')
    base = hslToRgb(rng.range(0, 360), rng.range(0.1, 0.5), rng.range(0.2, 0.6));
  else if (kind === 'desk')
    base = hslToRgb(rng.range(0, 360), rng.range(0, 0.12), rng.pick([0.12, 0.5, 0.75, 0.88]));
  else base = hslToRgb(rng.range(20, 40), rng.range(0, 0.15), rng.range(0.35, 0.7));
  const theta = rng.range(-0.3, 0.3) + (rng.chance(0.5) ? Math.PI / 2 : 0);
  const ct = Math.cos(theta);
  const st = Math.sin(theta);
  const ringF = rng.range(0.08, 0.24);
  const weave = rng.range(2, 3);
  const warp = valueNoise(rng, 3, 3);
  const grain = new Float32Array(2048);
  for (let i = 0; i < grain.length; i++) grain[i] = rng.gauss();
  for (let y = 0; y < H; y++) {
    for (let x = 0; x < W; x++) {
      const lx = x / W;
      const ly = y / H;
      let f = 0.9 + 0.2 * low(lx, ly);
      if (kind === 'wood') {
        const along = x * ct + y * st;
        const across = -x * st + y * ct;
        f *=
          0.85 +
          0.1 * Math.sin(across * ringF + 5 * warp(lx, ly) + 0.8 * Math.sin(along * 0.004)) +
          0.04 * (grain[Math.abs(Math.floor(across * 2.7)) & 2047] ?? 0) +
          0.01 * Math.sin(along * 0.05);
      } else if (kind === 'fabric') {
        f *= 0.9 + 0.05 * (Math.sin(x * weave) + Math.sin(y * weave)) + 0.03 * noise();
      } else if (kind === 'granite') {
        f *= 0.92 + 0.1 * noise() * (noise() > 1.2 ? 2 : 0.3);
      } else {
        f *= 0.97 + 0.01 * noise();
      }
      const o = (y * W + x) * 3;
      out[o] = Math.min(255, base[0] * f);
      out[o + 1] = Math.min(255, base[1] * f);
      out[o + 2] = Math.min(255, base[2] * f);
    }
  }
  return out;
}

type Thumb = {
  x: number;
  y: number;
  ux: number;
  uy: number;
  rx: number;
  ry: number;
  rgb: [number, number, number];
};

/** A fingertip: a shaded ellipse (plus the finger behind it) with a lighter nail. */
function drawThumb(out: Uint8ClampedArray, W: number, H: number, t: Thumb): void {
  const reach = t.ry * 2.9;
  const x0 = Math.max(0, Math.floor(t.x - reach));
  const x1 = Math.min(W - 1, Math.ceil(t.x + reach));
  const y0 = Math.max(0, Math.floor(t.y - reach));
  const y1 = Math.min(H - 1, Math.ceil(t.y + reach));
  const edge = Math.min(t.rx, t.ry) / 2;
  for (let y = y0; y <= y1; y++) {
    for (let x = x0; x <= x1; x++) {
      const dx = x - t.x;
      const dy = y - t.y;
      // Local frame: `along` grows away from the card, `across` is sideways.
      const along = dx * t.ux + dy * t.uy;
      const across = -dx * t.uy + dy * t.ux;
      const q1 = (across / t.rx) ** 2 + (along / t.ry) ** 2;
      const q2 = (across / t.rx) ** 2 + ((along - t.ry * 1.2) / (t.ry * 1.6)) ** 2;
      const q = Math.min(q1, q2);
      if (q >= 1) continue;
      const alpha = clamp((1 - Math.sqrt(q)) * edge, 0, 1);
      // Cylindrical shading across the finger, so tip and finger read as one shape.
      let shade = 1.06 - 0.38 * (across / t.rx) ** 2 - (along < 0 ? 0.15 * (along / t.ry) ** 2 : 0);
      const nail = (across / (t.rx * 0.6)) ** 2 + ((along + t.ry * 0.5) / (t.ry * 0.32)) ** 2;
      if (nail < 1) shade += 0.12 * (1 - nail);
      const o = (y * W + x) * 3;
      for (let c = 0; c < 3; c++)
        out[o + c] = out[o + c]! * (1 - alpha) + t.rgb[c]! * shade * alpha;
    }
  }
}

function clamp(v: number, lo: number, hi: number): number {
  return v < lo ? lo : v > hi ? hi : v;
}

export async function photoImage(rng: Rng, panel: Panel): Promise<Buffer> {
  // Strength skews low so most photos are ordinary and a tail is hard.
  const strength = rng.next() ** 1.3;

  const long = rng.int(1200, 2000);
  const portrait = long >= 1600 && rng.chance(0.25);
  const short = Math.round(long * rng.pick([0.75, 0.75, 0.5625]));
  const W = portrait ? short : long;
  const H = portrait ? long : short;
  const aspect = panel.w / panel.h;

  const angle = (rng.range(-8, 8) * (0.4 + 0.6 * strength) * Math.PI) / 180;
  const fit = Math.min(
    W / (Math.abs(Math.cos(angle)) + Math.abs(Math.sin(angle)) / aspect),
    H / (Math.abs(Math.sin(angle)) + Math.abs(Math.cos(angle)) / aspect),
  );
  let cardW = Math.max(820, fit * rng.range(0.72, 0.92));
  cardW = Math.min(cardW, fit * 0.95);
  const cardH = cardW / aspect;
  const key = rng.range(0, 0.13) * (0.3 + 0.7 * strength);
  const side = rng.int(0, 3);
  // Rectangle centred at 0, one edge shortened to mimic a tilted phone.
  const hw = cardW / 2;
  const hh = cardH / 2;
  const quad: Pt[] = [
    [-hw, -hh],
    [hw, -hh],
    [hw, hh],
    [-hw, hh],
  ];
  const shrink = (i: number, j: number, axis: 0 | 1) => {
    const k = 1 - key;
    quad[i]![axis] *= k;
    quad[j]![axis] *= k;
  };
  if (side === 0) shrink(0, 1, 0);
  else if (side === 1) shrink(2, 3, 0);
  else if (side === 2) shrink(0, 3, 1);
  else shrink(1, 2, 1);
  const jit = cardW * 0.018 * strength;
  const ca = Math.cos(angle);
  const sa = Math.sin(angle);
  let pts: Pt[] = quad.map(([x, y]) => [
    x * ca - y * sa + rng.range(-jit, jit),
    x * sa + y * ca + rng.range(-jit, jit),
  ]);
  // Keep the whole card in frame with a margin, then place it off-centre within the slack.
  const minX = Math.min(...pts.map((p) => p[0]));
  const maxX = Math.max(...pts.map((p) => p[0]));
  const minY = Math.min(...pts.map((p) => p[1]));
  const maxY = Math.max(...pts.map((p) => p[1]));
  const scale = Math.min(1, (W * 0.96) / (maxX - minX), (H * 0.96) / (maxY - minY));
  pts = pts.map(([x, y]) => [x * scale, y * scale]);
  const slackX = Math.max(0, W - (maxX - minX) * scale) / 2;
  const slackY = Math.max(0, H - (maxY - minY) * scale) / 2;
  const offX = W / 2 - ((minX + maxX) / 2) * scale + rng.range(-0.8, 0.8) * slackX * 0.9;
  const offY = H / 2 - ((minY + maxY) / 2) * scale + rng.range(-0.8, 0.8) * slackY * 0.9;
  pts = pts.map(([x, y]) => [x + offX, y + offY]);

  // Square render; the warp below cuts the rounded corners, saving a full-size composite.
  const card = await renderRgba(
    panel,
    Math.round(cardW * scale),
    wear(rng, panel.w, panel.h, strength),
    true,
  );
  const cw = card.width;
  const ch = card.height;
  const Hm = homography(pts, [
    [0, 0],
    [cw, 0],
    [cw, ch],
    [0, ch],
  ]);
  const [h0, h1, h2, h3, h4, h5, h6, h7] = Hm as [
    number,
    number,
    number,
    number,
    number,
    number,
    number,
    number,
  ];

  const bw = Math.ceil(W / 4);
  const bh = Math.ceil(H / 4);
  const out = await sharp(background(rng, bw, bh), { raw: { width: bw, height: bh, channels: 3 } })
    .resize(W, H, { kernel: 'linear', fit: 'fill' })
    .raw()
    .toBuffer();
  const sdx = rng.range(-1, 1) * 14;
  const sdy = rng.range(2, 16);
  const shadowA = rng.range(0.2, 0.5);
  const soft = cw * 0.012;
  const bx0 = Math.max(0, Math.floor(Math.min(...pts.map((p) => p[0])) - 30));
  const bx1 = Math.min(W - 1, Math.ceil(Math.max(...pts.map((p) => p[0])) + 30));
  const by0 = Math.max(0, Math.floor(Math.min(...pts.map((p) => p[1])) - 30));
  const by1 = Math.min(H - 1, Math.ceil(Math.max(...pts.map((p) => p[1])) + 30));
  const src = card.data;
  const rr = (panel.radius * cw) / panel.w;
  // Clamped view: writes round and saturate instead of wrapping.
  const outC = new Uint8ClampedArray(out.buffer, out.byteOffset, out.length);
  for (let y = by0; y <= by1; y++) {
    for (let x = bx0; x <= bx1; x++) {
      const o = (y * W + x) * 3;
      const w = h6 * x + h7 * y + 1;
      const u = (h0 * x + h1 * y + h2) / w - 0.5;
      const v = (h3 * x + h4 * y + h5) / w - 0.5;
      let r = 0;
      let g = 0;
      let b = 0;
      let a = 0;
      if (u >= -1 && v >= -1 && u < cw && v < ch) {
        const iu = Math.floor(u);
        const iv = Math.floor(v);
        const fu = u - iu;
        const fv = v - iv;
        for (let dy = 0; dy < 2; dy++) {
          const yy = iv + dy;
          if (yy < 0 || yy >= ch) continue;
          const wy = dy ? fv : 1 - fv;
          for (let dx = 0; dx < 2; dx++) {
            const xx = iu + dx;
            if (xx < 0 || xx >= cw) continue;
            const wgt = wy * (dx ? fu : 1 - fu);
            const p = (yy * cw + xx) * 4;
            const al = (src[p + 3]! / 255) * wgt;
            r += src[p]! * al;
            g += src[p + 1]! * al;
            b += src[p + 2]! * al;
            a += al;
          }
        }
      }
      if (a > 0 && (u < rr || u > cw - rr) && (v < rr || v > ch - rr)) {
        const qx = u < rr ? rr - u : u - (cw - rr);
        const qy = v < rr ? rr - v : v - (ch - rr);
        const cover = clamp(rr - Math.sqrt(qx * qx + qy * qy) + 0.5, 0, 1);
        r *= cover;
        g *= cover;
        b *= cover;
        a *= cover;
      }
      if (a > 0.999) {
        outC[o] = r;
        outC[o + 1] = g;
        outC[o + 2] = b;
        continue;
      }
      // Soft drop shadow: the card's footprint shifted by (sdx, sdy), faded near its edges.
      let k = 1;
      const xs = x - sdx;
      const ys = y - sdy;
      const ws = h6 * xs + h7 * ys + 1;
      const us = (h0 * xs + h1 * ys + h2) / ws;
      const vs = (h3 * xs + h4 * ys + h5) / ws;
      const edgeDist = Math.min(us, cw - us, vs, ch - vs);
      if (edgeDist > -soft) k = 1 - shadowA * clamp((edgeDist + soft) / (2 * soft), 0, 1);
      const ka = k * (1 - a);
      outC[o] = out[o]! * ka + r;
      outC[o + 1] = out[o + 1]! * ka + g;
      outC[o + 2] = out[o + 2]! * ka + b;
    }
  }

  // A thumb holding the card at one edge, mostly outside it so fields stay visible.
  if (rng.chance(0.35 + 0.3 * strength)) {
    const e = rng.int(0, 3);
    const a = pts[e]!;
    const b = pts[(e + 1) % 4]!;
    const t = rng.range(0.25, 0.75);
    const mx = a[0] + (b[0] - a[0]) * t;
    const my = a[1] + (b[1] - a[1]) * t;
    const dirX = mx - (pts[0]![0] + pts[2]![0]) / 2;
    const dirY = my - (pts[0]![1] + pts[2]![1]) / 2;
    const len = Math.hypot(dirX, dirY);
    const rx = cardW * 0.055;
    const ry = cardW * 0.095;
    drawThumb(outC, W, H, {
      x: mx + (dirX / len) * ry * 0.7,
      y: my + (dirY / len) * ry * 0.7,
      // The thumb's long axis points from the card's centre outwards.
      ux: dirX / len,
      uy: dirY / len,
      rx,
      ry,
      rgb: hslToRgb(rng.range(15, 30), rng.range(0.3, 0.55), rng.range(0.35, 0.72)),
    });
  }
  let pipe = sharp(out, { raw: { width: W, height: H, channels: 3 } });
  if (rng.chance(0.35)) {
    // Motion blur: a short line kernel at a random angle.
    const k = 2 * rng.int(1, 1 + Math.round(2 * strength)) + 1;
    const th = rng.range(0, Math.PI);
    const kernel = new Array<number>(k * k).fill(0);
    for (let i = 0; i < k * 4; i++) {
      const t = i / (k * 4 - 1) - 0.5;
      const xx = Math.round((k - 1) / 2 + t * (k - 1) * Math.cos(th));
      const yy = Math.round((k - 1) / 2 + t * (k - 1) * Math.sin(th));
      kernel[yy * k + xx]! += 1;
    }
    pipe = pipe.convolve({ width: k, height: k, kernel, scale: k * 4 });
  } else {
    pipe = pipe.blur(0.3 + rng.range(0, 1.6) * strength);
  }
  const blurred = await pipe.raw().toBuffer();

  // Uneven light, a colour cast, glare spots and sensor noise, in one pass.
  const gx = rng.range(-0.35, 0.35) * (0.3 + strength);
  const gy = rng.range(-0.35, 0.35) * (0.3 + strength);
  const vignette = rng.range(0.05, 0.3);
  const warm = rng.range(-0.06, 0.08);
  const glares: { x: number; y: number; rx: number; ry: number; a: number }[] = [];
  const nGlare = rng.int(0, 1 + Math.round(strength * 1.5));
  for (let i = 0; i < nGlare; i++) {
    const p = pts[rng.int(0, 3)]!;
    const q = pts[(rng.int(0, 3) + 2) % 4]!;
    const t = rng.range(0.2, 0.8);
    glares.push({
      x: p[0] + (q[0] - p[0]) * t,
      y: p[1] + (q[1] - p[1]) * t,
      rx: cardW * rng.range(0.06, 0.2),
      ry: cardW * rng.range(0.04, 0.12),
      a: rng.range(0.25, 0.4 + 0.25 * strength),
    });
  }
  const noise = noiseSource(rng);
  const sigma = 2 + 9 * strength * rng.range(0.5, 1);
  const sigmaC = sigma * rng.range(0.2, 0.6);
  for (let y = 0; y < H; y++) {
    const ny = y / H - 0.5;
    for (let x = 0; x < W; x++) {
      const nx = x / W - 0.5;
      let light = 1 + gx * nx * 2 + gy * ny * 2 - vignette * (nx * nx + ny * ny) * 2;
      let glare = 0;
      for (let i = 0; i < glares.length; i++) {
        const gl = glares[i]!;
        const dx = (x - gl.x) / gl.rx;
        const dy = (y - gl.y) / gl.ry;
        const d2 = dx * dx + dy * dy;
        if (d2 < 9) glare += gl.a * Math.exp(-d2);
      }
      glare = Math.min(glare, 0.7);
      light = Math.max(0.35, light);
      const o = (y * W + x) * 3;
      const lum = noise() * sigma;
      const r = blurred[o]! * (1 + warm) * light;
      const g = blurred[o + 1]! * light;
      const b = blurred[o + 2]! * (1 - warm) * light;
      // Chroma noise pushes red and blue apart, as a Bayer sensor's does.
      const chroma = noise() * sigmaC;
      outC[o] = r + (255 - r) * glare + lum + chroma;
      outC[o + 1] = g + (255 - g) * glare + lum;
      outC[o + 2] = b + (255 - b) * glare + lum - chroma;
    }
  }
  return sharp(out, { raw: { width: W, height: H, channels: 3 } })
    .jpeg({ quality: Math.round(80 - 30 * strength * rng.range(0.6, 1)) })
    .toBuffer();
}
