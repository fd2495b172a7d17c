/**
 * Keeps personal data out of logs. A URL is logged without its query string, and any path
 * segment that looks like a CPF, CNPJ (numeric or alphanumeric), phone number, CEP or e-mail
 * is replaced by ':redacted'.
 */
export function redactUrl(url: string): string {
  const path = url.split('?')[0] ?? '';
  return path
    .split('/')
    .map((segment) => (looksPersonal(safeDecode(segment)) ? ':redacted' : segment))
    .join('/');
}

function looksPersonal(segment: string): boolean {
  if (segment.includes('@')) return true;
  const compact = segment.replace(/[\s.\-/()+]/g, '');
  return /^\d{8,}$/.test(compact) || /^[0-9A-Z]{12}\d{2}$/i.test(compact);
}

function safeDecode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/** Log fields pino replaces with [redacted] wherever they appear. */
export const redactedLogPaths = [
  'req.headers.cookie',
  'req.headers.authorization',
  'res.headers["set-cookie"]',
  '*.cpf',
  '*.cnpj',
  '*.email',
  '*.telefone',
  '*.phone',
  '*.password',
  '*.body',
];
