import { MONTH_SHORT_NAMES } from '@kingdom-stats/core';

const formats = new Map<string, Intl.DateTimeFormat>();

/**
 * 'Nov 12, 14:00 UTC': month, day, hour and minute of a KvK time (unix seconds), on the game's UTC clock. Other
 * languages than English say the month and day their way ('12 thg 11, 14:00 UTC', '11月12日 14:00 UTC').
 */
export function formatKvkTime(seconds: number, locale = 'en'): string {
  const date = new Date(seconds * 1000);
  if (locale !== 'en') {
    let format = formats.get(locale);
    if (!format) {
      format = new Intl.DateTimeFormat(locale, {
        month: 'short',
        day: 'numeric',
        hour: '2-digit',
        minute: '2-digit',
        hourCycle: 'h23',
        timeZone: 'UTC',
      });
      formats.set(locale, format);
    }
    return `${format.format(date)} UTC`;
  }
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${MONTH_SHORT_NAMES[date.getUTCMonth()]} ${date.getUTCDate()}, ${pad(date.getUTCHours())}:${pad(date.getUTCMinutes())} UTC`;
}
