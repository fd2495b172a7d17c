import { lazy, type ComponentType } from 'react';

/** A lazily loaded component: its module is fetched the first time it renders. */
export function lazyNamed<M extends Record<string, unknown>>(
  load: () => Promise<M>,
  name: keyof M,
) {
  return lazy(() => load().then((module) => ({ default: module[name] as ComponentType })));
}
