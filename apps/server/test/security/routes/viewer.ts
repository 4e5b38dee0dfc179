import type { RouteRule } from '../route-table.ts';

const rallyBody = () => ({
  rallies: [
    {
      rally_id: `r-${Math.random().toString(36).slice(2)}`,
      launched_at: Math.floor(Date.now() / 1000) - 60,
      launcher: { id: 5, name: 'Lead' },
      participants: [{ id: 6, name: 'Join' }],
    },
  ],
});

/** The route table's rows for the dashboards, rallies, kingdom home and formula editor (see route-table.ts). */
export const VIEWER_ROUTES: RouteRule[] = [
  // Dashboard settings
  {
    method: 'GET',
    path: '/api/settings/:kd/:code',
    access: 'viewer',
    feature: 'settings',
    request: (c) => ({ url: `/api/settings/${c.kd}/${c.code}` }),
  },
  {
    method: 'POST',
    path: '/api/settings/:kd/:code',
    access: 'kingdom-admin',
    feature: 'kingdom-admin',
    request: (c) => ({ url: `/api/settings/${c.kd}/${c.code}`, payload: { defaultTopFilter: 100 } }),
  },

  // Main dashboard and autarch
  {
    method: 'GET',
    path: '/api/dashboard/:kd/data/:code',
    access: 'viewer',
    feature: 'dashboard',
    request: (c) => ({ url: `/api/dashboard/${c.kd}/data/${c.code}` }),
  },
  {
    method: 'POST',
    path: '/api/dashboard/update-tables',
    access: 'viewer',
    feature: 'dashboard',
    codeInBody: true,
    request: (c) => ({ url: '/api/dashboard/update-tables', payload: { kd: c.kd, code: c.code } }),
  },
  {
    method: 'GET',
    path: '/api/dashboard/:kd/formula/:code',
    access: 'viewer',
    feature: 'dashboard',
    request: (c) => ({ url: `/api/dashboard/${c.kd}/formula/${c.code}` }),
  },
  {
    method: 'GET',
    path: '/api/dashboard/:kd/movements/:code',
    access: 'viewer',
    feature: 'movements',
    request: (c) => ({ url: `/api/dashboard/${c.kd}/movements/${c.code}` }),
  },
  {
    method: 'GET',
    path: '/api/alliance-activity/:kd/:code',
    access: 'viewer',
    feature: 'alliance-activity',
    request: (c) => ({ url: `/api/alliance-activity/${c.kd}/${c.code}` }),
  },
  {
    method: 'GET',
    path: '/api/governor/:kd/:governorId/:code',
    access: 'viewer',
    feature: 'governor',
    request: (c) => ({ url: `/api/governor/${c.kd}/12345/${c.code}` }),
  },
  {
    method: 'GET',
    path: '/api/compare/:kd/:code',
    access: 'viewer',
    feature: 'governor',
    request: (c) => ({ url: `/api/compare/${c.kd}/${c.code}?ids=12345,12346` }),
  },
  {
    method: 'GET',
    path: '/api/dashboard/:code/all-kds',
    access: 'viewer',
    feature: 'dashboard',
    request: (c) => ({ url: `/api/dashboard/${c.code}/all-kds` }),
  },
  {
    method: 'GET',
    path: '/api/dashboard/:kd/autarch-data/:code',
    access: 'viewer',
    feature: 'autarch',
    request: (c) => ({ url: `/api/dashboard/${c.kd}/autarch-data/${c.code}` }),
  },
  {
    method: 'POST',
    path: '/api/dashboard/autarch/update-tables',
    access: 'viewer',
    feature: 'autarch',
    codeInBody: true,
    request: (c) => ({ url: '/api/dashboard/autarch/update-tables', payload: { kd: c.kd, code: c.code } }),
  },
  {
    method: 'GET',
    path: '/api/dashboard/autarch/available-kds',
    access: 'public',
    feature: 'autarch',
    request: () => ({ url: '/api/dashboard/autarch/available-kds' }),
    note: 'kingdom numbers only',
  },

  // Rally data
  {
    method: 'GET',
    path: '/api/rally/available-filters',
    access: 'public',
    feature: 'rally',
    request: () => ({ url: '/api/rally/available-filters' }),
  },
  {
    method: 'GET',
    path: '/api/rally/:kd/data/:code',
    access: 'viewer',
    feature: 'rally',
    request: (c) => ({ url: `/api/rally/${c.kd}/data/${c.code}` }),
  },
  {
    method: 'GET',
    path: '/api/rally/:kd/summary/:code',
    access: 'viewer',
    feature: 'rally',
    request: (c) => ({ url: `/api/rally/${c.kd}/summary/${c.code}` }),
  },
  {
    method: 'POST',
    path: '/api/rally/:kd/events',
    access: 'ingestion-token',
    feature: 'rally',
    request: (c) => ({ url: `/api/rally/${c.kd}/events`, payload: rallyBody() }),
    extra: [
      {
        name: 'ingestion token',
        status: 200,
        request: async (c) => ({
          url: `/api/rally/${c.kd}/events`,
          payload: rallyBody(),
          headers: { authorization: `Bearer ${await c.fresh.rallyToken()}` },
        }),
      },
      {
        name: 'wrong ingestion token',
        status: 401,
        request: (c) => ({
          url: `/api/rally/${c.kd}/events`,
          payload: rallyBody(),
          headers: { authorization: 'Bearer ksr_wrong' },
        }),
      },
    ],
  },

  // Kingdom home
  {
    method: 'GET',
    path: '/api/kdhome/:kdno',
    access: 'kingdom-admin',
    feature: 'kingdom-home',
    request: (c) => ({ url: `/api/kdhome/${c.kd}` }),
  },

  // KD DKP dashboard and formula editor (SPEC §7)
  {
    method: 'GET',
    path: '/api/kd-dashboard/:kd/data/:code',
    access: 'viewer',
    feature: 'kd-dashboard',
    request: (c) => ({ url: `/api/kd-dashboard/${c.kd}/data/${c.code}` }),
  },
  {
    method: 'POST',
    path: '/api/kd-dashboard/update-data',
    access: 'viewer',
    feature: 'kd-dashboard',
    codeInBody: true,
    request: (c) => ({ url: '/api/kd-dashboard/update-data', payload: { kd: c.kd, code: c.code } }),
  },
  {
    method: 'GET',
    path: '/api/kd-dashboard/:kd/prekvk-rankings',
    access: 'viewer',
    feature: 'kd-dashboard',
    codeInBody: true,
    request: (c) => ({ url: `/api/kd-dashboard/${c.kd}/prekvk-rankings?code=${c.code}` }),
    note: 'the access code travels as ?code=',
  },
  {
    method: 'GET',
    path: '/api/:kd/formula/:code',
    access: 'viewer',
    feature: 'formula',
    request: (c) => ({ url: `/api/${c.kd}/formula/${c.code}` }),
  },
  {
    method: 'POST',
    path: '/api/formula/save',
    access: 'kingdom-admin',
    feature: 'formula',
    codeInBody: true,
    request: (c) => ({
      url: '/api/formula/save',
      payload: {
        passed_data: {
          kdnumber: c.kd,
          code: c.code,
          data: {
            goals: [
              {
                from: 0,
                to: 150,
                type: 'percentage',
                score_multiplier: 200,
                dead_multiplier: 1,
                kp_multiplier: 400,
              },
            ],
            stats_formula: { 'T4-Kills': [10, true], 'T5-Kills': [20, true], 'Dead Troops': [15, true] },
            score_on: true,
            dead_on: false,
            kp_on: false,
          },
        },
      },
    }),
    note: 'the access code travels in passed_data; audited',
  },
  {
    method: 'POST',
    path: '/api/:kd/formula/reset',
    access: 'kingdom-admin',
    feature: 'formula',
    codeInBody: true,
    request: (c) => ({ url: `/api/${c.kd}/formula/reset`, payload: { code: c.code } }),
    note: 'the access code travels in the body (or ?code=); audited',
  },
];
