import { describe, expect, it } from 'vitest';
import {
  acceptAttribute,
  fileColumn,
  fileFieldLabel,
  fileFieldLabels,
  fileProblem,
  isAllowedType,
  pfFileFields,
  pjFileFields,
  rectificationFileFields,
} from './files';

const MB = 1024 * 1024;

describe('file checks before upload', () => {
  it('accepts PDF and images for documents, up to 10 MB', () => {
    expect(
      fileProblem('document', { name: 'rg.PDF', size: 10 * MB, type: 'application/pdf' }),
    ).toBeNull();
    for (const [name, type] of [
      ['a.jpg', 'image/jpeg'],
      ['a.jpeg', 'image/jpeg'],
      ['a.png', 'image/png'],
      ['a.webp', 'image/webp'],
    ] as const) {
      expect(fileProblem('document', { name, size: 100, type })).toBeNull();
    }
  });

  it('refuses a file over 10 MB or empty', () => {
    expect(
      fileProblem('document', { name: 'a.pdf', size: 10 * MB + 1, type: 'application/pdf' }),
    ).toBe('Arquivo deve ter até 10MB');
    expect(fileProblem('document', { name: 'a.pdf', size: 0, type: 'application/pdf' })).toBe(
      'O arquivo está vazio',
    );
  });

  it('refuses a type or an extension outside the rule of the field', () => {
    expect(fileProblem('document', { name: 'a.gif', size: 1, type: 'image/gif' })).toBe(
      'Formato não aceito. Envie um arquivo PDF, JPG, JPEG, PNG ou WEBP',
    );
    expect(fileProblem('document', { name: 'a.exe', size: 1, type: 'application/pdf' })).toBe(
      'Formato não aceito. Envie um arquivo PDF, JPG, JPEG, PNG ou WEBP',
    );
    expect(
      fileProblem('document', { name: 'semextensao', size: 1, type: 'application/pdf' }),
    ).not.toBeNull();
    expect(fileProblem('pdf', { name: 'contrato.png', size: 1, type: 'image/png' })).toBe(
      'Formato não aceito. Envie um arquivo PDF',
    );
    expect(fileProblem('image', { name: 'selfie.pdf', size: 1, type: 'application/pdf' })).toBe(
      'Formato não aceito. Envie uma imagem JPG, JPEG, PNG ou WEBP',
    );
  });

  it('gives the accept attribute of each kind', () => {
    expect(acceptAttribute('pdf')).toBe('.pdf,application/pdf');
    expect(acceptAttribute('image')).toBe('.jpg,.jpeg,.png,.webp,image/jpeg,image/png,image/webp');
  });

  it('checks a type detected from content', () => {
    expect(isAllowedType('pdf', 'application/pdf')).toBe(true);
    expect(isAllowedType('pdf', 'image/jpeg')).toBe(false);
    expect(isAllowedType('image', 'image/webp')).toBe(true);
  });
});

describe('document fields', () => {
  it('apply the per-field rules of the spec', () => {
    expect(pjFileFields.contratoSocial).toBe('pdf');
    expect(pfFileFields.selfie).toBe('image');
    expect(pfFileFields.selfieDoc).toBe('image');
    expect(pfFileFields.comprovanteResidencia).toBe('document');
  });

  it('map each field to its column', () => {
    expect(fileColumn('docIdentidadeFrente')).toBe('doc_identidade_frente_url');
    expect(fileColumn('selfieDoc')).toBe('selfie_doc_url');
    expect(fileColumn('cartaoCnpj')).toBe('cartao_cnpj_url');
    expect(fileColumn('cnesDocumento')).toBe('cnes_documento_url');
  });

  it('name every field of both flows, and an unknown one by itself', () => {
    for (const field of [...Object.keys(pfFileFields), ...Object.keys(pjFileFields)]) {
      expect(fileFieldLabel(field)).toBe(fileFieldLabels[field as keyof typeof fileFieldLabels]);
    }
    expect(fileFieldLabel('selfie')).toBe('Selfie');
    expect(fileFieldLabel('cartaoCnpj')).toBe('Cartão CNPJ');
    expect(fileFieldLabel('outro')).toBe('outro');
    expect(fileFieldLabel('toString')).toBe('toString');
  });

  it('list what the rectification page can replace', () => {
    expect(rectificationFileFields.PF).toEqual([
      'docIdentidadeFrente',
      'docIdentidadeVerso',
      'comprovanteResidencia',
      'selfie',
    ]);
    expect(rectificationFileFields.PJ).toEqual([
      'contratoSocial',
      'cartaoCnpj',
      'comprovanteEndereco',
      'responsavelDocFrente',
    ]);
  });
});
