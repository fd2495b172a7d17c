import { useEffect, useRef, useState } from 'react';
import {
  handoffProgressSchema,
  type HandoffProgress,
  type HandoffState,
} from '@medipay/shared/handoff';
import { apiRequest } from '../../lib/api-client';

/** What the phone sends back: its two photos and the check that passed. */
export type PhoneResult = NonNullable<HandoffProgress['result']>;

/** How often the desktop asks whether the phone is done. */
export const HANDOFF_POLL_MS = 3000;

const progress = () => apiRequest('/applicant/PF/handoff', { schema: handoffProgressSchema });

export type PhoneHandoff = {
  /** The newest link's state; null before the first answer (or without a link). */
  state: HandoffState | null;
  /** A new link was made: follow it. */
  follow: () => void;
};

/**
 * The desktop follows the phone of 'Continuar no celular': every few seconds while the newest
 * link is waiting or open, whether its dialog is open or not, and again after a reload (the
 * first answer says whether a link is still under way). When the phone's check passed, `onDone`
 * gets its photos and result, once.
 */
export function usePhoneHandoff(enabled: boolean, onDone: (result: PhoneResult) => void) {
  const [state, setState] = useState<HandoffState | null>(null);
  const done = useRef(onDone);
  useEffect(() => {
    done.current = onDone;
  });

  // After a reload: resume a link the phone may still be working on.
  useEffect(() => {
    if (!enabled) return;
    let active = true;
    progress()
      .then((answer) => {
        if (!active) return;
        if (answer.state === 'waiting' || answer.state === 'opened')
          setState((current) => current ?? answer.state);
      })
      .catch(() => undefined);
    return () => {
      active = false;
    };
  }, [enabled]);

  const following = enabled && (state === 'waiting' || state === 'opened');
  useEffect(() => {
    if (!following) return;
    let active = true;
    const timer = setInterval(() => {
      progress()
        .then((answer) => {
          if (!active) return;
          if (answer.state === 'done' && answer.result) done.current(answer.result);
          if (answer.state !== 'none') setState(answer.state);
        })
        // A failed poll is retried at the next tick.
        .catch(() => undefined);
    }, HANDOFF_POLL_MS);
    return () => {
      active = false;
      clearInterval(timer);
    };
  }, [following]);

  return { state, follow: () => setState('waiting') } satisfies PhoneHandoff;
}
