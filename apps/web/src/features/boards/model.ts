import type { AcceptAnswer, Bid, BidBoard, BidInput, JobBoard } from '@rostra/core/api/boards';
import type { ActionAnswer } from '@rostra/core/api/bookings';
import type { StatusConfigAnswer } from '@rostra/core/api/settings';
import { STATUS_CONFIG_DEFAULTS } from '@rostra/core/settings/defaults';
import { type JobAction, type Role, recordActions } from '@rostra/core/shell/roles';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../lib/client.ts';

/*
 * The boards' rules and calls: which status column an action leads to (and so which action a
 * drop on a column takes), what the caller's role may do there (the core's role table), the
 * organisation's status colours, and the job-board / bid-board API.
 */

/** Status columns of the status board, in workflow order. */
export const BOARD_STATUSES = [
  'draft',
  'rostered',
  'confirmed',
  'dispatched',
  'active',
  'finished',
  'reviewed',
  'parked',
  'cancelled',
] as const;
export type BoardStatus = (typeof BOARD_STATUSES)[number];

/** The action that moves a booking into a column (spec §4 workflow; none into draft or rostered). */
export const ACTION_INTO: Partial<Record<BoardStatus, JobAction>> = {
  confirmed: 'allocate',
  dispatched: 'dispatch',
  active: 'start',
  finished: 'finish',
  reviewed: 'review',
  parked: 'park',
  cancelled: 'cancel',
};

/**
 * The action a move from `from` into `to` takes for this role, or null when the role may not (or
 * the move is no move at all).
 */
export function moveAction(role: Role, from: string, to: BoardStatus): JobAction | null {
  if (from === to) return null;
  const action = ACTION_INTO[to];
  if (!action) return null;
  return recordActions(role, 'booking').includes(action) ? action : null;
}

/** Columns a booking in `from` may be moved to by this role, each with its action. */
export function moveTargets(role: Role, from: string): { status: BoardStatus; action: JobAction }[] {
  return BOARD_STATUSES.flatMap((status) => {
    const action = moveAction(role, from, status);
    return action ? [{ status, action }] : [];
  });
}

export type StatusStyle = { label: string; bg: string; fg: string };

/** The organisation's status colours and labels (GET /job-status-config), the defaults until then. */
export function useStatusStyles() {
  return useQuery({
    queryKey: ['boards', 'job-status-config'],
    staleTime: 5 * 60_000,
    queryFn: async () => {
      try {
        return (await api.get<StatusConfigAnswer>('/job-status-config', { quiet: true })).statusConfig;
      } catch {
        return undefined;
      }
    },
    select: (config) => styleMap(config ?? STATUS_CONFIG_DEFAULTS),
  });
}

export function styleMap(config: Readonly<StatusConfigAnswer['statusConfig']>): Map<string, StatusStyle> {
  const map = new Map<string, StatusStyle>();
  for (const c of STATUS_CONFIG_DEFAULTS) map.set(c._key, { label: c._value, bg: c.color, fg: c.textColor });
  for (const c of config) map.set(c._key, { label: c._value, bg: c.color, fg: c.textColor });
  return map;
}

export const statusLabel = (styles: Map<string, StatusStyle> | undefined, status: string) =>
  styles?.get(status)?.label ?? status.charAt(0).toUpperCase() + status.slice(1);

/** `version`: the booking's version read (absent only on a record never stored). */
export function takeAction(
  id: string,
  action: JobAction,
  version: number | undefined,
): Promise<ActionAnswer> {
  return api.post<ActionAnswer>(
    `/bookings/${encodeURIComponent(id)}/actions/${action}`,
    { version },
    { quiet: true },
  );
}

// --- job board and bid board -------------------------------------------------------------------

export type { BidBoard, BoardBid, BoardJob, OwnBid } from '@rostra/core/api/boards';

export const fetchJobBoard = (from: number, to: number) =>
  api.get<JobBoard>('/job-board', { query: { from, to }, quiet: true });

export const fetchBidBoard = (from: number, to: number) =>
  api.get<BidBoard>('/bid-board', { query: { from, to }, quiet: true });

export const placeBid = (jobId: string, body: BidInput) =>
  api.post<Bid>(`/bookings/${encodeURIComponent(jobId)}/bids`, body, { quiet: true });

export const acceptBid = (jobId: string, bidId: string) =>
  api.post<AcceptAnswer>(
    `/bookings/${encodeURIComponent(jobId)}/bids/${encodeURIComponent(bidId)}/accept`,
    undefined,
    { quiet: true },
  );

/** `Bea Smith` of a board job, or a neutral text when the job has no customer name. */
export function jobCustomer(job: {
  customer_first_name: string | null;
  customer_last_name: string | null;
}): string {
  return [job.customer_first_name, job.customer_last_name].filter(Boolean).join(' ') || 'Customer not named';
}
