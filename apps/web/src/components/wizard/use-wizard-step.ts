import { useSearchParams } from 'react-router';
import { stepChangeState } from './step-heading';

type WizardStep = { id: number; key: string };

/**
 * The step on screen, kept in the URL (`?etapa=endereco`). A step past `reached` (the first
 * unsaved one) cannot be opened: `redirect` then names the URL of the step to show instead.
 */
export function useWizardStep(steps: readonly WizardStep[], reached: number) {
  const [params, setParams] = useSearchParams();
  const keyOf = (id: number) => steps.find((step) => step.id === id)?.key ?? steps[0]!.key;
  const requested = steps.find((step) => step.key === params.get('etapa'))?.id ?? null;
  const current = requested && requested <= reached ? requested : reached;
  return {
    /** The step asked for in the URL, if any. */
    requested,
    current,
    redirect: requested === current ? null : `?etapa=${keyOf(current)}`,
    /** Opens a step; its heading then takes the scroll and the focus (StepHeading). */
    go: (step: number) => setParams({ etapa: keyOf(step) }, { state: stepChangeState }),
  };
}
