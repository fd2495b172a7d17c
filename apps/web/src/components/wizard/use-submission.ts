import { useEffect, useState } from 'react';
import { useLocation } from 'react-router';
import { z } from 'zod';

const submissionSchema = z.object({ protocolo: z.string(), email: z.string() });
export type Submission = z.infer<typeof submissionSchema>;

/**
 * The protocol of a submitted application: from the navigation that followed the submit, or
 * else from the session's own record (a reload, a bookmark). Null when there is none.
 */
export function useSubmission(
  read: () => Promise<{ protocolo: string | null; values: { email?: string | undefined } }>,
): Submission | null | 'loading' {
  const location = useLocation();
  const fromNavigation = submissionSchema.safeParse(location.state);
  const [own, setOwn] = useState<Submission | null | 'loading'>('loading');
  useEffect(() => {
    if (fromNavigation.success) return;
    let active = true;
    read()
      .then((application) => {
        if (!active) return;
        setOwn(
          application.protocolo
            ? { protocolo: application.protocolo, email: application.values.email ?? '' }
            : null,
        );
      })
      .catch(() => active && setOwn(null));
    return () => {
      active = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [fromNavigation.success]);
  return fromNavigation.success ? fromNavigation.data : own;
}
