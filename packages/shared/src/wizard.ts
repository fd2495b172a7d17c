import { z } from 'zod';

type Step = 1 | 2 | 3 | 4 | 5 | 6;

/** The fields of a flow's six steps, by step id (step 6: the consents of the final submit). */
type StepShapes = Record<Step, z.ZodRawShape>;

/**
 * A flow's wizard from the fields of its steps: each step's schema, each step's fields in form
 * order (for firstIncompleteStep) and the whole application's fields, in step order. A flow adds
 * its own cross-field rules to the schemas it exports.
 */
export function wizardSchemas<Shapes extends StepShapes>(shapes: Shapes) {
  const steps = [1, 2, 3, 4, 5, 6] as const;
  const byStep = <T>(value: (step: Step) => T) =>
    Object.fromEntries(steps.map((step) => [step, value(step)])) as Record<Step, T>;
  const applicationShape: Shapes[1] & Shapes[2] & Shapes[3] & Shapes[4] & Shapes[5] & Shapes[6] =
    Object.assign({}, ...steps.map((step) => shapes[step]));
  return {
    stepSchemas: byStep((step) => z.object(shapes[step])) as {
      readonly [S in Step]: ReturnType<typeof z.object<Shapes[S]>>;
    },
    stepFields: byStep<readonly string[]>((step) => Object.keys(shapes[step])),
    applicationShape,
  };
}

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
