import {
  screen,
  waitFor,
  type Matcher,
  type SelectorMatcherOptions,
  type waitForOptions,
} from '@testing-library/react';
import { expect } from 'vitest';

/**
 * Waits until a text is on the screen and visible. A toast is in the page a moment before it
 * shows: sonner mounts it at opacity 0 and fades it in after its first effect, so finding the
 * text and then asserting it visible fails when the check lands in between.
 */
export async function expectVisibleText(
  text: Matcher,
  options?: SelectorMatcherOptions,
  wait?: waitForOptions,
): Promise<HTMLElement> {
  let element: HTMLElement | undefined;
  await waitFor(() => {
    element = screen.getByText(text, options);
    expect(element).toBeVisible();
  }, wait);
  return element!;
}
