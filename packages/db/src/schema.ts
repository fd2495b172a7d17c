/**
 * Drizzle schema of the portal, one file per group of tables under schema/. Tables join the
 * group of the features that need them; every change is followed by
 * `npm run generate --workspace packages/db`.
 */
export * from './schema/infrastructure';
export * from './schema/applicants';
export * from './schema/documents';
export * from './schema/applications';
export * from './schema/admin';
export * from './schema/rectification';
export * from './schema/medipay';
export * from './schema/screening';
export * from './schema/case-review';
export * from './schema/face-search';
export * from './schema/liveness';
export * from './schema/webhooks';
