import { z } from 'zod';
import { cepField, optionalText, requiredText, ufField } from './fields';
import { validationMessages as m } from './messages';

/** Address fields shared by the address step of both flows (the proof document differs). */
export const addressShape = {
  cep: cepField,
  logradouro: requiredText(m.logradouro),
  numero: requiredText(m.numero, 20),
  complemento: optionalText(),
  bairro: requiredText(m.bairro),
  cidade: requiredText(m.cidade),
  uf: ufField,
};

export const addressSchema = z.object(addressShape);
export type Address = z.infer<typeof addressSchema>;
