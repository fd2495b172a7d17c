import { describe, expect, it } from 'vitest';
import { cepLookupResultSchema, isActiveRegistration, lookupMessages } from './lookup';

describe('lookups', () => {
  it('treats only ATIVA as an active registration', () => {
    expect(isActiveRegistration('ATIVA')).toBe(true);
    expect(isActiveRegistration(' ativa ')).toBe(true);
    expect(isActiveRegistration('BAIXADA')).toBe(false);
    expect(isActiveRegistration('')).toBe(false);
  });

  it('words the warning for an inactive company and the spec messages', () => {
    expect(lookupMessages.inactiveRegistration('INAPTA')).toBe(
      'Atenção: a situação cadastral desta empresa na Receita Federal é INAPTA. Confira os dados antes de continuar.',
    );
    expect(lookupMessages.cepNotFound).toBe('CEP não encontrado');
    expect(lookupMessages.cnpjIncompleteHint).toBe('Digite um CNPJ válido para buscar os dados');
  });

  it('keeps only the address fields of the spec', () => {
    expect(
      cepLookupResultSchema.parse({
        logradouro: 'Praça da Sé',
        bairro: 'Sé',
        localidade: 'São Paulo',
        uf: 'SP',
        ibge: '1',
      }),
    ).toEqual({ logradouro: 'Praça da Sé', bairro: 'Sé', localidade: 'São Paulo', uf: 'SP' });
  });
});
