import { createInterface } from 'node:readline/promises';
import type { CliIo } from './context.ts';

/**
 * Asks the person to type `expected` before something that cannot be undone (the way hosting tools confirm a
 * deletion); `--yes` skips the question for scripts. Piped input answers with its first line.
 */
export async function confirmByTyping(
  io: Pick<CliIo, 'stdin' | 'stderr'>,
  expected: string,
  question: string,
): Promise<void> {
  io.stderr.write(question);
  const answer = (await readLine(io)).trim();
  if (answer !== expected) {
    throw new Error(`Not confirmed (you typed "${answer}", not ${expected}); nothing was deleted`);
  }
}

async function readLine({ stdin, stderr }: Pick<CliIo, 'stdin' | 'stderr'>): Promise<string> {
  if (!stdin.isTTY) return firstLine(stdin);
  const prompt = createInterface({ input: stdin, output: stderr as NodeJS.WritableStream });
  try {
    return await prompt.question('');
  } finally {
    prompt.close();
  }
}

/** The first line of piped input (all of it is read: the writer is not left blocked on a full pipe). */
export async function firstLine(stdin: NodeJS.ReadableStream): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of stdin) chunks.push(typeof chunk === 'string' ? Buffer.from(chunk) : chunk);
  return Buffer.concat(chunks).toString('utf8').split(/\r?\n/)[0] ?? '';
}
