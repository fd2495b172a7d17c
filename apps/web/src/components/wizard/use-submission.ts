import { useEffect, useState } from 'react';
import { useLocation } from 'react-router';
import { z } from 'zod';

const submissionSchema = z.object({ protocolo: z.string(), email: z.string() });
export type Submission = z.infer<typeof submissionSchema>;

/**
 * The protocol of a submitted application: from the navigation that followed the submit, or
 * else from the session's status (a reload, a bookmark: once sent, the session opens only what
 * the status page shows, so the e-mail is not repeated). Null when there is none.
 */
export function useSubmission(
  readStatus: () => Promise<{ protocolo: string }>,
): Submission | null | 'loading' {
  const location = useLocation();
  const fromNavigation = submissionSchema.safeParse(location.state);
  const [own, setOwn] = useState<Submission | null | 'loading'>('loading');
  useEffect(() => {
    if (fromNavigation.success) return;
    let active = true;
    readStatus()
      .then((status) => {
        if (active) setOwn({ protocolo: status.protocolo, email: '' });
      })
      .catch(() => active && setOwn(null));
    return () => {
      active = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [fromNavigation.success]);
  return fromNavigation.success ? fromNavigation.data : own;
}
