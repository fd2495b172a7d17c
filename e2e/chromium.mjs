// Debian's Chromium and the flags it needs on this kind of machine (no sandbox as root, no
// background network): shared by the browser tests and the benchmarks. Nothing downloads.
export const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export const chromiumArgs = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
