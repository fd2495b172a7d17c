import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';

/** How long a new step's heading is held in place while the step settles. */
const SETTLE_MS = 1_500;

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
    const align = () => heading.scrollIntoView?.({ block: 'start', behavior: 'instant' });
    align();
    heading.focus({ preventScroll: true });

    // While the new step settles (its images, fonts and fields taking their size), the page can
    // still move under the heading: keep it in place for a moment, until the applicant scrolls.
    const events = ['wheel', 'touchstart', 'keydown', 'pointerdown'] as const;
    const settle = new AbortController();
    const stop = () => settle.abort();
    for (const type of events) window.addEventListener(type, stop, { signal: settle.signal });
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(align);
    observer?.observe(document.body);
    window.addEventListener('scroll', () => requestAnimationFrame(align), {
      signal: settle.signal,
    });
    const timer = setTimeout(stop, SETTLE_MS);
    settle.signal.addEventListener('abort', () => observer?.disconnect());
    return () => {
      clearTimeout(timer);
      stop();
    };
  }, [changed, location.key]);

  return (
    <h2 ref={ref} tabIndex={-1} className="scroll-mt-24 text-xl font-semibold outline-none">
      {children}
    </h2>
  );
}
