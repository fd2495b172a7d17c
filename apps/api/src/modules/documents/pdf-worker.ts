/**
 * The worker thread that disarms uploaded PDFs (pdf-workers.ts starts it): one file at a time,
 * received and answered as transferred bytes, so the parsing and drawing never run on the event
 * loop that answers requests.
 */
import { parentPort } from 'node:worker_threads';
import { disarmPdf } from './pdf-rebuild';

const port = parentPort;
if (!port) throw new Error('pdf-worker.ts runs only as a worker thread');

port.on('message', (data: Uint8Array) => {
  void disarmPdf(data).then(
    (outcome) => {
      if (outcome.verdict === 'rebuilt')
        port.postMessage(outcome, [outcome.data.buffer as ArrayBuffer]);
      else port.postMessage(outcome);
    },
    () => port.postMessage({ verdict: 'unreadable' }),
  );
});
