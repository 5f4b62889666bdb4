/**
 * Leaving the app for another page (a payment provider's checkout): one seam, so a test can see where the
 * browser was sent without jsdom trying to navigate.
 */
export const browserNavigation = {
  assign: (url: string): void => window.location.assign(url),
  openInNewTab: (url: string): void => {
    window.open(url, '_blank', 'noopener');
  },
};
