import { describe, expect, it } from 'vitest';
import { confidentFields } from './extraction.service';
import { detectKind, parseIdentity, type OcrLine } from './identity-fields';

const read = (text: string, confidence = 0.9): OcrLine[] =>
  text
    .trim()
    .split('\n')
    .map((line) => ({ text: line.trim(), confidence }));

describe('identity document fields', () => {
  it('reads an old RG: number, issuing body and state, no expiry', () => {
    const lines = read(`
      REPÚBLICA FEDERATIVA DO BRASIL
      SECRETARIA DA SEGURANÇA PÚBLICA - SP
      REGISTRO GERAL 12.345.678-9
      NOME MARIA DA SILVA
      ÓRGÃO EXPEDIDOR SSP/SP`);
    expect(parseIdentity(lines)).toEqual({
      kind: 'RG',
      nome: { value: 'MARIA DA SILVA', confidence: 0.9 },
      numero: { value: '12.345.678-9', confidence: 0.9 },
      orgao: { value: 'SSP', confidence: 0.9 },
      uf: { value: 'SP', confidence: 0.9 },
      validade: null,
    });
  });

  it('reads a CIN, whose number is the CPF', () => {
    const lines = read(`
      CARTEIRA DE IDENTIDADE NACIONAL
      Nome
      JOÃO PEREIRA LIMA
      CPF 529.982.247-25
      Validade 10/05/2035
      Órgão Expedidor SSP/RJ`);
    const result = parseIdentity(lines);
    expect(result.kind).toBe('CIN');
    expect(result.nome?.value).toBe('JOAO PEREIRA LIMA');
    expect(result.numero?.value).toBe('52998224725');
    expect(result.validade?.value).toBe('10/05/2035');
    expect(result.uf?.value).toBe('RJ');
  });

  it('reads a CNH: register number, DETRAN and expiry', () => {
    const lines = read(`
      CARTEIRA NACIONAL DE HABILITAÇÃO
      NOME ANA GOMES ALVES
      Nº REGISTRO 00995456774
      VALIDADE 02/11/2030
      DETRAN - GO`);
    expect(parseIdentity(lines)).toMatchObject({
      kind: 'CNH',
      numero: { value: '00995456774' },
      orgao: { value: 'DETRAN' },
      uf: { value: 'GO' },
      validade: { value: '02/11/2030' },
    });
  });

  it('leaves what it cannot find empty', () => {
    expect(parseIdentity(read('FOTO DE UM GATO\nSEM DOCUMENTO'))).toEqual({
      kind: null,
      nome: null,
      numero: null,
      orgao: null,
      uf: null,
      validade: null,
    });
    expect(detectKind('qualquer texto')).toBeNull();
  });

  it('drops fields read with low confidence, for the applicant to type', () => {
    const lines = [
      { text: 'CARTEIRA NACIONAL DE HABILITAÇÃO', confidence: 0.95 },
      { text: 'NOME ANA GOMES ALVES', confidence: 0.95 },
      { text: 'VALIDADE 02/11/2030', confidence: 0.4 },
    ];
    const fields = confidentFields(parseIdentity(lines));
    expect(fields.nome?.value).toBe('ANA GOMES ALVES');
    expect(fields.validade).toBeNull();
  });
});
