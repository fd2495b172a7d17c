/* Helpers of the wizard steps' tests, for both flows. */
import { screen, waitFor } from '@testing-library/react';
import { expect, vi } from 'vitest';
import type { Flow } from '@medipay/shared/status';

/** What the wizard shell gives a step, with nothing saved yet and no contact verified. */
export function emptyStepProps(flow: Flow) {
  return {
    values: {},
    session: { flow, verifiedEmail: null, verifiedPhone: null },
    onSession: vi.fn(),
    onSaved: vi.fn(),
    onBack: vi.fn(),
  };
}

/** The message shown under a field and announced with it. */
export async function expectFieldMessage(label: string, message: string) {
  await waitFor(() =>
    expect(screen.getByLabelText(label)).toHaveAccessibleDescription(
      expect.stringContaining(message),
    ),
  );
}
