import type { Writable } from 'node:stream';

/**
 * Development logs for people: each pino JSON record becomes one short line,
 * `12:04:31 WARN  message  key=value …`, with an error's stack under it. Production keeps JSON
 * (one record per line, for the log collector).
 */
const levelNames: Record<number, string> = {
  10: 'TRACE',
  20: 'DEBUG',
  30: 'INFO ',
  40: 'WARN ',
  50: 'ERROR',
  60: 'FATAL',
};

/** Fields every record carries, or that the line shows elsewhere. */
const omitted = new Set(['level', 'time', 'pid', 'hostname', 'msg', 'err', 'reqId']);

function formatValue(value: unknown): string {
  if (typeof value === 'string') return /[\s"=]/.test(value) ? JSON.stringify(value) : value;
  return JSON.stringify(value);
}

export function formatLogLine(json: string): string {
  let record: Record<string, unknown>;
  try {
    record = JSON.parse(json) as Record<string, unknown>;
  } catch {
    return json;
  }
  const time = new Date(typeof record.time === 'number' ? record.time : Date.now());
  const clock = time.toTimeString().slice(0, 8);
  const level = levelNames[record.level as number] ?? String(record.level);
  const fields = Object.entries(record)
    .filter(([key, value]) => !omitted.has(key) && value !== undefined)
    .map(([key, value]) => `${key}=${formatValue(value)}`);
  const line = [clock, level, record.msg ?? '', ...fields].filter((part) => part !== '').join('  ');
  const error = record.err as { stack?: string; message?: string } | undefined;
  const detail = error ? `\n${error.stack ?? error.message ?? formatValue(error)}` : '';
  return `${line}${detail}\n`;
}

/** A pino destination that writes readable lines to `out` (standard output by default). */
export function readableLogStream(out: Pick<Writable, 'write'> = process.stdout) {
  return {
    write(chunk: string) {
      for (const json of chunk.split('\n')) if (json.trim() !== '') out.write(formatLogLine(json));
    },
  };
}
