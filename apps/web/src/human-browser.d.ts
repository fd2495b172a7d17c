// The browser ESM build of @vladmandic/human, which vite.config.ts aliases by file path (the
// package's `exports` map is broken). Its types are the package's own.
declare module '@medipay/human-browser' {
  export * from '@vladmandic/human';
}
