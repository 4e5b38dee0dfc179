import { firstLine } from './confirm.ts';
import type { CliIo } from './context.ts';

/**
 * Reads a password from standard input: typed at a hidden prompt in a terminal, or the first line of piped input.
 * Never from an argument, where it would land in shell history and the process list.
 */
export async function readPassword(
  { stdin, stderr }: Pick<CliIo, 'stdin' | 'stderr'>,
  prompt: string,
): Promise<string> {
  if (!stdin.isTTY || !stdin.setRawMode) return (await firstLine(stdin)).trim();
  const setRawMode = stdin.setRawMode.bind(stdin);
  stderr.write(prompt);
  setRawMode(true);
  stdin.resume();
  stdin.setEncoding('utf8');
  return new Promise((resolve, reject) => {
    let password = '';
    const onData = (key: string) => {
      for (const char of key) {
        if (char === '\r' || char === '\n') {
          finish();
          resolve(password);
          return;
        }
        if (char === '\u0003') {
          finish();
          reject(new Error('Cancelled'));
          return;
        }
        if (char === '\u007f') password = password.slice(0, -1);
        else password += char;
      }
    };
    const finish = () => {
      stdin.off('data', onData);
      setRawMode(false);
      stdin.pause();
      stderr.write('\n');
    };
    stdin.on('data', onData);
  });
}
