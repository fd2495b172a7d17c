import { describe, expect, it } from 'vitest';
import { redactUrl } from './redact';

describe('redactUrl', () => {
  it.each([
    ['/api/x/123.456.789-09', '/api/x/:redacted'],
    ['/api/x/12345678909', '/api/x/:redacted'],
    ['/api/cnpj/12.345.678%2F0001-95', '/api/cnpj/:redacted'],
    ['/api/cnpj/12ABC34501DE35', '/api/cnpj/:redacted'],
    ['/api/cep/01001-000', '/api/cep/:redacted'],
    ['/api/u/ana%40example.com/x', '/api/u/:redacted/x'],
    ['/api/search?q=123.456.789-09', '/api/search'],
  ])('redacts %s', (url, expected) => {
    expect(redactUrl(url)).toBe(expected);
  });

  it.each([
    '/assets/index-BfX8a9Zc.js',
    '/onboarding/admin/4b1c7c2e-8f0a-4d7e-9a57-0c3f1e2d5b6a',
    '/api/health/ready',
  ])('keeps %s', (url) => {
    expect(redactUrl(url)).toBe(url);
  });
});
