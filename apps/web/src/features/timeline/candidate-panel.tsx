import { splitPassing } from '@rostra/core/allocation/modes';
import { SCORE_PART_NAMES } from '@rostra/core/allocation/score-parts';
import type { RankedCandidate, ScoreParts } from '@rostra/core/api/allocation';
import type { Booking } from '@rostra/core/api/bookings';
import { formatTime } from '@rostra/core/time/calendar';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Check, Sparkles, X } from 'lucide-react';
import { useState } from 'react';
import { useOrgDates } from '../../lib/org-dates.ts';
import { Button, IconButton } from '../../ui/button.tsx';
import { fetchCandidates, fetchRecord } from './api.ts';
import { TL } from './texts.ts';

/** How many resources a booking needs: `MasterResourceID` as a list means that many (at least 1). */
export function resourcesNeeded(record: Pick<Booking, 'MasterResourceID'>): number {
  const m = record.MasterResourceID;
  return Array.isArray(m) ? Math.max(1, m.length) : 1;
}

/** The first page of candidates, and the most the API lists at once. */
const FIRST_SHOWN = 50;
const MAX_LISTED = 2000;

/**
 * The candidates of a selected booking (GET /bookings/:id/candidates: every resource checked and
 * scored by the core on the server): those who pass every check first, then — under a divider —
 * those who fail with their reasons in the spec's words, each group best first (issue 16 point 4);
 * score and cost; assign one (manual; a failing one asks first) or auto-allocate; a
 * multi-resource job says how many are still needed. The head shows the booking's time,
 * customer, address and the labels every candidate must hold. Also the booking detail's picker.
 */
export function CandidatePanel(props: {
  record: Booking;
  customer: string;
  resourceNames: ReadonlyMap<string, string>;
  isBusy: boolean;
  isLocked: string | null;
  onAssign: (candidate: RankedCandidate, needed: number) => void;
  onAuto: () => void;
  onClose: () => void;
  /** Replaces the side panel's width and border (the booking detail's picker fills its dialog). */
  className?: string;
}) {
  const dates = useOrgDates();
  const { record } = props;
  const full = useQuery({
    queryKey: ['timeline', 'record', record._id, record.version],
    queryFn: () => fetchRecord(record._id),
  });
  const [limit, setLimit] = useState(FIRST_SHOWN);
  const candidates = useQuery({
    queryKey: ['timeline', 'candidates', record._id, record.version, limit],
    queryFn: () => fetchCandidates(record._id, limit),
    placeholderData: keepPreviousData,
  });
  const needed = resourcesNeeded(full.data ?? record);
  const assigned = record.resIds ?? [];
  const stillNeeded = Math.max(0, needed - assigned.length);
  const list = candidates.data?.candidates ?? [];
  const total = candidates.data?.total ?? list.length;
  const passing = candidates.data?.passing;
  const disabled = props.isBusy || props.isLocked !== null;
  // The page comes passing first (the server's order); split here only to draw the divider.
  const groups = splitPassing(list);
  const head = candidates.data?.booking;
  const begin = head?.utc_begin_plus_tz ?? record.utc_begin_plus_tz;
  const end = head?.utc_end_plus_tz ?? record.utc_end_plus_tz;
  const customer = head?.customer || props.customer;
  const item = (c: RankedCandidate, rank: number) => (
    <CandidateItem
      key={c.resourceId}
      rank={rank}
      candidate={c}
      isAssigned={assigned.includes(c.resourceId)}
      disabled={disabled}
      onAssign={() => props.onAssign(c, needed)}
    />
  );

  return (
    <aside
      aria-label={TL.panelTitle}
      data-testid="candidate-panel"
      className={`flex w-full shrink-0 flex-col bg-white ${props.className ?? 'border-l border-neutral-200 md:w-96'}`}
    >
      <div className="flex items-start justify-between gap-2 border-b border-neutral-200 px-4 py-3">
        <div className="min-w-0">
          <h2 className="text-sm font-semibold text-neutral-900">{TL.panelTitle}</h2>
          <div data-testid="candidate-head">
            <p className="text-sm text-neutral-800">
              {dates.dateTime(begin)}–{formatTime(end)}
            </p>
            <p className="text-sm font-medium break-words text-neutral-900">{customer || TL.noCustomer}</p>
            {head ? (
              <p className="text-xs break-words text-neutral-600">
                <span className="sr-only">{TL.address}: </span>
                {head.address ?? TL.noAddress}
              </p>
            ) : null}
            {head ? (
              <div className="mt-1 flex flex-wrap items-center gap-1 text-xs" data-testid="required-labels">
                <span className="text-neutral-600">{TL.requiredLabels}:</span>
                {head.labels.length ? (
                  head.labels.map((l) => (
                    <span key={l} className="rounded bg-sky-50 px-1.5 py-0.5 font-medium text-sky-900">
                      {l}
                    </span>
                  ))
                ) : (
                  <span className="text-neutral-500">{TL.noLabels}</span>
                )}
              </div>
            ) : null}
          </div>
          <p className="mt-1 text-xs font-medium" data-testid="still-needed">
            {stillNeeded > 0 ? (
              <span className="text-amber-800">{TL.stillNeeded(stillNeeded, needed)}</span>
            ) : (
              <span className="text-emerald-700">{TL.allAssigned(needed)}</span>
            )}
          </p>
          {assigned.length ? (
            <p className="mt-0.5 truncate text-xs text-neutral-600">
              {TL.assigned}: {assigned.map((id) => props.resourceNames.get(id) ?? id).join(', ')}
            </p>
          ) : null}
          {props.isLocked ? <p className="mt-1 text-xs text-neutral-600">{props.isLocked}</p> : null}
        </div>
        <IconButton label={TL.closePanel} onClick={props.onClose} className="-mr-2">
          <X aria-hidden className="size-4" />
        </IconButton>
      </div>
      <div className="flex items-center gap-3 border-b border-neutral-200 px-4 py-2">
        {passing !== undefined ? (
          <p className="text-xs text-neutral-600" data-testid="passing-count">
            {TL.passingCount(passing, total)}
          </p>
        ) : null}
        <Button onClick={props.onAuto} disabled={disabled} className="flex-1">
          <Sparkles aria-hidden className="size-4" />
          {TL.autoAllocate}
        </Button>
      </div>
      {candidates.data?.errors.length ? (
        <div className="border-b border-red-200 bg-red-50 px-4 py-2 text-xs text-red-800" role="alert">
          <p className="font-medium">{TL.jobIssues}</p>
          {candidates.data.errors.map((e) => (
            <p key={`${e.code}${e.message}`}>{e.message}</p>
          ))}
        </div>
      ) : null}
      <div className="min-h-0 flex-1 overflow-y-auto">
        {candidates.isPending ? (
          <div className="space-y-2 p-4" aria-busy="true">
            <p className="text-xs text-neutral-500">{TL.candidatesLoading}</p>
            {[0, 1, 2, 3].map((i) => (
              <div key={i} className="h-12 animate-pulse rounded bg-neutral-100" />
            ))}
          </div>
        ) : candidates.isError ? (
          <div className="p-4 text-sm text-red-700" role="alert">
            {TL.candidatesFailed}{' '}
            <button type="button" className="underline" onClick={() => void candidates.refetch()}>
              {TL.retry}
            </button>
          </div>
        ) : list.length === 0 ? (
          <p className="p-4 text-sm text-neutral-500">{TL.noCandidates}</p>
        ) : (
          <>
            {groups.passing.length ? (
              <ol className="divide-y divide-neutral-100" aria-label={TL.passingGroup} data-group="passing">
                {groups.passing.map((c, i) => item(c, i + 1))}
              </ol>
            ) : (
              <p className="px-4 py-3 text-sm text-amber-800" data-testid="none-passing">
                {TL.nonePassing}
              </p>
            )}
            {groups.failing.length ? (
              <>
                <h3
                  className="border-y border-neutral-200 bg-neutral-50 px-4 py-1.5 text-xs font-semibold text-neutral-700"
                  data-testid="failing-divider"
                >
                  {TL.failingGroup}
                </h3>
                <ol className="divide-y divide-neutral-100" aria-label={TL.failingGroup} data-group="failing">
                  {groups.failing.map((c, i) => item(c, groups.passing.length + i + 1))}
                </ol>
              </>
            ) : null}
          </>
        )}
        {total > list.length ? (
          <div className="p-3">
            <Button
              variant="secondary"
              className="w-full"
              disabled={candidates.isFetching}
              onClick={() => setLimit(Math.min(total, MAX_LISTED))}
            >
              {TL.showAll(total)}
            </Button>
          </div>
        ) : null}
      </div>
    </aside>
  );
}

function CandidateItem(props: {
  rank: number;
  candidate: RankedCandidate;
  isAssigned: boolean;
  disabled: boolean;
  onAssign: () => void;
}) {
  const c = props.candidate;
  return (
    <li className="flex items-start gap-3 px-4 py-2.5" data-candidate={c.resourceId} aria-label={c.name}>
      <span className="w-5 pt-0.5 text-right text-xs tabular-nums text-neutral-400">{props.rank}</span>
      <div className="min-w-0 flex-1">
        <div className="flex items-center gap-1.5">
          {c.ok ? (
            <Check aria-label={TL.passing} className="size-3.5 shrink-0 text-emerald-600" />
          ) : (
            <X aria-label={TL.failing} className="size-3.5 shrink-0 text-red-600" />
          )}
          <span className="truncate text-sm font-medium text-neutral-900">{c.name}</span>
        </div>
        <dl className="mt-0.5 flex gap-3 text-[11px] text-neutral-500">
          <div className="flex gap-1">
            <dt>{TL.score}</dt>
            <dd className="tabular-nums text-neutral-700">
              {Number.isFinite(c.score) ? Math.round(c.score * 100) / 100 : '—'}
            </dd>
          </div>
          <div className="flex gap-1">
            <dt>{TL.cost}</dt>
            <dd className="tabular-nums text-neutral-700">{c.weightage_cost ?? TL.noCost}</dd>
          </div>
        </dl>
        {c.score_parts ? <ScorePartsList name={c.name} parts={c.score_parts} /> : null}
        {c.errors.length ? (
          <ul className="mt-1 space-y-0.5 text-xs text-red-700" aria-label={TL.whyNot}>
            {c.errors.map((e) => (
              <li key={e.code}>{e.message}</li>
            ))}
          </ul>
        ) : null}
      </div>
      {props.isAssigned ? (
        <span className="pt-1 text-xs font-medium text-emerald-700">{TL.assigned}</span>
      ) : (
        <Button
          variant="secondary"
          className="shrink-0 px-3"
          disabled={props.disabled}
          onClick={props.onAssign}
        >
          {TL.assign}
        </Button>
      )}
    </li>
  );
}

/** Rounded to two decimals, with a sign: the parts read as additions to the score. */
function signed(n: number): string {
  const r = Math.round(n * 100) / 100;
  return r > 0 ? `+${r}` : `${r}`;
}

/**
 * A candidate's score in parts (the contract's table, in its order): collapsed under a
 * 'Score parts' toggle (a native disclosure: keyboard and screen readers work), listing the parts
 * that are not zero.
 */
function ScorePartsList(props: { name: string; parts: ScoreParts }) {
  const shown = SCORE_PART_NAMES.filter((n) => Math.round(props.parts[n] * 100) !== 0);
  return (
    <details className="group mt-1 text-[11px]" data-testid="score-parts">
      <summary
        className="w-fit cursor-pointer rounded text-neutral-600 underline decoration-dotted underline-offset-2 hover:text-neutral-900 focus-visible:outline-2 focus-visible:outline-blue-600"
        aria-label={TL.showParts(props.name)}
      >
        {TL.scoreParts}
      </summary>
      <dl className="mt-1 grid grid-cols-[1fr_auto] gap-x-3 gap-y-0.5 rounded bg-neutral-50 px-2 py-1">
        {shown.map((n) => (
          <div key={n} className="contents" data-part={n}>
            <dt className="text-neutral-600">{TL.partNames[n]}</dt>
            <dd
              className={`text-right tabular-nums ${props.parts[n] < 0 ? 'text-red-700' : 'text-neutral-800'}`}
            >
              {signed(props.parts[n])}
            </dd>
          </div>
        ))}
      </dl>
    </details>
  );
}
