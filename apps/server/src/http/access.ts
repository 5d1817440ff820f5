import type { FastifyInstance, RouteOptions } from 'fastify';

/** The roles of a membership (shell spec §6). */
export const ROLES = ['dispatcher', 'scheduler', 'resource', 'customer'] as const;
export type Role = (typeof ROLES)[number];

/**
 * Who may call a route. Every `/api` route declares it in `config.access`; a route without one
 * fails at start-up, so an undeclared route can never be served.
 * - `public`: anyone, signed in or not.
 * - `signedIn`: any signed-in caller with an active organisation, optionally limited to roles or
 *   partner duty (either one suffices), and optionally allowed before accepting the terms.
 */
export type Access =
  | { kind: 'public' }
  | { kind: 'signedIn'; roles?: readonly Role[]; duties?: readonly string[]; beforeTerms?: boolean };

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
  }
}

export const PUBLIC: Access = { kind: 'public' };

/** Refuses, at registration, any `/api` route that does not say who may call it. */
export function requireAccessDeclarations(app: FastifyInstance): void {
  app.addHook('onRoute', (route: RouteOptions) => {
    if (!route.url.startsWith('/api/') || route.url.startsWith('/api/docs')) return;
    const access = (route.config as { access?: Access } | undefined)?.access;
    if (!access) throw new Error(`Route ${String(route.method)} ${route.url} does not declare its access`);
  });
}
