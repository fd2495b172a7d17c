import { type z } from 'zod';

/** The messages of a failed parse by field path (`a.b`), or {} when it passed. */
export function messagesOf(schema: z.ZodType, input: unknown): Record<string, string[]> {
  const result = schema.safeParse(input);
  if (result.success) return {};
  const messages: Record<string, string[]> = {};
  for (const issue of result.error.issues) {
    const path = issue.path.join('.');
    (messages[path] ??= []).push(issue.message);
  }
  return messages;
}
