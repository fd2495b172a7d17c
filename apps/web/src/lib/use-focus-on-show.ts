import { useEffect, useRef } from 'react';

/**
 * A heading that takes the focus when it appears in place of a loading state (the page's
 * content replacing its spinner), so that screen readers announce what the page now shows and
 * the keyboard starts from it. The heading needs `tabIndex={-1}`.
 */
export function useFocusOnShow<Element extends HTMLElement>() {
  const ref = useRef<Element>(null);
  useEffect(() => {
    ref.current?.focus({ preventScroll: true });
  }, []);
  return ref;
}
