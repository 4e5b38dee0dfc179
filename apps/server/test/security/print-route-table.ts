// Prints docs/security.md's route table from route-table.ts: npx tsx apps/server/test/security/print-route-table.ts
import { docRow, ROUTES } from './route-table.ts';

const header = [
  '| method | path | who may call it | no session | admin of another kingdom | admin of this kingdom | superadmin | wrong code | feature | notes |',
  '| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |',
];
process.stdout.write(`${[...header, ...ROUTES.map(docRow)].join('\n')}\n`);
