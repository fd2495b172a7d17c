// Whether the API keeps answering while it disarms large PDFs (issue [23], item 1: a 9.4 MB PDF of
// 180,000 objects took 4.9 s of CPU on the event loop, and four at once held /api/health up to
// 1.95 s). Uploaded PDFs are now checked and rebuilt in a worker thread (pdf-workers.ts: one at a
// time per process, 30 s each at most, 8 more waiting), so the event loop should only receive the
// bodies, hash them and store and record the rebuilt file. The real server runs from source on
// PGlite in a temporary DATA_DIR (upload-server.ts); each scenario runs on a freshly started server
// (the same DATA_DIR), makes four applicant sessions through the API and sends four uploads at
// once, one per session, to POST /api/applicant/PF/documents/comprovanteResidencia, while
// GET /api/health is sent every 25 ms, from the start of the uploads until every upload answered,
// each on its own without waiting for the previous one, and timed from this process.
//
//   a. 4 × a PDF of one page and 180,000 tiny indirect objects (`n 0 obj<</K m 0 R>>endobj`,
//      chains of 425 hung from an array in the catalog, so that every one is reachable), with a
//      correct xref table: 9.4 MiB, under MAX_UPLOAD_BYTES. The worst a parser sees within the
//      size limit; whether the server accepts it or not, the health timing is what is measured.
//   b. 4 × a PDF of MAX_PDF_PAGES (50) A4 pages of text and shapes made with pdf-lib, expected 201:
//      the heaviest legitimate rendering (every page drawn at 200 DPI and encoded as JPEG).
//
// Budget (the requirement of the issue): every health request answered 200 in under 100 ms while
// the four PDFs are processed, and the uploads answered as expected: scenario a either accepted or
// refused the way the PDF intake refuses (413, 415, 503; not a 500 nor a lost connection), since
// the health timing is what it measures; scenario b accepted. Printed as within budget yes/no,
// never asserted in tests. `npm run bench -- pdf-uploads`.
//
// A second table says where the time went (from /proc, Linux): the server's CPU time, all threads,
// and its main thread's, on a CPU and ready to run but waiting for one. A health time over budget
// with little event-loop CPU and much waiting is a machine too busy to run the server (the PDF
// worker itself takes one of two cores), not work on the event loop. The health times are taken in
// this process: its own event loop's longest delay over the scenario is in them too.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { PDFDocument, StandardFonts, rgb } from 'pdf-lib';
import { MAX_PDF_PAGES, MAX_UPLOAD_BYTES } from '@medipay/shared/constants';
import { freePort, printTable } from './lib.mjs';
import {
  call,
  closeConnections,
  createSessions,
  percentile,
  startSourceServer,
  statusCounts,
  upload,
  type Answer,
} from './upload-server';

const parallel = 4;
const healthEveryMs = 25;
const budgetHealthMs = 100;
const field = 'comprovanteResidencia';
const manyObjects = 180_000;
const chainLength = 425;

type Scenario = {
  name: string;
  /** What the file holds, such as "180,000 objects, 1 page". */
  content: string;
  file: Buffer;
  /** The statuses every upload may get, as printed, and their test. */
  expected: string;
  answeredAsExpected: (status: number) => boolean;
};

/** 201, or one of the refusals the PDF intake gives (too large, unreadable or too slow, busy). */
const acceptedOrRefused = (status: number) => [201, 413, 415, 503].includes(status);

/**
 * One A4 page (a rectangle and a line of text) and `count` tiny dictionaries, each pointing to the
 * next in chains of `chainLength`, the chains' heads in the catalog's /Bench array; written byte by
 * byte with its xref table, straight into one buffer (no string of 9 MB nor 360,000 pieces left for
 * this process's garbage collector to meet while it times the health requests).
 */
function pdfWithManyObjects(count: number): Buffer {
  const out = Buffer.alloc(MAX_UPLOAD_BYTES);
  let length = 0;
  const write = (text: string) => {
    length += out.write(text, length, 'latin1');
    if (length >= out.length) throw new Error('the PDF of many objects is over MAX_UPLOAD_BYTES');
  };
  const offsets: number[] = [];
  const add = (objectNumber: number, body: string) => {
    offsets[objectNumber] = length;
    write(`${objectNumber} 0 obj\n${body}\nendobj\n`);
  };
  const first = 6; // 1 catalog, 2 pages, 3 page, 4 content, 5 font
  const last = first + count - 1;
  const heads: string[] = [];
  for (let n = first; n <= last; n += chainLength) heads.push(`${n} 0 R`);
  const content = 'BT /F1 24 Tf 72 760 Td (Comprovante de residencia) Tj ET 72 700 451 2 re f';
  write('%PDF-1.7\n');
  add(1, `<< /Type /Catalog /Pages 2 0 R /Bench [${heads.join(' ')}] >>`);
  add(2, '<< /Type /Pages /Kids [3 0 R] /Count 1 >>');
  add(
    3,
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
  );
  add(4, `<< /Length ${content.length} >>\nstream\n${content}\nendstream`);
  add(5, '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>');
  for (let n = first; n <= last; n += 1) {
    // Objects take the shortest form past this point: 9.4 MiB is all the size limit leaves.
    const endOfChain = (n - first + 1) % chainLength === 0 || n === last;
    offsets[n] = length;
    write(`${n} 0 obj<</K ${endOfChain ? '0' : `${n + 1} 0 R`}>>endobj\n`);
  }
  const xrefAt = length;
  write(`xref\n0 ${last + 1}\n0000000000 65535 f \n`);
  for (let n = 1; n <= last; n += 1) write(`${String(offsets[n]).padStart(10, '0')} 00000 n \n`);
  write(`trailer\n<< /Size ${last + 1} /Root 1 0 R >>\nstartxref\n${xrefAt}\n%%EOF\n`);
  return Buffer.from(out.subarray(0, length));
}

/** `pages` A4 pages, each with a heading, a paragraph, a table of rectangles and a circle. */
async function longPdf(pages: number): Promise<Buffer> {
  const document = await PDFDocument.create();
  const font = await document.embedFont(StandardFonts.Helvetica);
  const bold = await document.embedFont(StandardFonts.HelveticaBold);
  for (let index = 1; index <= pages; index += 1) {
    const page = document.addPage([595.28, 841.89]);
    page.drawText(`Extrato de consumo - pagina ${index} de ${pages}`, {
      x: 56,
      y: 780,
      size: 18,
      font: bold,
    });
    for (let line = 0; line < 30; line += 1) {
      page.drawText(
        `${String(line + 1).padStart(2, '0')}/03/2025  Fornecimento de energia eletrica, leitura ${1000 + index * 30 + line} kWh  R$ ${(line * 13.37 + index).toFixed(2)}`,
        { x: 56, y: 740 - line * 16, size: 9, font, color: rgb(0.1, 0.1, 0.1) },
      );
    }
    for (let column = 0; column < 6; column += 1) {
      page.drawRectangle({
        x: 56 + column * 80,
        y: 160,
        width: 70,
        height: 40 + ((index * 7 + column * 13) % 60),
        color: rgb(0.2 + column * 0.1, 0.4, 0.7 - column * 0.08),
        borderColor: rgb(0, 0, 0),
        borderWidth: 1,
      });
    }
    page.drawCircle({ x: 480, y: 90, size: 40, borderColor: rgb(0.8, 0.1, 0.1), borderWidth: 3 });
    page.drawLine({ start: { x: 56, y: 120 }, end: { x: 420, y: 120 }, thickness: 2 });
  }
  return Buffer.from(await document.save());
}

async function scenarios(): Promise<Scenario[]> {
  const list: Scenario[] = [
    {
      name: 'a. 180,000 objects',
      content: `${manyObjects.toLocaleString('en')} objects, 1 page`,
      file: pdfWithManyObjects(manyObjects),
      expected: '201, 413, 415 or 503',
      answeredAsExpected: acceptedOrRefused,
    },
    {
      name: `b. ${MAX_PDF_PAGES} pages`,
      content: `${MAX_PDF_PAGES} pages`,
      file: await longPdf(MAX_PDF_PAGES),
      expected: '201',
      answeredAsExpected: (status) => status === 201,
    },
  ];
  for (const scenario of list) {
    if (scenario.file.length > MAX_UPLOAD_BYTES)
      throw new Error(`${scenario.name}: ${scenario.file.length} B is over MAX_UPLOAD_BYTES`);
  }
  return list;
}

type Timing = { status: number; ms: number };

/** GET /api/health every `healthEveryMs` until `stop`, which resolves with every answer. */
function pollHealth(port: number) {
  const pending: Promise<Timing>[] = [];
  const ask = () => {
    const started = performance.now();
    pending.push(
      call(port, 'GET', '/api/health', {}).then(
        ({ status }) => ({ status, ms: performance.now() - started }),
        () => ({ status: -1, ms: performance.now() - started }),
      ),
    );
  };
  ask();
  const timer = setInterval(ask, healthEveryMs);
  return () => {
    clearInterval(timer);
    return Promise.all(pending);
  };
}

type CpuTimes = { process: number; eventLoop: number; eventLoopWaiting: number } | null;

/**
 * The server's CPU time so far (all its threads), and its main thread's (the event loop's) time on
 * a CPU and time ready to run but waiting for one, in ms, from /proc (Linux); null elsewhere. When
 * the health times are over budget, they tell the event loop's own work from a machine too busy to
 * run it.
 */
function cpuTimes(pid: number): CpuTimes {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    // utime and stime, in clock ticks: 100 a second (USER_HZ) on Linux.
    const processMs = (Number(fields[11]) + Number(fields[12])) * 10;
    const [onCpu, waiting] = readFileSync(`/proc/${pid}/task/${pid}/schedstat`, 'utf8')
      .split(' ')
      .map(Number);
    return { process: processMs, eventLoop: onCpu! / 1e6, eventLoopWaiting: waiting! / 1e6 };
  } catch {
    return null;
  }
}

const ms = (value: number) => value.toFixed(0);
const size = (bytes: number) =>
  bytes < 1024 * 1024
    ? `${(bytes / 1024).toFixed(0)} KiB`
    : `${(bytes / 1024 / 1024).toFixed(1)} MiB`;

/** What the uploads not answered as expected said, one line per distinct answer. */
function unexpected(scenario: Scenario, answers: Answer[]): string[] {
  const lines = new Set<string>();
  for (const answer of answers) {
    if (answer.status !== 201) lines.add(`${answer.status} ${answer.text}`.trim());
  }
  return [...lines].map((line) => `${scenario.name}: ${line}`);
}

/** One scenario on a fresh server: sessions, then four uploads at once while health is polled. */
async function measure(scenario: Scenario, dataDir: string) {
  const port = await freePort();
  const server = await startSourceServer(port, dataDir);
  try {
    const cookies = await createSessions(port, parallel);
    // A second of quiet, as the uploads benchmark gives: what the start left to do is not counted.
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const cpuBefore = cpuTimes(server.pid);
    // Each upload builds and sends its body before its first await: the polling starts once the
    // four are on their way, so that copying 4 × 9 MB here is not counted in the first health time.
    const uploads = cookies.map((cookie) =>
      upload(port, cookie, {
        field,
        fileName: 'comprovante.pdf',
        mimeType: 'application/pdf',
        file: scenario.file,
      }),
    );
    const ownDelay = monitorEventLoopDelay({ resolution: 10 });
    ownDelay.enable();
    const stopHealth = pollHealth(port);
    const answers = await Promise.all(uploads);
    const health = await stopHealth();
    const cpuAfter = cpuTimes(server.pid);
    ownDelay.disable();
    const cpu = (key: keyof NonNullable<CpuTimes>) =>
      cpuBefore && cpuAfter ? ms(cpuAfter[key] - cpuBefore[key]) : '-';
    if (!server.alive()) throw new Error(`the server died during ${scenario.name}`);
    const uploadTimes = answers.map((answer) => answer.ms).sort((a, b) => a - b);
    const healthTimes = health.map((answer) => answer.ms).sort((a, b) => a - b);
    const answeredAsExpected = answers.every((answer) =>
      scenario.answeredAsExpected(answer.status),
    );
    const healthy = health.every((answer) => answer.status === 200);
    const healthMax = healthTimes.at(-1) ?? 0;
    const withinBudget = answeredAsExpected && healthy && healthMax < budgetHealthMs;
    return {
      withinBudget,
      notes: unexpected(scenario, answers),
      row: [
        scenario.name,
        size(scenario.file.length),
        scenario.content,
        scenario.expected,
        statusCounts(answers),
        ms(percentile(uploadTimes, 0.5)),
        ms(uploadTimes.at(-1) ?? 0),
        String(health.length),
        healthy ? '200' : statusCounts(health),
        ms(percentile(healthTimes, 0.5)),
        ms(percentile(healthTimes, 0.95)),
        ms(healthMax),
        withinBudget ? 'yes' : 'no',
      ],
      cpuRow: [
        scenario.name,
        cpu('process'),
        cpu('eventLoop'),
        cpu('eventLoopWaiting'),
        ms(ownDelay.max / 1e6),
        loadavg()[0]!.toFixed(1),
      ],
    };
  } finally {
    await server.stop();
  }
}

const list = await scenarios();
const dataDir = mkdtempSync(join(tmpdir(), 'medipay-bench-pdf-uploads-'));
let allOk = true;
const rows: string[][] = [];
const cpuRows: string[][] = [];
const notes: string[] = [];
try {
  process.stdout.write(
    `${parallel} PDF uploads at once per scenario to POST /api/applicant/PF/documents/${field}, one per applicant session, each scenario on a freshly started server, while GET /api/health is sent every ${healthEveryMs} ms until every upload answered. Budget: every health request answered 200 in under ${budgetHealthMs} ms, and the uploads answered as expected.\n\n`,
  );
  for (const scenario of list) {
    const result = await measure(scenario, dataDir);
    rows.push(result.row);
    cpuRows.push(result.cpuRow);
    notes.push(...result.notes);
    allOk = result.withinBudget && allOk;
  }
} finally {
  rmSync(dataDir, { recursive: true, force: true });
  closeConnections();
}
printTable(
  [
    'scenario',
    'file',
    'content',
    'expected',
    'upload statuses',
    'upload p50 ms',
    'upload max ms',
    'health requests',
    'health statuses',
    'health p50 ms',
    'health p95 ms',
    'health max ms',
    'within budget',
  ],
  rows,
);
process.stdout.write(
  `Where the time went, from the start of the uploads until every upload answered (${availableParallelism()} CPUs):\n\n`,
);
printTable(
  [
    'scenario',
    'server CPU ms (all threads)',
    'event loop CPU ms',
    'event loop waiting for a CPU ms',
    'bench event loop delay max ms',
    'load average (1 min) after',
  ],
  cpuRows,
);
if (notes.length > 0) process.stdout.write(`Answers other than 201:\n${notes.join('\n')}\n\n`);
process.exit(allOk ? 0 : 1);
