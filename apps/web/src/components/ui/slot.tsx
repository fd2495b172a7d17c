import { cloneElement, isValidElement, type HTMLAttributes, type ReactNode, type Ref } from 'react';
import { cn } from '../../lib/cn';

type SlotProps = HTMLAttributes<HTMLElement> & { children?: ReactNode; ref?: Ref<HTMLElement> };

function composeRefs<T>(...refs: (Ref<T> | undefined)[]) {
  return (node: T | null) => {
    for (const ref of refs) {
      if (typeof ref === 'function') ref(node);
      else if (ref) ref.current = node;
    }
  };
}

/**
 * Renders its only child with the slot's props merged in: classes joined, event handlers of
 * both called (the child's first), refs composed. Lets a Button look like a button while
 * being a link. A few lines instead of Radix Slot, which weighs on the landing page budget.
 */
export function Slot({ children, ref, ...slotProps }: SlotProps) {
  if (!isValidElement<Record<string, unknown>>(children)) return null;
  const childProps = children.props;
  const merged: Record<string, unknown> = { ...slotProps, ...childProps };
  for (const [name, slotValue] of Object.entries(slotProps)) {
    const childValue = childProps[name];
    if (
      /^on[A-Z]/.test(name) &&
      typeof slotValue === 'function' &&
      typeof childValue === 'function'
    ) {
      merged[name] = (...args: unknown[]) => {
        childValue(...args);
        slotValue(...args);
      };
    }
  }
  merged.className = cn(slotProps.className, childProps.className as string | undefined);
  merged.style = { ...slotProps.style, ...(childProps.style as object | undefined) };
  const childRef = childProps.ref as Ref<HTMLElement> | undefined;
  if (ref || childRef) merged.ref = composeRefs(ref, childRef);
  return cloneElement(children, merged);
}
