import fastifyHelmet from '@fastify/helmet';
import type { App } from '../http/api.ts';

/**
 * Security headers on every answer (@fastify/helmet). The Content-Security-Policy fits what the
 * app serves: the Vite-built SPA (module scripts from its own origin, styles and style attributes
 * from Tailwind and React), the API docs (own scripts, inline style attributes, data: images)
 * and the live socket. HSTS and upgrade-insecure-requests only when the app is served over HTTPS,
 * so a plain-HTTP development or LAN setup keeps working.
 */
export async function installSecurityHeaders(app: App, publicUrl: string): Promise<void> {
  const url = new URL(publicUrl);
  const isHttps = url.protocol === 'https:';
  const socket = `${isHttps ? 'wss' : 'ws'}://${url.host}`;
  await app.register(fastifyHelmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        baseUri: ["'self'"],
        scriptSrc: ["'self'"],
        scriptSrcAttr: ["'none'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'", socket],
        frameSrc: ["'self'", 'https:'],
        frameAncestors: ["'self'"],
        formAction: ["'self'"],
        objectSrc: ["'none'"],
        ...(isHttps ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    strictTransportSecurity: isHttps ? { maxAge: 15_552_000, includeSubDomains: true } : false,
    // The SPA opens the identity provider's page in a popup (spec §9: 500x600) and reads the result.
    crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
  });
}
