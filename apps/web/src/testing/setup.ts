import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach, vi } from 'vitest';

afterEach(() => {
  cleanup();
  // What a test typed into a wizard step stays in the tab's storage (step drafts): not in the next.
  sessionStorage.clear();
});

// A console.error in a component test is a defect unless the test expects it.
const originalError = console.error;
vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
  originalError(...args);
  throw new Error(`console.error called: ${args.map(String).join(' ')}`);
});
