import type { FastifyInstance } from 'fastify';

export type RouteTableEntry = { method: string; url: string };

declare module 'fastify' {
  // Declaration merging needs an interface.
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions
  interface FastifyInstance {
    /** Every route of the app as registered (tests check that each admin route is guarded). */
    routeTable: RouteTableEntry[];
  }
}

/**
 * Decorates the app with `routeTable`, filled by an onRoute hook: call it before anything
 * registers a route.
 */
export function registerRouteTable(app: FastifyInstance): void {
  const routeTable: RouteTableEntry[] = [];
  app.decorate('routeTable', routeTable);
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) routeTable.push({ method, url: route.url });
  });
}
