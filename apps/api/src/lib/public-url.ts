import { isIP } from 'node:net';

/**
 * Whether a URL points at the machine it is opened on (localhost, 127.0.0.0/8, ::1, 0.0.0.0):
 * a link to it opened on another device, a phone scanning the QR code of 'Continuar no
 * celular', reaches that device itself and not this server.
 */
export function isLoopbackUrl(url: string): boolean {
  let host: string;
  try {
    host = new URL(url).hostname.toLowerCase();
  } catch {
    return false;
  }
  if (host.startsWith('[') && host.endsWith(']')) host = host.slice(1, -1);
  if (host === 'localhost' || host.endsWith('.localhost')) return true;
  if (isIP(host) === 4) return host.startsWith('127.') || host === '0.0.0.0';
  if (isIP(host) === 6) return host === '::1' || host === '::' || /^::ffff:127\./.test(host);
  return false;
}

/**
 * The start-up warning when PUBLIC_URL (or its default, http://localhost:PORT) is a loopback
 * address: the links that leave this computer cannot work. Null when it is not.
 */
export function publicUrlWarning(publicUrl: string, production: boolean): string | null {
  if (!isLoopbackUrl(publicUrl)) return null;
  return (
    `PUBLIC_URL é ${publicUrl}, um endereço deste computador: o QR code de 'Continuar no ` +
    `celular' não abre em um celular, que tentaria acessar a si mesmo. ` +
    (production
      ? 'Em produção, defina PUBLIC_URL com o endereço público do portal (https://...).'
      : 'Para testar com um celular, defina PUBLIC_URL com o endereço deste computador na rede ' +
        '(ex.: http://192.168.0.10:3000).')
  );
}
