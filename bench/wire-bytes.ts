/**
 * Bytes on the wire, read from the running bench server as a browser would get them: the dashboard route's
 * JavaScript and CSS and index.html (brotli, as browsers ask for it, against no compression), and the player
 * export's largest page of the scale kingdom (gzip, against none). Counted on the socket, so compression by the
 * server is what is measured, not the size of a file on disk.
 */
import { get } from 'node:http';
import { MAX_EXPORT_PAGE_SIZE } from '@kingdom-stats/core';

export interface WireBytes {
  /** index.html, the entry script and preloads, the dashboard route's chunks and CSS (as in web-bundle.ts). */
  dashboardAssets: { files: number; identityBytes: number; brotliBytes: number; gzipBytes: number };
  exportPage: { rows: number; identityBytes: number; gzipBytes: number };
}

interface Fetched {
  status: number;
  contentType: string;
  bytes: number;
  encoding: string;
  body: Buffer;
}

function fetchRaw(url: string, acceptEncoding: string): Promise<Fetched> {
  return new Promise((resolve, reject) => {
    get(url, { headers: { 'accept-encoding': acceptEncoding } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => {
        const body = Buffer.concat(chunks);
        resolve({
          status: res.statusCode ?? 0,
          contentType: String(res.headers['content-type'] ?? ''),
          bytes: body.length,
          encoding: String(res.headers['content-encoding'] ?? 'identity'),
          body,
        });
      });
      res.on('error', reject);
    }).on('error', reject);
  });
}

async function bytesOf(url: string, acceptEncoding: string): Promise<number> {
  const answer = await fetchRaw(url, acceptEncoding);
  if (answer.status !== 200) throw new Error(`${url} answered ${answer.status}`);
  // The app's page answers any unknown path: an asset answered with HTML is a file the build no longer has.
  const isPage = !new URL(url).pathname.startsWith('/assets/');
  if (!isPage && answer.contentType.startsWith('text/html')) {
    throw new Error(`${url} is not in the build being served (it was rebuilt meanwhile?)`);
  }
  return answer.bytes;
}

export async function measureWireBytes(options: {
  baseUrl: string;
  pagePath: string;
  assetPaths: readonly string[];
  kd: number;
  code: string;
}): Promise<WireBytes> {
  const urls = [options.pagePath, ...options.assetPaths].map((path) => new URL(path, options.baseUrl).href);
  const assets = { files: urls.length, identityBytes: 0, brotliBytes: 0, gzipBytes: 0 };
  for (const url of urls) {
    assets.identityBytes += await bytesOf(url, 'identity');
    assets.brotliBytes += await bytesOf(url, 'br, gzip');
    assets.gzipBytes += await bytesOf(url, 'gzip');
  }
  const exportUrl = new URL(
    `/api/dashboard/${options.kd}/data/${encodeURIComponent(options.code)}?pageSize=${MAX_EXPORT_PAGE_SIZE}`,
    options.baseUrl,
  ).href;
  const plain = await fetchRaw(exportUrl, 'identity');
  if (plain.status !== 200) throw new Error(`${exportUrl} answered ${plain.status}`);
  const rows =
    (JSON.parse(plain.body.toString('utf8')) as { playerData?: unknown[] }).playerData?.length ?? 0;
  return {
    dashboardAssets: assets,
    exportPage: { rows, identityBytes: plain.bytes, gzipBytes: await bytesOf(exportUrl, 'gzip') },
  };
}
