/**
 * The sentence a user sees when a request fails its schema. The schema's own wording ('Invalid
 * params.kdno: Too small: expected number to be >=1') is for developers: it stays in the error body's `issues`,
 * while `error` names the field in words and where it came from (the address or a form).
 */

const WHERE: Record<string, string> = {
  params: 'in the address',
  querystring: 'in the address',
  body: 'in the form',
  headers: 'in the request',
};

// Only names whose words differ from the field's own (`words` turns 'camp' or 'password' into itself).
const FIELD_LABELS: Record<string, string> = {
  kd: 'kingdom number',
  kdno: 'kingdom number',
  code: 'access code',
  secret: 'demo link',
  page: 'page number',
  custom_start: 'start date',
  custom_end: 'end date',
  sorts: 'sort order',
  top: 'top-by-power choice',
  search: 'search text',
};

/** 'pageSize' → 'page size', 'start_date' → 'start date'. */
function words(name: string): string {
  return name
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[_-]+/g, ' ')
    .toLowerCase();
}

/** The field a schema issue is about: the last named (not numeric) part of its path. */
function fieldLabel(path: readonly string[]): string | null {
  const named = path.filter((part) => !/^\d+$/.test(part));
  const field = named.at(-1);
  if (field === undefined) return null;
  return FIELD_LABELS[field] ?? words(field);
}

/** What the schema said about the first failing field (zod's issue code and message). */
export interface SchemaIssue {
  keyword?: string;
  message?: string;
  params?: { keys?: unknown };
}

/**
 * The user's sentence for the first failing field; `context` is Fastify's validation context. A schema's own
 * check (a zod refine, code `custom`) already speaks to users ("Start date cannot be later than end date"), so its
 * sentence is kept; a field the schema does not know is named, since a person can remove it.
 */
export function validationMessage(
  context: string | undefined,
  path: readonly string[],
  issue: SchemaIssue = {},
): string {
  const where = WHERE[context ?? ''] ?? 'in the request';
  if (issue.keyword === 'custom' && issue.message && /^[A-Z]/.test(issue.message)) return issue.message;
  if (issue.keyword === 'unrecognized_keys' && Array.isArray(issue.params?.keys)) {
    const keys = issue.params.keys.map((key) => `"${String(key)}"`).join(', ');
    return `Something ${where} is not one this page knows (${keys}). Remove it and try again.`;
  }
  const field = fieldLabel(path);
  if (field === null) return `Something ${where} is not valid. Check it and try again.`;
  return `The ${field} ${where} is not valid. Check it and try again.`;
}
