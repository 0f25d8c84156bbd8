/**
 * A time as the back office writes it: the admin's own time zone and a fixed, unambiguous form
 * (27 Nov 2026, 14:05), so a morning's orders read the same on every screen.
 */
const FORMAT = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
});

export function formatAdminTime(iso: string): string {
  const time = new Date(iso);
  return Number.isNaN(time.getTime()) ? iso : FORMAT.format(time);
}
