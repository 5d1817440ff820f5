import type { ExceptionReportAnswer } from '@rostra/core/api/exceptions';
import { EXCEPTION_BANNER_MS } from '@rostra/core/shell/constants';
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { dismissalKey, reportSignature, useExceptionBanner } from './exception-report.ts';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const entry = (id: string, state = 'dispatched') => ({
  _id: id,
  action_status: 'active',
  curr_state: state,
  curr_state_date: 1,
  labels: [],
  matched: false,
});
const report = (...entries: ReturnType<typeof entry>[]): ExceptionReportAnswer => ({
  _id: 'report',
  current_report: true,
  configs_map_ids: {},
  computed_for: 1,
  version: 1,
  entries,
});

let banner: ReturnType<typeof useExceptionBanner>;
function Probe({
  value,
  who,
}: {
  value: ExceptionReportAnswer | null;
  who?: { orgId: string; uid: string };
}) {
  banner = useExceptionBanner(value, who);
  return null;
}

let root: Root;
const show = (value: ExceptionReportAnswer | null) => act(async () => root.render(<Probe value={value} />));

beforeEach(() => {
  vi.useFakeTimers();
  root = createRoot(document.createElement('div'));
});
afterEach(async () => {
  await act(async () => root.unmount());
  vi.useRealTimers();
});

describe('exception banner', () => {
  it('appears when the report comes with entries and hides itself after 120 s', async () => {
    await show(report(entry('b1')));
    expect(banner.visible).toBe(true);
    await act(async () => vi.advanceTimersByTime(EXCEPTION_BANNER_MS - 1));
    expect(banner.visible).toBe(true);
    await act(async () => vi.advanceTimersByTime(1));
    expect(banner.visible).toBe(false);
  });

  it('does not come back for the same report, but does when the report changes', async () => {
    await show(report(entry('b1')));
    await act(async () => banner.close());
    expect(banner.visible).toBe(false);
    await show(report(entry('b1')));
    expect(banner.visible).toBe(false);
    await show(report(entry('b1', 'rostered')));
    expect(banner.visible).toBe(true);
  });

  it('a change while it is up restarts the 120 s', async () => {
    await show(report(entry('b1')));
    await act(async () => vi.advanceTimersByTime(100_000));
    await show(report(entry('b1'), entry('b2')));
    await act(async () => vi.advanceTimersByTime(100_000));
    expect(banner.visible).toBe(true);
    await act(async () => vi.advanceTimersByTime(20_000));
    expect(banner.visible).toBe(false);
  });

  it('an empty or missing report shows nothing', async () => {
    await show(report());
    expect(banner.visible).toBe(false);
    await show(null);
    expect(banner.visible).toBe(false);
  });
});

describe('a dismissal holds across page loads until the report changes', () => {
  const who = { orgId: 'org-1', uid: 'u-1' };
  const load = async (value: ExceptionReportAnswer | null, as = who) => {
    await act(async () => root.unmount());
    root = createRoot(document.createElement('div'));
    await act(async () => root.render(<Probe value={value} who={as} />));
  };
  beforeEach(() => localStorage.clear());

  it('Close keeps it away on the next load of the same report, per organisation and user', async () => {
    await load(report(entry('b1')));
    expect(banner.visible).toBe(true);
    await act(async () => banner.close());
    expect(localStorage.getItem(dismissalKey('org-1', 'u-1'))).toEqual(expect.any(String));
    await load(report(entry('b1')));
    expect(banner.visible).toBe(false);
    await load(report(entry('b1')), { orgId: 'org-1', uid: 'u-2' });
    expect(banner.visible).toBe(true);
    await load(report(entry('b1')), { orgId: 'org-2', uid: 'u-1' });
    expect(banner.visible).toBe(true);
  });

  it('a changed report shows it again; hiding after 120 s is not a dismissal', async () => {
    await load(report(entry('b1')));
    await act(async () => banner.close());
    await load(report(entry('b1'), entry('b2')));
    expect(banner.visible).toBe(true);
    await act(async () => vi.advanceTimersByTime(EXCEPTION_BANNER_MS));
    expect(banner.visible).toBe(false);
    await load(report(entry('b1'), entry('b2')));
    expect(banner.visible).toBe(true);
  });
});

describe('report signature', () => {
  it('ignores when the report was generated, not what it says', () => {
    expect(reportSignature({ entries: [entry('b1')], computed_for: 1 })).toBe(
      reportSignature({ entries: [entry('b1')], computed_for: 2 }),
    );
    expect(reportSignature(report(entry('b1')))).not.toBe(reportSignature(report(entry('b2'))));
  });
});
