/**
 * Routes only signed-in staff may call (docs/security.md's table: "any signed-in user", "an admin of the kingdom",
 * "a superadmin"). The auth plugin answers an anonymous call to any of them 401 before its body is parsed or its
 * parameters validated, so a stranger never sees a 400 that describes the route's schema. The route-table test
 * fails when a staff route in its table is missing here.
 */
const STAFF_ROUTES: readonly { method?: string; url: RegExp }[] = [
  { url: /^\/api\/admin\// },
  { url: /^\/api\/admin\/kingdoms$/ },
  { url: /^\/api\/auth\/session$/ },
  { url: /^\/api\/auth\/users(\/|$)/ },
  { url: /^\/api\/kdhome\// },
  // The same path is a viewer call with GET (the dashboard's defaults) and an admin's with POST.
  { method: 'POST', url: /^\/api\/settings\/:kd\/:code$/ },
  { method: 'POST', url: /^\/api\/formula\/save$/ },
  { method: 'POST', url: /^\/api\/:kd\/formula\/reset$/ },
];

export function isStaffRoute(method: string, url: string): boolean {
  return STAFF_ROUTES.some((route) => (route.method ?? method) === method && route.url.test(url));
}
