import { SHELL_SETTINGS_KEYS, shellSettingsAnswer, shellSettingsBody } from '@rostra/core/api/settings';
import { DISPLAY_DEFAULTS } from '@rostra/core/settings/defaults';
import { checkCaptions, checkDisplayFlags, checkMenuFlags } from '@rostra/core/settings/documents';
import type { Checked } from '@rostra/core/settings/issues';
import { getSettingsDocument, putSettingsDocument } from '@rostra/db/scheduling/settings-documents';
import { getSettings } from '@rostra/db/settings';
import { z } from 'zod';
import { refused } from '../admin/http.ts';
import { DISPATCHERS, MEMBERS, requireAuth } from '../http/access.ts';
import { API, type App } from '../http/api.ts';
import { HttpError } from '../http/errors.ts';
import { CONFLICT, expectedVersion, recordResponse, withETag, written } from '../http/kit.ts';

type ShellKey = (typeof SHELL_SETTINGS_KEYS)[number];

const FLAG_KEY = z.string().regex(/^[A-Za-z0-9_]{1,60}$/, 'a setting name: letters, digits and _');
/** What each document may hold: display flags are the known ones; menu flags and captions by name. */
const VALUES: Record<ShellKey, z.ZodType<Record<string, unknown>>> = {
  display: z.strictObject(
    Object.fromEntries(Object.keys(DISPLAY_DEFAULTS).map((k) => [k, z.boolean().optional()])) as Record<
      string,
      z.ZodOptional<z.ZodBoolean>
    >,
  ),
  menu: z.record(FLAG_KEY, z.boolean()).refine((v) => Object.keys(v).length <= 100, 'at most 100 flags'),
  captions: z
    .record(FLAG_KEY, z.string().max(80))
    .refine((v) => Object.keys(v).length <= 200, 'at most 200 captions'),
};

const CORE_RULES: Record<ShellKey, (value: unknown) => Checked<Record<string, unknown>>> = {
  display: checkDisplayFlags,
  menu: checkMenuFlags,
  captions: checkCaptions,
};

const keysQuery = z.strictObject({
  keys: z
    .string()
    .max(200)
    .optional()
    .describe('comma-separated: display, menu, captions (default all three)'),
});

/**
 * The shell's settings: `GET /settings?keys=display,menu,captions` for every member (each document
 * as the caller's role sees it: the organisation's value with the role's overrides on top; what is
 * not stored is the spec's default, merged by the reader), and `PUT /settings` for dispatchers
 * (replaces one organisation-wide document; a live `settings` event tells every member).
 */
export function shellSettingsRoutes(app: App): void {
  const db = () => app.deps.db.db;

  app.get(
    `${API}/settings`,
    {
      config: { access: MEMBERS },
      schema: {
        tags: ['settings'],
        summary: "The shell's settings documents (display, menu, captions) as the caller's role sees them",
        querystring: keysQuery,
        response: { 200: shellSettingsAnswer },
      },
    },
    async (request) => {
      const caller = requireAuth(request);
      const asked = request.query.keys?.split(',').map((k) => k.trim()) ?? [...SHELL_SETTINGS_KEYS];
      const unknown = asked.filter((k) => !(SHELL_SETTINGS_KEYS as readonly string[]).includes(k));
      if (unknown.length > 0) {
        throw new HttpError(400, 'invalid_keys', `Unknown settings: ${unknown.join(', ')}`, {
          allowed: SHELL_SETTINGS_KEYS,
        });
      }
      const keys = [...new Set(asked)] as ShellKey[];
      const answer: Record<string, unknown> = {};
      const versions: Record<string, number> = {};
      for (const key of keys) {
        answer[key] = await getSettings(db(), caller.orgId, key, caller.role);
        versions[key] = (await getSettingsDocument(db(), caller.orgId, key)).version;
      }
      return { ...answer, versions };
    },
  );

  app.put(
    `${API}/settings`,
    {
      config: { access: DISPATCHERS },
      schema: {
        tags: ['settings'],
        summary:
          'Replace one shell settings document for the organisation (version 0 when never stored; stale → 409)',
        body: shellSettingsBody,
        response: { ...CONFLICT, 200: recordResponse },
      },
    },
    async (request, reply) => {
      const caller = requireAuth(request);
      const { key, value, version } = request.body;
      const checked = VALUES[key].safeParse(value);
      if (!checked.success) {
        const issue = checked.error.issues[0];
        throw new HttpError(
          400,
          'invalid_settings',
          `${key}${issue?.path.length ? `.${issue.path.join('.')}` : ''}: ${issue?.message ?? 'invalid'}`,
        );
      }
      // The core's rules of each document (issue #8): menu keys, display flags, captions trimmed.
      const ruled = CORE_RULES[key](checked.data);
      if (!ruled.ok) throw refused(ruled.issues, key);
      const expected = expectedVersion(request, version);
      const doc = written(await putSettingsDocument(db(), caller.orgId, key, ruled.value, expected));
      return withETag(reply, { _key: key, ...doc.value, version: doc.version });
    },
  );
}
