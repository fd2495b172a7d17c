import {
  publicConfigDefaults,
  publicConfigMetaName,
  type PublicConfig,
} from '@medipay/shared/company';

let cached: PublicConfig | undefined;

/**
 * Configuration the server writes into index.html (support contacts, external app URL).
 * Falls back to the defaults when the page is served without it (the Vite dev server).
 */
export function getPublicConfig(): PublicConfig {
  if (cached) return cached;
  const content = document
    .querySelector(`meta[name="${publicConfigMetaName}"]`)
    ?.getAttribute('content');
  let fromServer: Partial<PublicConfig> = {};
  if (content) {
    try {
      fromServer = JSON.parse(content) as Partial<PublicConfig>;
    } catch {
      fromServer = {};
    }
  }
  cached = { ...publicConfigDefaults, ...fromServer };
  return cached;
}
