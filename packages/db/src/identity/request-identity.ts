import { sql } from 'drizzle-orm';
import type { Db } from '../client.ts';
import type { MembershipRow } from './memberships.ts';

/**
 * Everything the access check of one request needs about its session, in ONE statement: the
 * session (by its cookie token or, for a bearer token, by id), its user's anonymity, the
 * membership it acts in (the session's active one, or the one a token names) with the
 * organisation's name, and the user's accepted terms. Every API request runs this, so it is a
 * single round trip instead of the four reads (session, user, membership, terms) it replaces.
 * A session started from a sign-in token acts only in the membership it is bound to: any other
 * (a bearer token naming another) reads as no membership.
 */
export type RequestIdentity = {
  sessionId: string;
  userId: string;
  expiresAt: Date;
  activeOrganizationId: string | null;
  activeRole: string | null;
  isAnonymous: boolean;
  membership: MembershipRow | undefined;
  acceptedTerms: Record<string, { accepted: boolean }>;
};

type Row = {
  id: string;
  user_id: string;
  expires_at: Date | string;
  active_organization_id: string | null;
  active_role: string | null;
  is_anonymous: boolean | null;
  m_org_id: string | null;
  m_org_name: string | null;
  m_role: string | null;
  m_duties: string[] | null;
  m_resource_id: string | null;
  m_customer_id: string | null;
  terms: Record<string, boolean> | string | null;
};

export async function findRequestIdentity(
  db: Db,
  by: { token: string } | { sessionId: string; membership: { orgId: string; role: string } },
): Promise<RequestIdentity | undefined> {
  const where = 'token' in by ? sql`s.token = ${by.token}` : sql`s.id = ${by.sessionId}`;
  const orgId = 'token' in by ? sql`s.active_organization_id` : sql`${by.membership.orgId}::text`;
  const role = 'token' in by ? sql`s.active_role` : sql`${by.membership.role}::text`;
  const res = (await db.execute(sql`
    select s.id, s.user_id, s.expires_at, s.active_organization_id, s.active_role, u.is_anonymous,
           m.org_id as m_org_id, m.name as m_org_name, m.role as m_role, m.duties as m_duties,
           m.resource_id as m_resource_id, m.customer_id as m_customer_id,
           (select json_object_agg(t.version, t.accepted) from accepted_terms t where t.user_id = s.user_id) as terms
      from session s
      join "user" u on u.id = s.user_id
      left join lateral (
        select ms.org_id, o.name, ms.role, ms.duties, ms.resource_id, ms.customer_id
          from memberships ms join organisations o on o.id = ms.org_id
         where ms.user_id = s.user_id and ms.org_id = ${orgId} and ms.role = ${role}
           and (s.bound_org_id is null or (ms.org_id = s.bound_org_id and ms.role = s.bound_role))
         limit 1) m on true
     where ${where}
     limit 1`)) as unknown as { rows: Row[] };
  const row = res.rows[0];
  if (!row) return undefined;
  const terms =
    typeof row.terms === 'string' ? (JSON.parse(row.terms) as Record<string, boolean>) : row.terms;
  return {
    sessionId: row.id,
    userId: row.user_id,
    expiresAt: new Date(row.expires_at),
    activeOrganizationId: row.active_organization_id,
    activeRole: row.active_role,
    isAnonymous: Boolean(row.is_anonymous),
    membership:
      row.m_org_id !== null && row.m_role !== null
        ? {
            orgId: row.m_org_id,
            orgName: row.m_org_name ?? '',
            role: row.m_role,
            duties: row.m_duties ?? [],
            resourceId: row.m_resource_id,
            customerId: row.m_customer_id,
          }
        : undefined,
    acceptedTerms: Object.fromEntries(
      Object.entries(terms ?? {}).map(([version, accepted]) => [version, { accepted: Boolean(accepted) }]),
    ),
  };
}
