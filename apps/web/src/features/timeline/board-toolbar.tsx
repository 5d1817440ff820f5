import { dayStart, fromYmd, toYmd } from '@rostra/core/time/calendar';
import { ChevronLeft, ChevronRight, Redo2, Sparkles, Undo2, UserX } from 'lucide-react';
import { useId } from 'react';
import { useLiveStatus } from '../../lib/live.ts';
import { Button, IconButton } from '../../ui/button.tsx';
import { DateInput } from '../../ui/date-picker.tsx';
import { Fieldset } from '../../ui/fieldset.tsx';
import type { HistoryState } from './history.ts';
import { ZOOMS } from './model.ts';
import { PublishButton } from './publish-button.tsx';
import { TL } from './texts.ts';
import type { Period } from './use-period.ts';

/**
 * The board's toolbar: the period (previous, today, next, a date), its title, the views, undo and
 * redo with what they would do, auto-allocate, and the live dot. On phones: title and actions, then
 * period and date, then the views (CSS order; the same DOM order).
 */
export function BoardToolbar(props: {
  period: Period;
  now: number;
  isEditable: boolean;
  history: HistoryState;
  busy: boolean;
  hasData: boolean;
  onUndo: () => void;
  onRedo: () => void;
  onBatch: () => void;
}) {
  const { period, history } = props;
  const { view } = period;
  const dateInputId = useId();
  const liveStatus = useLiveStatus();
  return (
    <div className="flex flex-wrap items-center gap-2 border-b border-neutral-200 bg-white px-3 py-2">
      <h1 className="mr-auto text-base font-semibold text-neutral-900 sm:mr-2">{TL.title}</h1>
      <div className="order-2 flex items-center sm:order-none">
        <IconButton label={TL.previous} onClick={() => period.step(-1)}>
          <ChevronLeft aria-hidden className="size-4" />
        </IconButton>
        <Button variant="secondary" className="px-3" onClick={() => period.setAnchor(dayStart(props.now))}>
          {TL.today}
        </Button>
        <IconButton label={TL.next} onClick={() => period.step(1)}>
          <ChevronRight aria-hidden className="size-4" />
        </IconButton>
      </div>
      <label
        htmlFor={dateInputId}
        className="order-2 flex min-w-0 flex-1 items-center gap-1 text-sm text-neutral-700 sm:order-none sm:flex-none"
      >
        <span className="sr-only">{TL.date}</span>
        <DateInput
          id={dateInputId}
          wrapperClassName="block w-full min-w-0 sm:w-auto"
          className="min-h-9 w-full min-w-0 rounded-md border border-neutral-300 px-2 text-sm sm:w-32"
          value={toYmd(period.anchor)}
          onValueChange={(value) => {
            const v = fromYmd(value);
            if (!Number.isNaN(v)) period.setAnchor(v);
          }}
        />
      </label>
      <span
        className="sr-only text-sm font-medium text-neutral-700 sm:not-sr-only"
        aria-live="polite"
        data-testid="period-title"
      >
        {period.title}
      </span>
      <Fieldset
        className="order-3 flex w-full rounded-md border border-neutral-300 p-0.5 sm:order-none sm:ml-auto sm:w-auto"
        legend={TL.viewLabel}
        look="hidden"
      >
        {(['day', 'week', 'fortnight'] as const).map((v) => (
          <button
            key={v}
            type="button"
            aria-pressed={view === v}
            onClick={() => period.setView(v)}
            className={`min-h-8 flex-1 rounded px-3 text-sm sm:flex-none ${view === v ? 'bg-neutral-900 text-white' : 'text-neutral-700 hover:bg-neutral-100'}`}
          >
            {TL.views[v]}
          </button>
        ))}
      </Fieldset>
      <LayoutControls period={period} />
      {props.isEditable ? (
        <div className="order-1 flex items-center gap-1 sm:order-none">
          <IconButton
            label={history.undoLabel ? `${TL.undo}: ${history.undoLabel}` : TL.undo}
            onClick={props.onUndo}
            disabled={!history.canUndo || props.busy}
          >
            <Undo2 aria-hidden className="size-4" />
          </IconButton>
          <IconButton
            label={history.redoLabel ? `${TL.redo}: ${history.redoLabel}` : TL.redo}
            onClick={props.onRedo}
            disabled={!history.canRedo || props.busy}
          >
            <Redo2 aria-hidden className="size-4" />
          </IconButton>
          <Button onClick={props.onBatch} disabled={!props.hasData}>
            <Sparkles aria-hidden className="size-4" />
            <span className="sr-only sm:not-sr-only">{TL.autoAllocateWindow}</span>
          </Button>
          <PublishButton from={period.from} to={period.to} />
        </div>
      ) : null}
      <span
        className={`order-1 size-2 rounded-full sm:order-none ${liveStatus === 'open' ? 'bg-emerald-500' : 'bg-neutral-300'}`}
        title={liveStatus === 'open' ? TL.live : TL.offline}
        role="img"
        aria-label={liveStatus === 'open' ? TL.live : TL.offline}
      />
    </div>
  );
}

/**
 * Compact rows, and the zoom of the week and fortnight views (issue 18 point 5). From `sm:` only:
 * a phone keeps 44 px rows (touch targets) and scrolls the period sideways.
 */
function LayoutControls({ period }: { period: Period }) {
  const pill = (on: boolean) =>
    `min-h-8 flex-1 rounded px-2 text-sm sm:flex-none ${on ? 'bg-neutral-900 text-white' : 'text-neutral-700 hover:bg-neutral-100'}`;
  return (
    <div className="hidden items-center gap-2 sm:flex">
      {period.view === 'day' ? null : (
        <Fieldset
          className="flex flex-1 rounded-md border border-neutral-300 p-0.5 sm:flex-none"
          legend={TL.zoomLabel}
          look="hidden"
        >
          {ZOOMS.map((z) => (
            <button
              key={z}
              type="button"
              aria-pressed={period.zoom === z}
              onClick={() => period.setZoom(z)}
              className={pill(period.zoom === z)}
            >
              {TL.zooms[z]}
            </button>
          ))}
        </Fieldset>
      )}
      <button
        type="button"
        aria-pressed={period.compact}
        onClick={() => period.setCompact(!period.compact)}
        className={`rounded-md border border-neutral-300 ${pill(period.compact)}`}
      >
        {TL.compact}
      </button>
    </div>
  );
}

/**
 * Inactive resources on or off (issue 18 point 4), in the corner above the names: shown while the
 * display setting show_inactive_res_timeline sends them, hidden by this toggle (kept in the URL).
 */
export function InactiveToggle({ period }: { period: Period }) {
  return (
    <button
      type="button"
      aria-pressed={!period.hidesInactive}
      onClick={() => period.setHidesInactive(!period.hidesInactive)}
      title={TL.inactive}
      className={`flex size-7 items-center justify-center rounded-md border border-neutral-300 ${period.hidesInactive ? 'text-neutral-600 hover:bg-neutral-100' : 'bg-neutral-900 text-white'}`}
    >
      <UserX aria-hidden className="size-4" />
      <span className="sr-only">{TL.inactive}</span>
    </button>
  );
}
