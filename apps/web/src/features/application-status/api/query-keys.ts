import type { Flow } from '@medipay/shared/status';

/** Query keys of the status page. */
export const statusKeys = {
  /** Every query of the page. */
  all: ['application-status'] as const,
  /** The application of the wizard's own session of a flow. */
  mine: (flow: Flow) => ['application-status', 'mine', flow] as const,
  /** The application the `medipay_status` cookie opens (after a code). */
  access: ['application-status', 'access'] as const,
};
