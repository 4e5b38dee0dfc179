/**
 * The one rule for an access code, for the server that stores it and the page that asks for one (issue 41: the page
 * asked "Change the access code?" of a code the server then refused). Codes appear in the URLs players share and
 * browsers lower-case those (SPEC §7), so a code is stored trimmed and lower-cased and checked in that form.
 */
export const ACCESS_CODE_MIN_LENGTH = 4;
export const ACCESS_CODE_MAX_LENGTH = 64;

const ACCESS_CODE = /^[a-z0-9_-]+$/;

/** A code as it is stored: without surrounding spaces, in lower case. */
export function normalisedAccessCode(code: string): string {
  return code.trim().toLowerCase();
}

/** True when the code, once normalised, can be an access code (its length and its characters). */
export function isValidAccessCode(code: string): boolean {
  const normalised = normalisedAccessCode(code);
  return (
    normalised.length >= ACCESS_CODE_MIN_LENGTH &&
    normalised.length <= ACCESS_CODE_MAX_LENGTH &&
    ACCESS_CODE.test(normalised)
  );
}
