import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';

/**
 * The powerful features the portal never uses, off for every document (Permissions-Policy).
 * Only names every browser we support knows: Chromium reports an unknown one as a console error.
 */
const featuresOff = [
  'accelerometer',
  'display-capture',
  'geolocation',
  'gyroscope',
  'hid',
  'idle-detection',
  'magnetometer',
  'microphone',
  'midi',
  'payment',
  'publickey-credentials-get',
  'screen-wake-lock',
  'serial',
  'usb',
  'xr-spatial-tracking',
];

/**
 * The Permissions-Policy header: the camera for the portal's own origin on the pages that use it
 * (`camera`: the document of a page of cameraPagePaths, routes.ts), off on every other response;
 * the features of `featuresOff` off everywhere. The microphone stays off on the camera pages too:
 * the camera is opened for video only.
 */
export function permissionsPolicy(options: { camera: boolean }): string {
  const camera = `camera=${options.camera ? '(self)' : '()'}`;
  return [camera, ...featuresOff.map((feature) => `${feature}=()`)].join(', ');
}

const cameraOff = permissionsPolicy({ camera: false });

/**
 * Helmet's security headers with the portal's Content-Security-Policy: everything from the
 * portal's own origin; HSTS and the upgrade of insecure requests only when it is served over https.
 * And the Permissions-Policy of permissionsPolicy, camera off.
 */
export async function registerSecurityHeaders(
  app: FastifyInstance,
  options: { publicUrl: string },
): Promise<void> {
  const https = options.publicUrl.startsWith('https://');
  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", "'wasm-unsafe-eval'"],
        // Radix and sonner set styles at run time; no external style source is allowed.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        mediaSrc: ["'self'", 'blob:'],
        fontSrc: ["'self'"],
        connectSrc: ["'self'"],
        workerSrc: ["'self'", 'blob:'],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        upgradeInsecureRequests: https ? [] : null,
      },
    },
    crossOriginEmbedderPolicy: false,
    strictTransportSecurity: https,
  });
  // Every response without the camera (API answers, assets, errors, most pages); the pages that
  // use it replace the header (web-app.ts).
  app.addHook('onRequest', async (_request, reply) => {
    reply.header('permissions-policy', cameraOff);
  });
}
