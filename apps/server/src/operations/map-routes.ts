import { z } from 'zod';
import { API, type App } from '../app.ts';
import { ANY_MEMBER } from '../scheduling/access.ts';

/**
 * The maps' configuration: a tile server URL template (`MAP_TILE_URL`, `{z}/{x}/{y}`) when one is
 * configured. Without it the maps draw their points on a plain background and need no network.
 */
export function operationsMapRoutes(app: App): void {
  app.get(
    `${API}/map-config`,
    {
      config: { access: ANY_MEMBER },
      schema: {
        tags: ['operations'],
        summary: 'The map tile URL template, or null for a plain background',
        response: { 200: z.object({ tile_url: z.string().nullable(), attribution: z.string().nullable() }) },
      },
    },
    async () => ({
      tile_url: validTemplate(process.env.MAP_TILE_URL),
      attribution: process.env.MAP_TILE_ATTRIBUTION?.slice(0, 200) || null,
    }),
  );
}

/** An https (or http for a local server) URL with {z}, {x} and {y}; anything else is ignored. */
function validTemplate(value: string | undefined): string | null {
  if (!value || !/^https?:\/\//.test(value)) return null;
  return ['{z}', '{x}', '{y}'].every((p) => value.includes(p)) ? value : null;
}
