import { CheckCircleIcon } from '../ui/icons';
import { cn } from '../../lib/cn';

export type StepperStep = { id: number; title: string; description?: string };

export type StepperProps = {
  steps: readonly StepperStep[];
  /** The step on screen. */
  current: number;
  /** Steps saved so far: every step below this one is complete. */
  reached: number;
};

/**
 * Where the applicant is: on small screens 'Etapa X de N' with a percentage and a bar; on larger
 * ones every step with a check mark once completed.
 */
export function Stepper({ steps, current, reached }: StepperProps) {
  const total = steps.length;
  const percent = Math.round((Math.min(current, total) / total) * 100);
  const currentStep = steps.find((step) => step.id === current);
  return (
    <nav aria-label="Etapas do cadastro">
      <div className="space-y-2 md:hidden">
        <div className="flex items-center justify-between text-sm">
          <span className="font-medium">
            Etapa {Math.min(current, total)} de {total}
          </span>
          <span className="text-muted-foreground">{percent}%</span>
        </div>
        <div
          role="progressbar"
          aria-label="Progresso do cadastro"
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={percent}
          className="h-2 overflow-hidden rounded-full bg-muted"
        >
          <div className="h-full bg-primary transition-all" style={{ width: `${percent}%` }} />
        </div>
        {currentStep && <p className="text-sm font-semibold">{currentStep.title}</p>}
      </div>
      <ol className="hidden gap-2 md:flex">
        {steps.map((step) => {
          const completed = step.id < reached && step.id !== current;
          const isCurrent = step.id === current;
          return (
            <li
              key={step.id}
              aria-current={isCurrent ? 'step' : undefined}
              className="flex flex-1 flex-col items-center gap-1 text-center"
            >
              <span
                className={cn(
                  'flex size-8 items-center justify-center rounded-full border text-sm font-semibold',
                  isCurrent && 'border-primary bg-primary text-primary-foreground',
                  completed && 'border-green-700 bg-green-50 text-green-800',
                  !isCurrent && !completed && 'text-muted-foreground',
                )}
              >
                {completed ? (
                  <>
                    <CheckCircleIcon className="size-5" aria-hidden="true" />
                    <span className="sr-only">Concluída:</span>
                  </>
                ) : (
                  step.id
                )}
              </span>
              <span
                className={cn('text-xs', isCurrent ? 'font-semibold' : 'text-muted-foreground')}
              >
                {step.title}
              </span>
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
