/**
 * The period a timeline shows, as plain arithmetic: its first second for a view and an anchor day,
 * the roster grid of it, and its title. No React, unit-tested.
 */
import { buildRosterGrid, type RosterGrid } from '@rostra/core/roster/grid';
import { DAY, dayStart, fortnightStart, toYmd, weekStart } from '@rostra/core/time/calendar';
import { VIEW_DAYS, type ViewKind } from './model.ts';

export function periodStart(view: ViewKind, anchor: number, weekStartDay: number): number {
  if (view === 'week') return weekStart(anchor, weekStartDay);
  if (view === 'fortnight') return fortnightStart(anchor, weekStartDay);
  return dayStart(anchor);
}

/** The period's [from, to) in wall-clock seconds. */
export function periodOf(view: ViewKind, anchor: number, weekStartDay: number): { from: number; to: number } {
  const from = periodStart(view, anchor, weekStartDay);
  return { from, to: from + VIEW_DAYS[view] * DAY };
}

/** The core's roster grid of the period (its days, hours and after-hours). */
export function periodGrid(view: ViewKind, from: number, weekStartDay: number): RosterGrid {
  const built = buildRosterGrid({
    week_start: from,
    no_of_days: VIEW_DAYS[view],
    fortnight: view === 'fortnight',
    week_start_day: weekStartDay,
  });
  if (!built.ok) throw new Error(built.issues[0]?.message ?? 'grid');
  return built.grid;
}

/** The toolbar's title: the day's label, or the first and last days'. */
export function periodTitle(view: ViewKind, grid: RosterGrid, from: number): string {
  if (view === 'day') return grid.set[toYmd(from)]?.label ?? toYmd(from);
  const days = Object.values(grid.set);
  return `${days[0]?.label} – ${days.at(-1)?.label}`;
}
