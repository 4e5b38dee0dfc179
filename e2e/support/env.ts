/** Matches DEMO_SECRET in scripts/e2e-server.mjs, which seeds the demo kingdom behind it. */
export const DEMO_SECRET = 'e2e-demo-secret';

export const E2E_PORT = Number(process.env.E2E_PORT ?? 3210);

export const BASE_URL = `http://127.0.0.1:${E2E_PORT}`;
