import { describe, expect, it } from 'vitest';
import { isRectificationField, rectificationMessages } from './rectification';

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
});
