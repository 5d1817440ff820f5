import { type CandidateOutcome, splitPassing } from '@rostra/core/allocation/modes';
import { TL } from './texts.ts';

/** The floating card beside a drag: the best other resources at the dragged time. */
export function DragAlternatives({ alternatives }: { alternatives: CandidateOutcome[] | null }) {
  return (
    <div
      className="pointer-events-none absolute right-4 bottom-4 z-40 w-72 rounded-md border border-neutral-200 bg-white/95 p-3 text-xs shadow-lg"
      role="status"
      data-testid="drag-alternatives"
    >
      <p className="font-medium text-neutral-800">{TL.alternatives}</p>
      {!alternatives ? (
        <p className="mt-1 text-neutral-500">{TL.checking}</p>
      ) : (
        <AlternativeGroups alternatives={alternatives} />
      )}
    </div>
  );
}

/**
 * The drag's alternatives: those who pass at the dragged time, then — under a divider — the best
 * of those who fail, with their reasons (issue 16 point 4); each group best first.
 */
function AlternativeGroups({ alternatives }: { alternatives: CandidateOutcome[] }) {
  const { passing, failing } = splitPassing(alternatives);
  return (
    <>
      {passing.length === 0 ? (
        <p className="mt-1 text-neutral-500">{TL.noAlternative}</p>
      ) : (
        <ul className="mt-1 space-y-0.5" data-group="passing">
          {passing.map((c) => (
            <li key={c.resourceId} className="flex justify-between gap-2 text-neutral-700">
              <span className="truncate">{c.name}</span>
              <span className="tabular-nums text-neutral-500">{Math.round(c.score)}</span>
            </li>
          ))}
        </ul>
      )}
      {failing.length ? (
        <>
          <p className="mt-2 border-t border-neutral-200 pt-1 font-medium text-neutral-600">
            {TL.failingGroup}
          </p>
          <ul className="mt-0.5 space-y-1" data-group="failing">
            {failing.map((c) => (
              <li key={c.resourceId} className="text-neutral-700">
                <span className="block truncate">{c.name}</span>
                <span className="block text-[11px] text-red-700">
                  {c.errors.map((e) => e.message).join('; ')}
                </span>
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </>
  );
}
