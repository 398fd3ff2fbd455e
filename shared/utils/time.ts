/**
 * The one display format of a moment across screens (cards, popups, the dashboard's 'Last
 * updated'): "Nov 22, 3:04 PM" in the viewer's locale and time zone; '' for an unreadable value.
 * `locale` and `timeZone` are for tests and servers; browsers leave them to the viewer.
 */
export function formatDateTime(
  value: string | Date,
  options: { locale?: string; timeZone?: string } = {},
): string {
  const d = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(d.getTime())) return '';
  return d.toLocaleString(options.locale, {
    month: 'short',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    timeZone: options.timeZone,
  });
}
