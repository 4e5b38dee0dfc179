import { AppError } from '../errors.ts';
import type { ParseJob, ParseReply } from './parse-off-thread.ts';
import { parseScanFile, readTable } from './parse-scan.ts';

/**
 * A reader process (see parse-off-thread.ts): reads one file per message with the same functions the import would
 * call in the server's own process, and answers with their result or their refusal. Errors are sent as plain data,
 * because an AppError's class does not survive the trip; the server builds it again.
 */
const send = process.send?.bind(process);
if (!send) throw new Error('parse-worker.ts runs only as a reader process started by parse-off-thread.ts');

process.on('message', (job: ParseJob) => {
  send(run(job));
});
// The server went away: so does its reader.
process.on('disconnect', () => process.exit(0));
send('ready');

function run(job: ParseJob): ParseReply {
  const content = Buffer.from(job.content.buffer, job.content.byteOffset, job.content.byteLength);
  try {
    const value =
      job.task === 'scan'
        ? parseScanFile(content, job.fileName, ...(job.options as OptionsOf<typeof parseScanFile>))
        : readTable(content, job.fileName, ...(job.options as OptionsOf<typeof readTable>));
    return { id: job.id, ok: true, value };
  } catch (error) {
    if (error instanceof AppError) {
      return {
        id: job.id,
        ok: false,
        refusal: { code: error.code, message: error.message, issues: error.issues },
      };
    }
    const failure = error instanceof Error ? error : new Error(String(error));
    return {
      id: job.id,
      ok: false,
      failure: { name: failure.name, message: failure.message, stack: failure.stack },
    };
  }
}

type OptionsOf<F extends (content: Buffer, fileName: string, ...rest: never[]) => unknown> = F extends (
  content: Buffer,
  fileName: string,
  ...rest: infer R
) => unknown
  ? R
  : never;
