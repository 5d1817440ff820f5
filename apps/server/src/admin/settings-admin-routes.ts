import { SWITCH_NAMES } from '@rostra/core/allocation/scenario';
import {
  checkAllocationSettings,
  checkMenuFlags,
  effectiveSwitches,
  MENU_SCOPES,
} from '@rostra/core/settings/documents';
import { recheckedSchema } from '@rostra/core/timeline/rechecked';
import { listScopedDocuments, putScopedDocument } from '@rostra/db/admin/role-settings';
import { getSettingsDocument, putSettingsDocument } from '@rostra/db/scheduling/settings-documents';
import { z } from 'zod';
import { DISPATCHERS, requireAuth } from '../http/access.ts';
import { API, type App } from '../http/api.ts';
import { expectedVersion, recordResponse, VERSION, withETag, written } from '../http/kit.ts';
import { refused } from './http.ts';

const FLAG_KEY = z.string().max(60);

export const menuFlagsBody = z.strictObject({
  role: z.enum(MENU_SCOPES).describe("'' for the whole organisation, else the role whose flags override it"),
  value: z.record(FLAG_KEY, z.boolean()),
  version: VERSION.optional(),
});

export const allocationSettingsBody = z.strictObject({
  week_start_day: z.number().optional().describe('0 = Sunday … 6 = Saturday'),
  switches: z
    .record(FLAG_KEY, z.boolean())
    .optional()
    .describe('the contract switch names; true = skip that check'),
  version: VERSION.optional(),
});

const scope = z.object({ role: z.string(), value: z.record(z.string(), z.unknown()), version: z.number() });

/**
 * Settings only the /settings screen edits: the menu flags of each scope (organisation-wide and
 * per role: a role's flags override the organisation's for that role), and the allocation
 * settings (week start day, the contract's switches). Writes are versioned (stale → 409) and
 * broadcast live on the `settings` topic.
 */
export function settingsAdminRoutes(app: App): void {
  const db = () => app.deps.db.db;

  app.get(
    `${API}/menu-flags`,
    {
      config: { access: DISPATCHERS },
      schema: {
        tags: ['settings'],
        summary: 'The menu flags of every scope (organisation-wide first, then each role)',
        response: { 200: z.object({ scopes: z.array(scope) }) },
      },
    },
    async (request) => {
      const caller = requireAuth(request);
      const stored = await listScopedDocuments(db(), caller.orgId, 'menu');
      return {
        scopes: MENU_SCOPES.map((role) => {
          const doc = stored.find((d) => d.role === role);
          return { role, value: doc?.value ?? {}, version: doc?.version ?? 0 };
        }),
      };
    },
  );

  app.put(
    `${API}/menu-flags`,
    {
      config: { access: DISPATCHERS },
      schema: {
        tags: ['settings'],
        summary: 'Replace the menu flags of one scope (version 0 when never stored; stale → 409)',
        body: menuFlagsBody,
        response: { 200: recordResponse },
      },
    },
    async (request) => {
      const caller = requireAuth(request);
      const { role, value, version } = request.body;
      const checked = checkMenuFlags(value);
      if (!checked.ok) throw refused(checked.issues, 'value');
      const expected = expectedVersion(request, version);
      return written(await putScopedDocument(db(), caller.orgId, 'menu', role, checked.value, expected));
    },
  );

  app.get(
    `${API}/allocation-settings`,
    {
      config: { access: DISPATCHERS },
      schema: {
        tags: ['settings'],
        summary: 'The allocation settings: week start day and every switch in effect (true = skip)',
        response: { 200: recordResponse },
      },
    },
    async (request, reply) => {
      const caller = requireAuth(request);
      const doc = await getSettingsDocument(db(), caller.orgId, 'allocation');
      return withETag(reply, answer(doc.value, doc.version));
    },
  );

  app.put(
    `${API}/allocation-settings`,
    {
      config: { access: DISPATCHERS },
      schema: {
        tags: ['settings'],
        summary: 'Replace the allocation settings (version 0 when never stored; stale → 409)',
        body: allocationSettingsBody,
        // The organisation's bookings from today on re-checked under the new switches.
        response: { 200: recordResponse.extend({ rechecked: recheckedSchema.optional() }) },
      },
    },
    async (request, reply) => {
      const caller = requireAuth(request);
      const { version, ...value } = request.body;
      const checked = checkAllocationSettings(value);
      if (!checked.ok) throw refused(checked.issues);
      const expected = expectedVersion(request, version);
      // Only the dispatchers read it (allocation is theirs): the live event goes to them.
      const doc = written(
        await putSettingsDocument(
          db(),
          caller.orgId,
          'allocation',
          checked.value,
          expected,
          { dispatchers: true },
          app.identity.now(),
        ),
      );
      return withETag(reply, { ...answer(doc.value, doc.version), rechecked: doc.rechecked });
    },
  );
}

function answer(stored: Record<string, unknown>, version: number) {
  const switches = effectiveSwitches(stored.switches);
  return {
    _key: 'allocation',
    week_start_day: typeof stored.week_start_day === 'number' ? stored.week_start_day : 0,
    switches,
    switch_names: [...SWITCH_NAMES],
    version,
  };
}
