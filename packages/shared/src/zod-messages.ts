/**
 * zod's messages in Portuguese, for every rule that has no message of its own. Importing this
 * module sets zod's global error map (fields.ts imports it, so every form schema has it; the API's
 * error handler imports it too). A message given by a schema (the spec's, in messages.ts) always
 * wins over this map; this map wins over zod's locale (English).
 *
 * zod ships a `pt` locale, but it is European Portuguese ('ficheiro', 'Demasiado grande') and
 * shows internals to the user (`esperava que o texto tivesse <= 100 caracteres`, regex sources,
 * the list of accepted values), so the product has its own short pt-BR messages.
 */
import { z } from 'zod';
import { fallbackMessages as f, validationMessages as m } from './messages';

type Issue = Parameters<z.core.$ZodErrorMap>[0];

const count = (value: number | bigint) => Number(value);

function tooSmall(issue: Extract<Issue, { code: 'too_small' }>): string {
  const min = count(issue.minimum);
  switch (issue.origin) {
    case 'string':
      if (issue.exact) return f.exactLength(min);
      return min <= 1 ? f.required : f.tooShort(min);
    case 'number':
    case 'int':
    case 'bigint':
      return issue.inclusive === false ? f.numberAbove(min) : f.numberTooSmall(min);
    case 'array':
    case 'set':
      return min <= 1 ? f.required : f.tooFewItems(min);
    default:
      return f.invalid;
  }
}

function tooBig(issue: Extract<Issue, { code: 'too_big' }>): string {
  const max = count(issue.maximum);
  switch (issue.origin) {
    case 'string':
      return issue.exact ? f.exactLength(max) : m.tooLong(max);
    case 'number':
    case 'int':
    case 'bigint':
      return issue.inclusive === false ? f.numberBelow(max) : f.numberTooBig(max);
    case 'array':
    case 'set':
      return f.tooManyItems(max);
    case 'file':
      return m.fileTooLarge;
    default:
      return f.invalid;
  }
}

/** The product's Portuguese message for an issue zod raised without one. */
export const portugueseErrorMap: z.core.$ZodErrorMap = (issue) => {
  switch (issue.code) {
    case 'invalid_type':
      return issue.input === undefined || issue.input === null ? f.required : f.invalid;
    case 'invalid_value':
      return f.option;
    case 'too_small':
      return tooSmall(issue);
    case 'too_big':
      return tooBig(issue);
    case 'invalid_format':
      return issue.format === 'email' ? m.email : f.format;
    case 'unrecognized_keys':
      return f.unknownFields;
    default:
      return f.invalid;
  }
};

z.config({ customError: portugueseErrorMap });
