// The reader process's first module, plain JavaScript so that it starts whatever the server runs under
// (`node --import tsx`, the tsx CLI, vitest): it registers tsx for itself, then loads the TypeScript reader.
import { register } from 'tsx/esm/api';

register();
await import('./parse-worker.ts');
