import { SWITCH_NAMES } from '@rostra/core/allocation/scenario';
import {
  allocationAnswer,
  allocationSettingsBody,
  menuFlagsBody,
  menuScopesAnswer,
} from '@rostra/core/api/settings';
import {
  checkAllocationSettings,
  checkMenuFlags,
  effectiveMaxConsecutiveDays,
  effectiveMinRest,
  effectiveOptimiseBudget,
  effectiveSwitches,
  effectiveTravelRoadFactor,
  effectiveTravelSpeed,
  MENU_SCOPES,
} from '@rostra/core/settings/documents';
import { recheckedSchema } from '@rostra/core/timeline/rechecked';
import { listScopedDocuments, putScopedDocument } from '@rostra/db/admin/role-settings';
import { getSettingsDocument, putSettingsDocument } from '@rostra/db/scheduling/settings-documents';
import { DISPATCHERS, requireAuth } from '../http/access.ts';
import { API, type App } from '../http/api.ts';
import { CONFLICT, expectedVersion, recordResponse, withETag, written } from '../http/kit.ts';
import { refused } from './http.ts';

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
        response: { 200: menuScopesAnswer },
      },
    },
    async (request) => {
      const caller = requireAuth(request);
      const stored = await listScopedDocuments(db(), caller.orgId, 'menu');
      return {
        scopes: MENU_SCOPES.map((role) => {
          const doc = stored.find((d) => d.role === role);
          return { role, value: flagsOf(doc?.value), version: doc?.version ?? 0 };
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
        response: { ...CONFLICT, 200: recordResponse },
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
        response: { 200: allocationAnswer },
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
        response: { ...CONFLICT, 200: allocationAnswer.extend({ rechecked: recheckedSchema.optional() }) },
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

/** The on/off flags of a stored menu document (anything else an import left there is not one). */
function flagsOf(stored: Record<string, unknown> | undefined): Record<string, boolean> {
  const flags: Record<string, boolean> = {};
  for (const [key, value] of Object.entries(stored ?? {})) if (typeof value === 'boolean') flags[key] = value;
  return flags;
}

function answer(stored: Record<string, unknown>, version: number) {
  const switches = effectiveSwitches(stored.switches);
  return {
    _key: 'allocation' as const,
    week_start_day: typeof stored.week_start_day === 'number' ? stored.week_start_day : 0,
    switches,
    switch_names: [...SWITCH_NAMES],
    min_rest_minutes: effectiveMinRest(stored.min_rest_minutes),
    optimise_budget_ms: effectiveOptimiseBudget(stored.optimise_budget_ms),
    max_consecutive_days: effectiveMaxConsecutiveDays(stored.max_consecutive_days),
    travel_road_factor: effectiveTravelRoadFactor(stored.travel_road_factor),
    travel_speed_kmh: effectiveTravelSpeed(stored.travel_speed_kmh),
    version,
  };
}
