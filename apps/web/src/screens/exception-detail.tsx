import { useExceptionReport } from '../lib/exception-report.ts';
import { useShell } from '../shell/shell-context.tsx';
import { SHELL_TEXT, SHELL_EXTRA_TEXT as X } from '../texts.ts';

const formatWallClock = (seconds: number | null) =>
  seconds === null
    ? '—'
    : new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' }).format(
        new Date(seconds * 1000),
      );

/** /exception-detail (spec §2): the current exception report, reached from the urgent banner. */
export function ExceptionDetail() {
  const { role } = useShell();
  const report = useExceptionReport(role === 'dispatcher');
  const entries = report.data?.entries ?? [];
  return (
    <div className="mx-auto max-w-5xl px-4 py-6 sm:px-6">
      <h1 className="text-xl font-semibold text-neutral-900">{SHELL_TEXT.exceptionDetail}</h1>
      <div className="mt-4">
        {report.isPending && role === 'dispatcher' ? (
          <div className="space-y-2" aria-busy="true">
            {[0, 1, 2].map((i) => (
              <div key={i} className="h-10 animate-pulse rounded bg-neutral-100" />
            ))}
          </div>
        ) : report.data === null || role !== 'dispatcher' ? (
          <p className="text-sm text-neutral-500">{X.exceptionUnavailable}</p>
        ) : entries.length === 0 ? (
          <p className="text-sm text-neutral-500">{SHELL_TEXT.noExceptions}</p>
        ) : (
          <div className="overflow-x-auto rounded-lg border border-neutral-200 bg-white">
            <table className="w-full text-left text-sm">
              <thead className="border-b border-neutral-200 bg-neutral-50 text-xs text-neutral-600">
                <tr>
                  <th scope="col" className="px-3 py-2 font-medium">
                    {X.booking}
                  </th>
                  <th scope="col" className="px-3 py-2 font-medium">
                    {X.expected}
                  </th>
                  <th scope="col" className="px-3 py-2 font-medium">
                    {X.currentState}
                  </th>
                  <th scope="col" className="px-3 py-2 font-medium">
                    {X.since}
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-neutral-100">
                {entries.map((e) => (
                  <tr key={`${e._id}|${e.action_status}`}>
                    <td className="px-3 py-2 font-medium">{e._id}</td>
                    <td className="px-3 py-2">{e.action_status}</td>
                    <td className="px-3 py-2">{e.curr_state}</td>
                    <td className="px-3 py-2 text-neutral-600">{formatWallClock(e.curr_state_date)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </div>
    </div>
  );
}
