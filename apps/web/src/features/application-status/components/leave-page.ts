/** Leaves the SPA for a page of the portal (a full load). Its own module, for the tests. */
export function leavePage(url: string) {
  window.location.assign(url);
}
