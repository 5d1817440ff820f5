import { Sparkles, UserMinus, X } from 'lucide-react';
import { Select } from '../../ui/select.tsx';
import { type Row, UNASSIGNED_ROW } from './model.ts';
import type { Picked } from './selection.ts';
import { TL } from './texts.ts';

const buttonClass =
  'flex min-h-11 items-center gap-1.5 rounded-md border border-neutral-300 bg-white px-3 text-sm text-neutral-800 hover:bg-neutral-100 aria-disabled:opacity-50 sm:min-h-9';

/**
 * The picked bookings' actions (issue 18 points 6 and 7): how many are picked, move or copy them
 * to a row (the keyboard's drag and Shift-drag; the pointer drags one of them), unassign,
 * auto-allocate, clear. Each action is one undo step; focus stays where it was.
 */
export function PickBar(props: {
  picked: Picked;
  rows: readonly Row[];
  isBusy: boolean;
  onMoveTo: (rowId: string) => void;
  onCopyTo: (rowId: string) => void;
  onUnassign: () => void;
  onAuto: () => void;
  onClear: () => void;
}) {
  // Not disabled while a change runs: a disabled button would drop the focus (point 7).
  const guard = (run: () => void) => () => {
    if (!props.isBusy) run();
  };
  const targets = [
    { value: UNASSIGNED_ROW, label: TL.unassigned },
    ...props.rows.filter((r) => r.resource).map((r) => ({ value: r.id, label: r.name })),
  ].filter((t, i, all) => all.findIndex((o) => o.value === t.value) === i);
  return (
    <div
      role="toolbar"
      aria-label={TL.pickedActions}
      className="flex flex-wrap items-center gap-2 border-b border-sky-200 bg-sky-50 px-3 py-1.5"
    >
      <span className="text-sm font-medium text-sky-950" aria-live="polite" data-testid="picked-count">
        {TL.pickedCount(props.picked.size)}
      </span>
      {[
        { label: TL.moveTo, prompt: TL.moveToPrompt, run: props.onMoveTo },
        { label: TL.copyTo, prompt: TL.copyToPrompt, run: props.onCopyTo },
      ].map(({ label, prompt, run }) => (
        <Select
          key={label}
          label={label}
          value=""
          options={[{ value: '', label: prompt }, ...targets]}
          onChange={(rowId) => {
            if (rowId && !props.isBusy) run(rowId);
          }}
          className="basis-40"
        />
      ))}
      {[
        { text: TL.unassignPicked, Icon: UserMinus, run: guard(props.onUnassign) },
        { text: TL.autoPicked, Icon: Sparkles, run: guard(props.onAuto) },
        { text: TL.clearPicked, Icon: X, run: props.onClear },
      ].map(({ text, Icon, run }) => (
        <button
          key={text}
          type="button"
          className={buttonClass}
          aria-disabled={text === TL.clearPicked ? undefined : props.isBusy}
          onClick={run}
        >
          <Icon aria-hidden className="size-4" />
          <span className="sr-only sm:not-sr-only">{text}</span>
        </button>
      ))}
    </div>
  );
}
