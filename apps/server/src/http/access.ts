import { timingSafeEqual } from 'node:crypto';
import type { AnyMenuKey } from '@rostra/core/shell/menu';
import { ALERT_TEXT } from '@rostra/core/shell/messages';
import { screenReaders } from '@rostra/core/shell/screen-access';
import type { Reader } from '@rostra/db/identity/readers';
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import { SERVER_IDENTITY_TEXT } from '../identity/messages.ts';
import { errorBody, HttpError } from './errors.ts';

/** The roles of a membership (shell spec §6). */
export const ROLES = ['dispatcher', 'scheduler', 'resource', 'customer'] as const;
export type Role = (typeof ROLES)[number];

/**
 * The tenant table an id-addressed route reads or writes, so that the generated access test can
 * make a record of that kind in one organisation and prove another organisation cannot reach it.
 * `param` is the path parameter holding the id (default 'id'); `idColumn` the table's id column
 * (default 'id'). `where`: column values the record must have for the route to address it (a
 * table shared by several kinds, e.g. `org_documents` `{ kind: 'equipment' }`).
 */
export type RecordRef = {
  table: string;
  param?: string;
  idColumn?: string;
  where?: Readonly<Record<string, string>>;
};

/**
 * Who may call a route. Every `/api` route declares it in `config.access`; a route without one
 * fails at start-up, so an undeclared route can never be served.
 * - `public`: anyone, signed in or not.
 * - `monitoring`: a monitoring system, not a user (`/metrics`): the METRICS_TOKEN bearer token, or
 *   without one a connection from this machine (see health/metrics.ts). No session admits it.
 * - `operator`: whoever runs the product, not a member of any organisation (publishing a release,
 *   which every organisation sees): the OPERATOR_TOKEN bearer token. Without one set the route
 *   refuses everyone (the `rostra` command line does the same on the server). No session admits it.
 * - `signedIn`: a signed-in caller acting in an organisation (their active membership).
 *   - `roles` / `duties`: only these roles, or holders of one of these duties (either suffices);
 *   - `beforeTerms`: also before the current terms are accepted (the terms flow itself, /me, …);
 *   - `withoutOrg`: also a signed-in user with no membership (guests, new accounts) — such a
 *     route reads `request.signedIn`, not `request.auth`;
 *   - `record`: the route addresses one record by a path parameter (see RecordRef).
 */
export type Access =
  | { kind: 'public' }
  | { kind: 'monitoring' }
  | { kind: 'operator' }
  | {
      kind: 'signedIn';
      roles?: readonly Role[];
      duties?: readonly string[];
      beforeTerms?: boolean;
      withoutOrg?: boolean;
      record?: RecordRef;
    };

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
  }
  interface FastifyRequest {
    /** The caller acting in their active organisation; set on every `signedIn` route. */
    auth: Caller | undefined;
    /** The signed-in user (also without an organisation); set on every `signedIn` route. */
    signedIn: SignedInUser | undefined;
    /** Whether the caller has yet to accept the current terms (set on every `signedIn` route). */
    termsRequired: boolean;
  }
}

export const PUBLIC: Access = { kind: 'public' };
/** The product's operator (the OPERATOR_TOKEN bearer token), never a session. */
export const OPERATOR: Access = { kind: 'operator' };
/** Any member of the organisation, any role. */
export const MEMBERS: Access = { kind: 'signedIn' };
export const DISPATCHERS: Access = { kind: 'signedIn', roles: ['dispatcher'] };
/** Catalogue readers: dispatchers and partners (a duty). */
export const CATALOGUE_READERS: Access = { kind: 'signedIn', roles: ['dispatcher'], duties: ['partner'] };

/** `access` for a route that addresses one record by a path parameter (see RecordRef). */
export const withRecord = (access: Access, record: RecordRef): Access =>
  access.kind === 'signedIn' ? { ...access, record } : access;

/**
 * The access of a screen's data routes, from the core's screen-access table (the same table the
 * web menu reads): exactly whom the screen admits, so the menu offers a screen to a role if and
 * only if its data answers that role. Data several screens read: pass them all (their union).
 */
export function screenAccess(...keys: readonly [AnyMenuKey, ...AnyMenuKey[]]): Access {
  const readers = screenReaders(...keys);
  return {
    kind: 'signedIn',
    roles: readers.roles,
    ...(readers.duties ? { duties: readers.duties } : {}),
  };
}

/** A signed-in person, whether or not they act in an organisation. */
export type SignedInUser = {
  uid: string;
  /** The session the request belongs to (a bearer token names its session). */
  sessionId: string;
  /** How the request proved who it is. */
  via: 'cookie' | 'bearer';
  isAnonymous: boolean;
};

/** The caller on a `signedIn` route: who they are and the membership they act in. */
export type Caller = SignedInUser & {
  orgId: string;
  role: Role;
  duties: readonly string[];
  /** The resource record this user is in the organisation (role resource). */
  resourceId: string | null;
  /** The customer record this user is in the organisation (role customer). */
  customerId: string | null;
};

/** What the identity layer found out about a request. */
export type Authentication =
  | { status: 'none' }
  | { status: 'invalid'; code: string; message: string }
  | {
      status: 'signedIn';
      user: SignedInUser;
      /** Undefined when the user has no active membership. */
      caller: Caller | undefined;
      /** Whether the caller still has to accept the current terms. */
      mustAcceptTerms: boolean;
    };

export type Authenticator = (request: FastifyRequest) => Promise<Authentication>;

/** A route as registered: method, URL and its declaration. */
export type DeclaredRoute = { method: string; url: string; access: Access };

declare module 'fastify' {
  interface FastifyInstance {
    /** Every `/api` route with its access declaration, in registration order. */
    declaredRoutes: DeclaredRoute[];
  }
}

/**
 * Refuses, at registration, any `/api` route that does not say who may call it. Routes outside
 * `/api` that declare it (the operational /healthz, /readyz, /metrics) are listed too, so the
 * generated access and robustness tests walk them like the API.
 */
export function requireAccessDeclarations(app: FastifyInstance): void {
  const declared: DeclaredRoute[] = [];
  app.decorate('declaredRoutes', declared);
  app.addHook('onRoute', (route: RouteOptions) => {
    const access = (route.config as { access?: Access } | undefined)?.access;
    const isApi = route.url.startsWith('/api/') && !route.url.startsWith('/api/docs');
    if (!isApi && !access) return;
    if (!access) throw new Error(`Route ${String(route.method)} ${route.url} does not declare its access`);
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) {
      if (method !== 'HEAD') declared.push({ method: String(method), url: route.url, access });
    }
  });
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Enforces every route's declaration before its handler runs (and before its body is parsed):
 * the origin of cookie-authenticated writes, then who the caller is (401), whether they act in
 * an organisation (403 not_a_member), their role or duty (403), and the terms (403
 * terms_required). On success the caller is on `request.auth` / `request.signedIn`.
 */
export function installAccessControl(
  app: FastifyInstance,
  input: {
    authenticate: Authenticator;
    trustedOrigins: readonly string[];
    /** Whether a request comes from the monitoring system (`monitoring` routes). */
    isMonitoring: (request: FastifyRequest) => boolean;
    /** Whether a request carries the operator's token (`operator` routes). */
    isOperator: (request: FastifyRequest) => boolean;
  },
): void {
  app.decorateRequest('auth', undefined);
  app.decorateRequest('signedIn', undefined);
  app.decorateRequest('termsRequired', false);
  app.addHook('onRequest', async (request, reply) => {
    const access = request.routeOptions.config?.access;
    if (!access) return;
    if (!isOriginAllowed(request, input.trustedOrigins)) {
      return refuse(reply, 403, 'origin_refused', SERVER_IDENTITY_TEXT.originRefused);
    }
    if (access.kind === 'public') return;
    if (access.kind === 'monitoring') {
      if (input.isMonitoring(request)) return;
      return refuse(reply, 401, 'unauthenticated', MONITORING_ONLY);
    }
    if (access.kind === 'operator') {
      if (input.isOperator(request)) return;
      return refuse(reply, 401, 'unauthenticated', OPERATOR_ONLY);
    }

    const found = await input.authenticate(request);
    if (found.status === 'none')
      return refuse(reply, 401, 'unauthenticated', SERVER_IDENTITY_TEXT.signInRequired);
    if (found.status === 'invalid') return refuse(reply, 401, found.code, found.message);
    request.signedIn = found.user;
    request.auth = found.caller;
    request.termsRequired = found.mustAcceptTerms;
    if (access.withoutOrg && !found.caller) return;
    const caller = found.caller;
    if (!caller) return refuse(reply, 403, 'not_a_member', ALERT_TEXT.notAMember);
    if (!isRoleAllowed(access, caller)) {
      const message = SAFE_METHODS.has(request.method)
        ? SERVER_IDENTITY_TEXT.readDenied
        : ALERT_TEXT.accessDenied;
      return refuse(reply, 403, 'forbidden', message);
    }
    if (found.mustAcceptTerms && !access.beforeTerms) {
      return refuse(reply, 403, 'terms_required', SERVER_IDENTITY_TEXT.termsRequired);
    }
  });
}

function refuse(reply: FastifyReply, status: number, code: string, message: string) {
  return reply.status(status).send(errorBody(code, message));
}

/** The refusal of a `monitoring` route to anyone else. */
export const MONITORING_ONLY =
  'This is for monitoring: send the METRICS_TOKEN setting as a bearer token (without one set, ask from the server itself).';

/** The refusal of an `operator` route to anyone else. */
export const OPERATOR_ONLY =
  "This is for the product's operator: send the OPERATOR_TOKEN setting as a bearer token (or use the rostra command line).";

/**
 * Whether a request carries `Authorization: Bearer <token>` (compared in constant time); never
 * when no token is set.
 */
export function bearerCaller(token: string | undefined): (request: FastifyRequest) => boolean {
  if (!token) return () => false;
  const expected = Buffer.from(`Bearer ${token}`);
  return (request) => {
    const given = Buffer.from(request.headers.authorization ?? '');
    return given.length === expected.length && timingSafeEqual(given, expected);
  };
}

/** Roles and duties of a declaration: no list means any member; either list admits. */
export function isRoleAllowed(access: Access, caller: Pick<Caller, 'role' | 'duties'>): boolean {
  if (access.kind === 'public') return true;
  if (access.kind === 'monitoring' || access.kind === 'operator') return false;
  if (!access.roles && !access.duties) return true;
  return (
    (access.roles?.includes(caller.role) ?? false) ||
    (access.duties?.some((d) => caller.duties.includes(d)) ?? false)
  );
}

/**
 * Writes that ride on the session cookie must come from the app's own pages (CSRF): their Origin
 * (or, without one, their Referer) must be a trusted origin. A WebSocket upgrade counts as a
 * write: it is a GET, but any page may open one with the user's cookies and read what comes back
 * (no CORS applies to it), and a browser always sends its Origin. Bearer-token requests carry
 * their credential explicitly and are not subject to it.
 */
function isOriginAllowed(request: FastifyRequest, trusted: readonly string[]): boolean {
  if (SAFE_METHODS.has(request.method) && !isWebSocketUpgrade(request)) return true;
  if (!request.headers.cookie) return true;
  if (/^bearer /i.test(request.headers.authorization ?? '')) return true;
  const origin = request.headers.origin ?? originOf(request.headers.referer);
  return origin !== undefined && trusted.includes(origin);
}

function isWebSocketUpgrade(request: FastifyRequest): boolean {
  return request.headers.upgrade?.toLowerCase() === 'websocket';
}

function originOf(url: string | undefined): string | undefined {
  if (!url) return undefined;
  try {
    return new URL(url).origin;
  } catch {
    return undefined;
  }
}

/**
 * The caller of a `signedIn` route. The access hook has already refused everyone else, so this
 * only throws when a route uses it without declaring `signedIn` (a programming error → 401).
 */
export function requireAuth(request: FastifyRequest): Caller {
  if (!request.auth) throw new HttpError(401, 'unauthenticated', SERVER_IDENTITY_TEXT.signInRequired);
  return request.auth;
}

/** The signed-in user of a `signedIn` route, also on `withoutOrg` routes. */
export function requireUser(request: FastifyRequest): SignedInUser {
  if (!request.signedIn) throw new HttpError(401, 'unauthenticated', SERVER_IDENTITY_TEXT.signInRequired);
  return request.signedIn;
}

/**
 * The readers-list rule (`_uid_r`, shell spec §6): dispatchers read every record of their
 * organisation; everyone else only records whose readers list holds their uid. Pass a record
 * kind's list, or `undefined` for kinds that carry no list (then the organisation scope alone
 * applies). An empty list is visible to dispatchers only.
 */
export function canRead(caller: Caller, readers: readonly string[] | null | undefined): boolean {
  if (caller.role === 'dispatcher') return true;
  if (readers === undefined || readers === null) return true;
  return readers.includes(caller.uid);
}

/** The same rule for queries: pass to `readableBy(column, readerOf(caller))` from @rostra/db. */
export function readerOf(caller: Caller): Reader {
  return { uid: caller.uid, seesAll: caller.role === 'dispatcher' };
}
