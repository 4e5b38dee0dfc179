/** Times given by people and bots (rally CSV cells, the rally API's fields), as unix seconds. */

const ISO_TIME =
  /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?)?\s*(Z|[+-]\d{2}:?\d{2})?$/i;
/** 2001-09-09 to 2286-11-20: a unix time in seconds has 10 digits in any year a rally can happen. */
const MIN_UNIX_SECONDS = 1_000_000_000;
const MAX_UNIX_SECONDS = 9_999_999_999;

export type ParsedTime = { ok: true; seconds: number } | { ok: false; problem: string };

/**
 * A rally time as a CSV cell or an API field gives it: unix seconds (a number, or digits), or ISO-8601 date and
 * time (`2026-11-20T14:05:00Z`, `2026-11-20 14:05`, `…+02:00`); a time without a zone is UTC.
 */
export function parseRallyTime(value: unknown): ParsedTime {
  if (typeof value === 'number') return unixSeconds(value, String(value));
  if (typeof value !== 'string') return { ok: false, problem: 'must be unix seconds or an ISO-8601 time' };
  const text = value.trim();
  if (text === '') return { ok: false, problem: 'is empty' };
  if (/^-?\d+(\.\d+)?$/.test(text)) return unixSeconds(Number(text), text);
  const match = ISO_TIME.exec(text);
  if (!match) {
    return {
      ok: false,
      problem: `"${text}" is not unix seconds or an ISO-8601 time such as 2026-11-20T14:05:00Z`,
    };
  }
  const [, year, month, day, hour = '00', minute = '00', second = '00', zone] = match;
  const zoned = `${year}-${month}-${day}T${hour}:${minute}:${second}${normaliseZone(zone)}`;
  const ms = Date.parse(zoned);
  const check = new Date(Date.UTC(Number(year), Number(month) - 1, Number(day)));
  if (
    Number.isNaN(ms) ||
    check.getUTCDate() !== Number(day) ||
    check.getUTCMonth() !== Number(month) - 1 ||
    Number(hour) > 23 ||
    Number(minute) > 59 ||
    Number(second) > 59
  ) {
    return { ok: false, problem: `"${text}" is not a valid date and time` };
  }
  return unixSeconds(Math.floor(ms / 1000), text);
}

function normaliseZone(zone: string | undefined): string {
  if (!zone || zone.toUpperCase() === 'Z') return 'Z';
  return zone.includes(':') ? zone : `${zone.slice(0, 3)}:${zone.slice(3)}`;
}

function unixSeconds(value: number, text: string): ParsedTime {
  if (!Number.isInteger(value)) return { ok: false, problem: `"${text}" is not a whole number of seconds` };
  if (value > MAX_UNIX_SECONDS && value <= MAX_UNIX_SECONDS * 1000) {
    return { ok: false, problem: `"${text}" looks like milliseconds; give unix seconds` };
  }
  if (value < MIN_UNIX_SECONDS || value > MAX_UNIX_SECONDS) {
    return { ok: false, problem: `"${text}" is not a plausible unix time in seconds` };
  }
  return { ok: true, seconds: value };
}
