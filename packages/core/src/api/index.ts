export * from './auth.ts';
export * from './dashboard.ts';
export * from './errors.ts';
export * from './health.ts';
export * from './kingdom-admin.ts';
export * from './kingdom-home.ts';
export * from './public-config.ts';
export * from './rally.ts';
