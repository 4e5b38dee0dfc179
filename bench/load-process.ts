/**
 * Runs bench/load.ts's measureLoad in a Node.js process of its own. Latencies are timed by the load generator: in
 * the benchmark's main process, whose heap holds everything the earlier measurements left, its garbage collection
 * pauses would be counted as the server's slowness.
 */
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { type LoadOptions, type LoadResult, measureLoad } from './load.ts';

const RUN_FLAG = '--run-load';

export function measureLoadInProcess(options: LoadOptions): Promise<LoadResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', fileURLToPath(import.meta.url), RUN_FLAG, JSON.stringify(options)],
      { stdio: ['ignore', 'pipe', 'inherit'] },
    );
    let output = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      output += chunk;
    });
    child.once('error', reject);
    child.once('exit', (code) => {
      if (code !== 0) {
        reject(new Error(`the load generator exited with ${code}`));
        return;
      }
      try {
        resolve(JSON.parse(output.trim().split('\n').at(-1) ?? '') as LoadResult);
      } catch {
        reject(new Error(`the load generator answered no result: ${output.slice(-300)}`));
      }
    });
  });
}

if (process.argv[2] === RUN_FLAG) {
  const result = await measureLoad(JSON.parse(process.argv[3] ?? '{}') as LoadOptions);
  process.stdout.write(`${JSON.stringify(result)}\n`);
}
