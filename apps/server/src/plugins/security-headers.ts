import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/**
 * The Content-Security-Policy of the built app. Its scripts are files from /assets but for the page's first script,
 * which the build writes into index.html and the page allows by its hash (`scriptHashes`, web-app.ts); React sets
 * inline styles through the DOM (element.style), which style-src does not govern, and the only non-file resource is
 * the data: favicon in index.html. So everything else is 'self': an injected <script>, inline event handler, eval,
 * foreign image (a tracking pixel) or a fetch to another origin is refused by the browser. External links (shop,
 * premium) are plain navigations, which CSP does not restrict.
 */
export function contentSecurityPolicy(scriptHashes: readonly string[] = []): string {
  return [
    "default-src 'self'",
    ["script-src 'self'", ...scriptHashes.map((hash) => `'${hash}'`)].join(' '),
    "style-src 'self'",
    "img-src 'self' data:",
    "font-src 'self'",
    "connect-src 'self'",
    // Spreadsheet exports are built in the browser and saved through a blob: URL.
    "worker-src 'self' blob:",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

export const CONTENT_SECURITY_POLICY = contentSecurityPolicy();

/** Headers every answer carries, so that browsers refuse framing, content sniffing and injected content. */
export const securityHeadersPlugin = fp(async (app: FastifyInstance) => {
  app.addHook('onSend', async (request, reply) => {
    // The app's pages set their own, which allows their inline first script by its hash (web-app.ts).
    if (!reply.hasHeader('Content-Security-Policy'))
      reply.header('Content-Security-Policy', CONTENT_SECURITY_POLICY);
    reply.header('X-Content-Type-Options', 'nosniff');
    reply.header('X-Frame-Options', 'DENY');
    reply.header('Referrer-Policy', 'no-referrer');
    reply.header('Cross-Origin-Opener-Policy', 'same-origin');
    reply.header('Cross-Origin-Resource-Policy', 'same-origin');
    reply.header('Permissions-Policy', 'camera=(), microphone=(), geolocation=(), payment=(), usb=()');
    // Only over HTTPS (directly or, with TRUST_PROXY, as the proxy says): over plain HTTP it would be ignored, and
    // a local http://localhost must stay reachable.
    if (request.protocol === 'https') {
      reply.header('Strict-Transport-Security', 'max-age=31536000; includeSubDomains');
    }
  });
});
