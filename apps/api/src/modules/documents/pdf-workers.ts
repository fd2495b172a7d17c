import { Worker } from 'node:worker_threads';
import { createSemaphore } from '../../lib/semaphore';
import type { PdfDisarm } from './pdf-rebuild';

/**
 * Worker threads that disarm uploaded PDFs (pdf-worker.ts), so that parsing a PDF of 180,000
 * objects or drawing fifty pages never holds the event loop: while they work, the process still
 * answers `/api/health` and every other request (`npm run bench -- pdf-uploads`).
 *
 * At most `size` files are worked on at once in this process (on two cores, one leaves a core to
 * the event loop), each within `timeoutMs`: a file still in work then has its worker stopped and
 * is refused. At most `maxWaiting` more wait their turn; beyond that an upload is answered at once
 * with 'busy' rather than holding its bytes in memory.
 */
export type PdfWorkers = {
  disarm: (data: Uint8Array) => Promise<PdfDisarm>;
  /** Stops the idle and working threads (the jobs in work are answered 'unreadable'). */
  close: () => Promise<void>;
};

export type PdfWorkerOptions = { size: number; timeoutMs: number; maxWaiting: number };

export const defaultPdfWorkerOptions: PdfWorkerOptions = {
  size: 1,
  timeoutMs: 30_000,
  maxWaiting: 8,
};

/**
 * The worker's script: the bundled server (apps/api/dist/server.mjs) has it bundled beside it as
 * pdf-worker.mjs (scripts/server-build.mjs); development and tests run the TypeScript source
 * through tsx, as the process itself does (pdf-worker.dev.mjs).
 */
const workerScript = new URL(
  import.meta.url.endsWith('.ts') ? './pdf-worker.dev.mjs' : './pdf-worker.mjs',
  import.meta.url,
);

export function createPdfWorkers(options: PdfWorkerOptions = defaultPdfWorkerOptions): PdfWorkers {
  const { size, timeoutMs, maxWaiting } = options;
  const idle: Worker[] = [];
  const running = new Set<Worker>();
  const slot = createSemaphore(size);
  let queued = 0;

  const spawn = () => {
    const worker = new Worker(workerScript, {
      // The V8 heap of a worker; PDFium's WebAssembly memory is apart and bounded by the page cap.
      resourceLimits: { maxOldGenerationSizeMb: 512 },
    });
    // An idle worker never keeps the process alive; a job in work holds its timer, which does.
    worker.unref();
    worker.once('exit', () => {
      const index = idle.indexOf(worker);
      if (index >= 0) idle.splice(index, 1);
    });
    return worker;
  };

  const run = (data: Uint8Array) =>
    new Promise<PdfDisarm>((resolve) => {
      const worker = idle.pop() ?? spawn();
      running.add(worker);
      const finish = (outcome: PdfDisarm, reusable: boolean) => {
        clearTimeout(timer);
        worker.off('message', onMessage);
        worker.off('error', onFailure);
        worker.off('exit', onFailure);
        running.delete(worker);
        if (reusable) idle.push(worker);
        else void worker.terminate();
        resolve(outcome);
      };
      const onMessage = (outcome: PdfDisarm) => finish(outcome, true);
      const onFailure = () => finish({ verdict: 'unreadable' }, false);
      const timer = setTimeout(() => finish({ verdict: 'too-slow' }, false), timeoutMs);
      worker.on('message', onMessage);
      worker.once('error', onFailure);
      worker.once('exit', onFailure);
      // A copy the worker owns: the upload's buffer may be a view on a larger shared one.
      const copy = new Uint8Array(data);
      worker.postMessage(copy, [copy.buffer]);
    });

  return {
    disarm: async (data) => {
      if (queued >= size + maxWaiting) return { verdict: 'busy' };
      queued += 1;
      try {
        return await slot(() => run(data));
      } finally {
        queued -= 1;
      }
    },
    close: async () => {
      const workers = [...idle, ...running];
      idle.length = 0;
      await Promise.all(workers.map((worker) => worker.terminate()));
    },
  };
}

/** The process's workers, made on the first PDF: the cap is per process, not per app instance. */
let shared: PdfWorkers | undefined;
export function sharedPdfWorkers(): PdfWorkers {
  shared ??= createPdfWorkers();
  return shared;
}
