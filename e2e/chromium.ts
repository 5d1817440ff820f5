/**
 * Debian's Chromium as every browser test and benchmark launches it: never a browser a tool
 * downloads, no sandbox (containers), nothing that talks to the outside world on its own.
 */
export const CHROMIUM = {
  executablePath: '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
};
