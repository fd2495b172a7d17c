import { zodResolver } from '@hookform/resolvers/zod';
import type { FieldValues, Resolver } from 'react-hook-form';
import type { z } from 'zod';

/**
 * A react-hook-form resolver from a shared schema. The forms hold what the applicant types
 * (strings, masks), the schemas parse it into stored forms: the form's values are typed as typed,
 * and the parsed output is not used by the forms (the server parses again).
 */
export function schemaResolver<Values extends FieldValues>(schema: z.ZodType): Resolver<Values> {
  return zodResolver(schema as never) as unknown as Resolver<Values>;
}
