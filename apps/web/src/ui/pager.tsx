import { ChevronLeft, ChevronRight } from 'lucide-react';
import { Button } from './button.tsx';

/**
 * Numbered pages of a list: "41–80 of 400" and previous/next (keyboard: both are buttons).
 * `page` is 1-based; the range is announced politely while the next page loads.
 */
export function Pager({
  page,
  limit,
  total,
  isFetching = false,
  onPage,
  label = 'Pages',
}: {
  page: number;
  limit: number;
  total: number;
  isFetching?: boolean;
  onPage: (page: number) => void;
  label?: string;
}) {
  const pages = Math.max(1, Math.ceil(total / Math.max(1, limit)));
  const first = total === 0 ? 0 : Math.min((page - 1) * limit + 1, total);
  const last = Math.min(total, page * limit);
  return (
    <nav aria-label={label} className="mt-3 flex items-center justify-between gap-3">
      <p className="text-sm text-neutral-600 tabular-nums" aria-live="polite" aria-busy={isFetching}>
        {first}–{last} of {total}
      </p>
      <div className="flex items-center gap-1">
        <Button
          variant="secondary"
          disabled={page <= 1}
          onClick={() => onPage(page - 1)}
          aria-label="Previous page"
        >
          <ChevronLeft aria-hidden className="size-4" />
        </Button>
        <span className="px-2 text-sm text-neutral-700 tabular-nums">
          Page {page} of {pages}
        </span>
        <Button
          variant="secondary"
          disabled={page >= pages}
          onClick={() => onPage(page + 1)}
          aria-label="Next page"
        >
          <ChevronRight aria-hidden className="size-4" />
        </Button>
      </div>
    </nav>
  );
}

/**
 * What a {@link Pager} shows of a paged query (an answer with `limit` and `total`): until the
 * answer has come, `limit` pages of nothing.
 */
export function pagerCounts(
  query: { data?: { limit: number; total: number } | undefined; isFetching: boolean },
  limit: number,
) {
  return { limit: query.data?.limit ?? limit, total: query.data?.total ?? 0, isFetching: query.isFetching };
}

/**
 * Pages of a cursor-paged collection (`next_cursor`): the cursors seen so far are kept by the
 * caller, so "previous" goes back without the server counting.
 */
export function CursorPager({
  index,
  hasNext,
  isFetching = false,
  onPrevious,
  onNext,
  shown,
}: {
  index: number;
  hasNext: boolean;
  isFetching?: boolean;
  onPrevious: () => void;
  onNext: () => void;
  shown: number;
}) {
  return (
    <nav aria-label="Pages" className="mt-3 flex items-center justify-between gap-3">
      <p className="text-sm text-neutral-600 tabular-nums" aria-live="polite" aria-busy={isFetching}>
        Page {index + 1} · {shown} shown
      </p>
      <div className="flex items-center gap-1">
        <Button variant="secondary" disabled={index === 0} onClick={onPrevious} aria-label="Previous page">
          <ChevronLeft aria-hidden className="size-4" />
        </Button>
        <Button variant="secondary" disabled={!hasNext} onClick={onNext} aria-label="Next page">
          <ChevronRight aria-hidden className="size-4" />
        </Button>
      </div>
    </nav>
  );
}
