import { describe, expect, it } from 'vitest';
import { isRectificationField, joinLabels, rectificationMessages } from './rectification';

describe('rectification', () => {
  it('offers only the fields of its own flow', () => {
    expect(isRectificationField('PF', 'selfie')).toBe(true);
    expect(isRectificationField('PF', 'contratoSocial')).toBe(false);
    expect(isRectificationField('PJ', 'contratoSocial')).toBe(true);
    expect(isRectificationField('PJ', 'selfie')).toBe(false);
    expect(isRectificationField('PF', 'qualquer')).toBe(false);
  });

  it('counts the selected documents in the singular and the plural', () => {
    expect(rectificationMessages.selected(1)).toBe('1 documento selecionado para atualização');
    expect(rectificationMessages.selected(3)).toBe('3 documentos selecionados para atualização');
  });

  it('names the requested documents in Portuguese', () => {
    expect(joinLabels([])).toBe('');
    expect(joinLabels(['Selfie'])).toBe('Selfie');
    expect(joinLabels(['A', 'B', 'C'])).toBe('A, B e C');
    expect(rectificationMessages.missingRequested(['Selfie'])).toBe(
      'Envie o documento solicitado: Selfie',
    );
    expect(rectificationMessages.missingRequested(['Selfie', 'Comprovante de residência'])).toBe(
      'Envie os documentos solicitados: Selfie e Comprovante de residência',
    );
    expect(rectificationMessages.reason('Ilegível')).toBe('Motivo: Ilegível');
    expect(rectificationMessages.requestedIntro(['Selfie'])).toContain('de: Selfie.');
    expect(rectificationMessages.requestedIntro(['A', 'B'])).toContain('de: A e B.');
  });
});
