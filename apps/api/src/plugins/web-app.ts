import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { publicConfigMetaName, type PublicConfig } from '@medipay/shared/company';
import { cameraPagePaths, pageRoutePatterns } from '@medipay/shared/routes';
import { permissionsPolicy } from './security-headers';

const escapeAttribute = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** index.html with the public configuration passed to the SPA in a meta tag (no inline script). */
export function renderIndexHtml(template: string, config: PublicConfig): string {
  const meta = `<meta name="${publicConfigMetaName}" content="${escapeAttribute(JSON.stringify(config))}">`;
  return template.replace('</head>', `    ${meta}\n  </head>`);
}

/**
 * Serves the built SPA: hashed assets with long caching, a route for every page of the shared
 * route table, and (through the not-found handler) HTTP 404 with the SPA's not-found page for
 * anything else.
 */
export async function registerWebApp(
  app: FastifyInstance,
  options: {
    distDir: string;
    publicConfig: PublicConfig;
    extraPagePatterns?: readonly string[];
    /** Pages of `extraPagePatterns` that use the camera (the local trial pages). */
    extraCameraPages?: readonly string[];
    /**
     * Pages served only to the requests this says yes to; the others get the not-found page
     * with 404, as for a path that does not exist.
     */
    pageAccess?: ReadonlyMap<string, (request: FastifyRequest) => Promise<boolean>>;
  },
): Promise<{ sendNotFoundPage: (reply: FastifyReply) => FastifyReply } | undefined> {
  const indexFile = join(options.distDir, 'index.html');
  if (!existsSync(indexFile)) {
    app.log.warn({ distDir: options.distDir }, 'web app not built: serving the API only');
    return undefined;
  }
  const indexHtml = renderIndexHtml(readFileSync(indexFile, 'utf8'), options.publicConfig);

  await app.register(fastifyStatic, {
    root: options.distDir,
    wildcard: false,
    index: false,
    preCompressed: true,
    allowedPath: (pathname) => pathname !== '/index.html',
    setHeaders: (res, path) => {
      res.header(
        'cache-control',
        path.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'public, max-age=3600',
      );
    },
  });

  const sendPage = (reply: FastifyReply, status: number) =>
    reply
      .status(status)
      .header('cache-control', 'no-cache')
      .type('text/html; charset=utf-8')
      .send(indexHtml);

  // The camera is allowed to the documents of the pages that use it (cameraPagePaths) and kept
  // off for every other page (security-headers.ts). The policy is the document's: the SPA moves
  // between its pages with the History API, which loads no new document, so the policy of the
  // page a visitor loaded first rules every page reached from it inside the SPA, whatever those
  // pages would get on their own. A page without the camera therefore links to a camera page
  // with a full load (`reloadDocument`), and a camera page that sends its visitor to another
  // one inside the SPA is itself a camera page (the wizards' success pages).
  const cameraPages = new Set([...cameraPagePaths, ...(options.extraCameraPages ?? [])]);
  const cameraOn = permissionsPolicy({ camera: true });

  for (const pattern of [...pageRoutePatterns, ...(options.extraPagePatterns ?? [])]) {
    const camera = cameraPages.has(pattern);
    const access = options.pageAccess?.get(pattern);
    app.get(pattern, async (request, reply) => {
      if (access && !(await access(request))) return sendPage(reply, 404);
      if (camera) reply.header('permissions-policy', cameraOn);
      return sendPage(reply, 200);
    });
  }
  return { sendNotFoundPage: (reply) => sendPage(reply, 404) };
}
