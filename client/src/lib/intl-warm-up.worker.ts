/**
 * Run once per page in a worker (intl-warm-up.ts): the first date, number and price formatters of
 * the page, so ICU loads the locale's data and the zones off the main thread. Nothing here is
 * used; the caches it fills are the renderer process's, and the page's own formatters find them.
 */
const now = new Date();
new Intl.DateTimeFormat(undefined, { month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit' }).format(now);
new Intl.DateTimeFormat(undefined, { weekday: 'short', hour: 'numeric', minute: '2-digit', timeZone: 'America/Chicago' }).format(now);
new Intl.NumberFormat(undefined, { style: 'currency', currency: 'USD' }).format(2.5);
new Intl.NumberFormat(undefined, { style: 'unit', unit: 'mile', maximumFractionDigits: 1 }).format(0.4);
postMessage('warm');
