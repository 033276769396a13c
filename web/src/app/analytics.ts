/**
 * Analytics (the analytics id is loaded after the permission call). The portal
 * loads no third-party script: it installs a gtag stub that queues into dataLayer and exposes the
 * id as a data attribute, so a brand can add its tag manager without code changes.
 */
declare global {
  interface Window {
    dataLayer?: unknown[];
    gtag?: (...args: unknown[]) => void;
  }
}

export function installAnalytics(gtagId: string | undefined): void {
  if (!gtagId) return;
  document.documentElement.dataset.gtagId = gtagId;
  window.dataLayer = window.dataLayer ?? [];
  window.gtag =
    window.gtag ??
    function gtag(...args: unknown[]) {
      window.dataLayer?.push(args);
    };
  window.gtag('js', new Date());
  window.gtag('config', gtagId, { send_page_view: false });
}
