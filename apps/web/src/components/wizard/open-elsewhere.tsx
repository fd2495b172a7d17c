import { useEffect, useState } from 'react';
import type { Flow } from '@medipay/shared/status';

export const openElsewhereTexts = {
  title: 'Cadastro aberto em outra aba',
  description:
    'Este cadastro também está aberto em outra aba ou janela deste navegador. Para não perder o que você digitar, continue em apenas uma delas.',
} as const;

type Message = { type: 'hello' | 'here' | 'bye'; tab: string };

const isMessage = (data: unknown): data is Message =>
  typeof data === 'object' &&
  data !== null &&
  ['hello', 'here', 'bye'].includes((data as Message).type) &&
  typeof (data as Message).tab === 'string';

/**
 * Whether another tab of this browser has the same application open. A browser holds one
 * application per flow (one session cookie each), so the tabs of a flow's wizard are the tabs of
 * one application: they meet on a BroadcastChannel named after the flow. A tab says 'hello' when
 * it opens (or comes back from the back-forward cache), the others answer 'here', and 'bye' goes
 * out when it closes or navigates away. Without BroadcastChannel nothing is said.
 */
export function useOpenElsewhere(flow: Flow): boolean {
  const [others, setOthers] = useState<ReadonlySet<string>>(() => new Set());

  useEffect(() => {
    if (typeof BroadcastChannel === 'undefined') return;
    // getRandomValues, unlike randomUUID, also works on a page served over plain HTTP.
    const tab = Array.from(crypto.getRandomValues(new Uint32Array(4)), (n) => n.toString(36)).join(
      '-',
    );
    const channel = new BroadcastChannel(`medipay:wizard:${flow}`);
    const post = (type: Message['type']) => channel.postMessage({ type, tab } satisfies Message);
    const add = (other: string) =>
      setOthers((current) => (current.has(other) ? current : new Set(current).add(other)));
    const remove = (other: string) =>
      setOthers((current) => {
        if (!current.has(other)) return current;
        const next = new Set(current);
        next.delete(other);
        return next;
      });

    channel.onmessage = (event: MessageEvent<unknown>) => {
      if (!isMessage(event.data) || event.data.tab === tab) return;
      const { type, tab: other } = event.data;
      if (type === 'bye') return remove(other);
      add(other);
      if (type === 'hello') post('here');
    };
    const onPageHide = () => {
      post('bye');
      // Frozen in the back-forward cache, the tab no longer hears the others.
      setOthers(new Set());
    };
    const onPageShow = (event: PageTransitionEvent) => {
      if (event.persisted) post('hello');
    };
    window.addEventListener('pagehide', onPageHide);
    window.addEventListener('pageshow', onPageShow);
    post('hello');
    return () => {
      window.removeEventListener('pagehide', onPageHide);
      window.removeEventListener('pageshow', onPageShow);
      post('bye');
      channel.close();
      setOthers(new Set());
    };
  }, [flow]);

  return others.size > 0;
}

/**
 * Tells the applicant, without stopping them, that the application is open in another tab too.
 * The live region is always there, so the notice is announced when it appears.
 */
export function OpenElsewhereNotice({ flow }: { flow: Flow }) {
  const openElsewhere = useOpenElsewhere(flow);
  return (
    <div role="status">
      {openElsewhere && (
        <div className="mx-auto mb-6 max-w-3xl rounded-md border border-amber-300 bg-amber-50 p-4 text-sm text-amber-950">
          <p className="font-semibold">{openElsewhereTexts.title}</p>
          <p className="mt-1">{openElsewhereTexts.description}</p>
        </div>
      )}
    </div>
  );
}
