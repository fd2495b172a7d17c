import { type z } from 'zod';

/**
 * The first step holding a problem of a whole-application check, given each step's fields in
 * order; null when there is no problem.
 */
export function firstIncompleteStep<Step extends number>(
  stepFields: Record<Step, readonly string[]>,
  issues: readonly z.core.$ZodIssue[],
): Step | null {
  const steps = (Object.keys(stepFields).map(Number) as Step[]).sort((a, b) => a - b);
  for (const step of steps) {
    const fields = stepFields[step];
    if (issues.some((issue) => fields.includes(String(issue.path[0])))) return step;
  }
  return issues.length > 0 ? (steps[0] ?? null) : null;
}
