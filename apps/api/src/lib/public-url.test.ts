import { describe, expect, it } from 'vitest';
import { isLoopbackUrl, publicUrlWarning } from './public-url';

describe('PUBLIC_URL on this computer only', () => {
  it.each([
    'http://localhost:3000',
    'http://LOCALHOST',
    'http://app.localhost:8080',
    'http://127.0.0.1:3000',
    'http://127.1.2.3',
    'http://0.0.0.0:3000',
    'http://[::1]:3000',
  ])('%s is a loopback address', (url) => {
    expect(isLoopbackUrl(url)).toBe(true);
  });

  it.each([
    'https://portal.medipay.com.br',
    'http://192.168.0.10:3000',
    'http://10.0.0.2',
    'http://localhost.example.com',
    'http://[2001:db8::1]:3000',
    'not a url',
  ])('%s is not', (url) => {
    expect(isLoopbackUrl(url)).toBe(false);
  });

  it('warns at start-up, with the fix for production or for a local trial', () => {
    expect(publicUrlWarning('https://portal.medipay.com.br', true)).toBeNull();
    const production = publicUrlWarning('http://localhost:3000', true);
    expect(production).toContain('PUBLIC_URL é http://localhost:3000');
    expect(production).toContain('Em produção, defina PUBLIC_URL');
    expect(publicUrlWarning('http://localhost:3000', false)).toContain('http://192.168.0.10:3000');
  });
});
