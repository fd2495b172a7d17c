// The PDF worker thread when the server runs from its TypeScript sources (development, tests):
// tsx is registered in the thread before the worker's module loads. Node 20 does not apply a
// `--import tsx` given in a worker's execArgv to the worker's own entry module.
import { register } from 'tsx/esm/api';

register();
await import('./pdf-worker.ts');
