import { createInterface } from 'node:readline/promises';

/**
 * Asks the person to type `expected` before something that cannot be undone (the way hosting tools confirm a
 * deletion); `--yes` skips the question for scripts. Piped input answers with its first line.
 */
export async function confirmByTyping(expected: string, question: string): Promise<void> {
  process.stderr.write(question);
  const answer = (await readLine()).trim();
  if (answer !== expected) {
    throw new Error(`Not confirmed (you typed "${answer}", not ${expected}); nothing was deleted`);
  }
}

async function readLine(): Promise<string> {
  if (!process.stdin.isTTY) {
    const chunks: Buffer[] = [];
    for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks).toString('utf8').split(/\r?\n/)[0] ?? '';
  }
  const prompt = createInterface({ input: process.stdin, output: process.stderr });
  try {
    return await prompt.question('');
  } finally {
    prompt.close();
  }
}
