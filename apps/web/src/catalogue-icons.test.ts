import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ROOMS } from '@rostra/core/catalogue/rooms';
import { describe, expect, it } from 'vitest';

/*
 * Every item of the moving catalogue names an icon (`img`, spec §3) that the app serves from its
 * public folder (drawn by scripts/catalogue-icons.ts). An item added to the catalogue without one
 * fails here, instead of showing a broken image in the inventory picker.
 */
const publicDir = join(dirname(fileURLToPath(import.meta.url)), '..', 'public');
const items = ROOMS.flatMap((room) => room.data);

describe('moving catalogue icons', () => {
  it.each(items.map((item) => [item.name, item.img] as const))('%s has its drawn icon at %s', (name, img) => {
    const file = join(publicDir, img);
    expect(existsSync(file), `${img} is missing: run npx tsx scripts/catalogue-icons.ts`).toBe(true);
    const svg = new DOMParser().parseFromString(readFileSync(file, 'utf8'), 'image/svg+xml');
    const root = svg.documentElement;
    expect(root.nodeName).toBe('svg');
    expect(root.getAttribute('viewBox')).toBe('0 0 24 24');
    expect(root.querySelector('title')?.textContent).toBe(name);
    expect(root.querySelectorAll('path, circle, rect, line, polyline, ellipse').length).toBeGreaterThan(0);
  });
});
