import { describe, expect, it } from 'vitest';
import { findCatalogueItem, kitchen, laundry, lounge, ROOMS, roomOf } from './rooms.ts';

const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);

describe('catalogue rooms', () => {
  it('has the eight rooms with the spec’s keys and titles, in order', () => {
    expect(ROOMS.map((r) => [r.key, r.title])).toEqual([
      ['bedRoom', 'Bed Room'],
      ['lounge', 'Lounge'],
      ['outside', 'out Side'],
      ['sundries', 'Sun Dries'],
      ['kitchen', 'Kitchen'],
      ['dinning', 'Dining'],
      ['laundry', 'Laundry'],
      ['hall', 'Hall'],
    ]);
  });

  it('each room holds exactly its id range', () => {
    const ids = Object.fromEntries(ROOMS.map((r) => [r.key, r.data.map((i) => i.id)]));
    expect(ids).toEqual({
      bedRoom: range(1, 24),
      lounge: [...range(25, 30), 39, 51, 52, 54],
      outside: range(55, 82),
      sundries: range(83, 109),
      kitchen: range(110, 126),
      dinning: range(127, 140),
      laundry: range(141, 145),
      hall: range(146, 153),
    });
  });

  it('no id appears twice, and ids 31–38, 40–50 and 53 belong to no room', () => {
    const all = ROOMS.flatMap((r) => r.data.map((i) => i.id));
    expect(new Set(all).size).toBe(all.length);
    const orphans = [...range(31, 38), ...range(40, 50), 53];
    expect(orphans.filter((id) => all.includes(id))).toEqual([]);
    expect(all.length + orphans.length).toBe(153);
  });

  it('room boundaries: 24 is Bed Room, 25 Lounge, 30 Lounge, 31 none, 39 Lounge, 53 none, 54 Lounge, 153 Hall, 154 none', () => {
    expect([24, 25, 30, 31, 39, 53, 54, 55, 153, 154, 0].map(roomOf)).toEqual([
      'bedRoom',
      'lounge',
      'lounge',
      undefined,
      'lounge',
      undefined,
      'lounge',
      'outside',
      'hall',
      undefined,
      undefined,
    ]);
  });

  it('known items: Armchair 0.612 / 10 in Lounge, Fridge 0.192 / 20 in Kitchen, Washing Machine 0.6 / 15 in Laundry', () => {
    const pick = (data: typeof lounge.data, name: string) => data.find((i) => i.name === name);
    expect(pick(lounge.data, 'Armchair')).toEqual({
      id: 25,
      name: 'Armchair',
      img: '/catalogue/icons/armchair.svg',
      volume: 0.612,
      unit: 'm3',
      price: '10',
    });
    expect(pick(kitchen.data, 'Fridge')).toMatchObject({ volume: 0.192, price: '20', unit: 'm3' });
    expect(pick(laundry.data, 'Washing Machine')).toMatchObject({
      id: 141,
      volume: 0.6,
      price: '15',
      img: '/catalogue/icons/washing-machine.svg',
    });
  });

  it('every item has a name, an icon path, a positive volume to the litre in m3 and a numeric price string', () => {
    for (const item of ROOMS.flatMap((r) => r.data)) {
      expect(item.name.trim()).not.toBe('');
      expect(item.img).toMatch(/^\/catalogue\/icons\/[a-z0-9]+(-[a-z0-9]+)*\.svg$/);
      expect(item.unit).toBe('m3');
      expect(item.volume).toBeGreaterThan(0);
      expect(Math.abs(item.volume * 1000 - Math.round(item.volume * 1000))).toBeLessThan(1e-9);
      expect(item.price).toMatch(/^\d+(\.\d{1,2})?$/);
    }
  });

  it('findCatalogueItem finds by id across rooms and answers undefined for an id in a gap', () => {
    expect(findCatalogueItem(110)?.name).toBe('Fridge');
    expect(findCatalogueItem(40)).toBeUndefined();
  });

  it('a room’s selector picks its own lines of an inventory, in line order, with quantities', () => {
    const inventory = [
      { id: 141, qty: 1 },
      { id: 25, qty: 2 },
      { id: 110, qty: 1 },
      { id: 54, qty: 1 },
      { id: 53, qty: 4 },
    ];
    expect(lounge.select(inventory).map((l) => [l.item.name, l.qty])).toEqual([
      ['Armchair', 2],
      ['Display Cabinet', 1],
    ]);
    expect(laundry.select(inventory).map((l) => l.item.id)).toEqual([141]);
    expect(lounge.select([])).toEqual([]);
  });
});
