import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';

// A findBy… waits for what the user would see, however busy the machine (a lazy route's chunk
// can take seconds to load under load): it resolves as soon as the element shows, so a passing
// test takes no longer for the longer wait.
configure({ asyncUtilTimeout: 10_000 });

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
