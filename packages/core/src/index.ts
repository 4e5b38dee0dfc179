export * from './constants.ts';
export * from './numbers.ts';
export * from './points.ts';
export * from './table-query.ts';
