/** Inputs of the back-office decisions and of the rectification page. */
import { z } from 'zod';
import { optionalLongText, requiredLongText } from './fields';
import { validationMessages as m } from './messages';

/** 'Em Exigência': the requirements text, non-blank. */
export const requestChangesSchema = z.object({
  exigencias: requiredLongText(m.exigencias),
});

/** 'Negar': the reason, non-blank. */
export const denySchema = z.object({ motivo: requiredLongText(m.motivoNegacao) });

/** Rectification: a justification or at least one replaced document. */
export const rectificationSchema = z
  .object({
    justificativa: optionalLongText(),
    replacedDocuments: z.number().int().min(0),
  })
  .refine((value) => Boolean(value.justificativa) || value.replacedDocuments > 0, {
    error: m.rectification,
  });

export type RequestChanges = z.infer<typeof requestChangesSchema>;
export type Deny = z.infer<typeof denySchema>;
export type Rectification = z.infer<typeof rectificationSchema>;
