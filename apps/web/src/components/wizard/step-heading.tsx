import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';

/** The navigation state of a step change (useWizardStep's `go`). */
export const stepChangeState = { stepChange: true } as const;

function isStepChange(state: unknown) {
  return typeof state === 'object' && state !== null && 'stepChange' in state;
}

/**
 * A step's heading. When the applicant moved to this step (Continuar, Voltar, Editar, Começar),
 * the page scrolls to it (clear of the fixed header) and focus moves to it, so the step is read
 * from its top and screen readers announce it; a page opened or reloaded at a step keeps the
 * browser's own scroll.
 */
export function StepHeading({ children }: { children: string }) {
  const ref = useRef<HTMLHeadingElement>(null);
  const location = useLocation();
  const changed = isStepChange(location.state);

  useEffect(() => {
    const heading = ref.current;
    if (!changed || !heading) return;
    heading.scrollIntoView?.({ block: 'start', behavior: 'instant' });
    heading.focus({ preventScroll: true });
  }, [changed, location.key]);

  return (
    <h2 ref={ref} tabIndex={-1} className="scroll-mt-24 text-xl font-semibold outline-none">
      {children}
    </h2>
  );
}
