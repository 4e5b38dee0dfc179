import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/**
 * The Content-Security-Policy of the built app. Vite emits no inline script (one module script and stylesheets from
 * /assets), React sets inline styles through the DOM (element.style), which style-src does not govern, and the only
 * non-file resource is the data: favicon in index.html. So everything is 'self': an injected <script>, inline event
 * handler, eval, foreign image (a tracking pixel) or a fetch to another origin is refused by the browser.
 * External links (shop, premium) are plain navigations, which CSP does not restrict.
 */
export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
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

/** Headers every answer carries, so that browsers refuse framing, content sniffing and injected content. */
export const securityHeadersPlugin = fp(async (app: FastifyInstance) => {
  app.addHook('onSend', async (request, reply) => {
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
