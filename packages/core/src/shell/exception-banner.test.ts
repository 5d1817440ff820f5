import { describe, expect, it } from 'vitest';
import { EXCEPTION_BANNER_MS } from './constants.ts';
import {
  BANNER_HIDDEN,
  type BannerState,
  bannerOnClose,
  bannerOnReport,
  isBannerVisible,
  reportFingerprint,
  reportSignature,
} from './exception-banner.ts';

const entry = (id: string, state = 'dispatched') => ({ _id: id, action_status: 'active', curr_state: state });
const sig = (...ids: string[]) => reportSignature({ entries: ids.map((id) => entry(id)) });
const T0 = 1_700_000_000_000;

/** The banner after the reports given, each `[signature, at]`, with nothing dismissed unless said. */
function after(reports: [string, number][], dismissed: string | null = null): BannerState {
  return reports.reduce((s, [signature, at]) => bannerOnReport(s, signature, at, dismissed), BANNER_HIDDEN);
}

describe('the exception banner shows a new report with entries for 120 s', () => {
  it('is up from the report until just before 120 s, gone at 120 s', () => {
    const s = after([[sig('b1'), T0]]);
    expect(isBannerVisible(s, T0)).toBe(true);
    expect(isBannerVisible(s, T0 + EXCEPTION_BANNER_MS - 1)).toBe(true);
    expect(isBannerVisible(s, T0 + EXCEPTION_BANNER_MS)).toBe(false);
  });

  it('an empty report, or none, shows nothing, and hides one that is up', () => {
    expect(isBannerVisible(after([['', T0]]), T0)).toBe(false);
    expect(reportSignature(null)).toBe('');
    expect(reportSignature({ entries: [] })).toBe('');
    expect(
      isBannerVisible(
        after([
          [sig('b1'), T0],
          ['', T0 + 1000],
        ]),
        T0 + 1000,
      ),
    ).toBe(false);
  });
});

describe('restart', () => {
  it('a changed report while it is up restarts the 120 s', () => {
    const s = after([
      [sig('b1'), T0],
      [sig('b1', 'b2'), T0 + 100_000],
    ]);
    expect(isBannerVisible(s, T0 + 200_000)).toBe(true);
    expect(isBannerVisible(s, T0 + 100_000 + EXCEPTION_BANNER_MS)).toBe(false);
  });

  it('the same report read again does not restart it, nor bring it back after the time', () => {
    const s = after([
      [sig('b1'), T0],
      [sig('b1'), T0 + 100_000],
    ]);
    expect(isBannerVisible(s, T0 + EXCEPTION_BANNER_MS)).toBe(false);
    expect(isBannerVisible(bannerOnReport(s, sig('b1'), T0 + 200_000, null), T0 + 200_000)).toBe(false);
  });

  it('the time a report was computed is not a change; its entries are', () => {
    expect(reportSignature({ entries: [entry('b1')], computed_for: 1 })).toBe(
      reportSignature({ entries: [entry('b1')], computed_for: 2 }),
    );
    expect(sig('b1')).not.toBe(reportSignature({ entries: [entry('b1', 'rostered')] }));
  });
});

describe('dismissal', () => {
  it('Close hides it and names the report to remember; that report never shows again', () => {
    const closed = bannerOnClose(after([[sig('b1'), T0]]), T0 + 5);
    expect(isBannerVisible(closed.state, T0 + 5)).toBe(false);
    expect(closed.dismiss).toBe(reportFingerprint(sig('b1')));
    // A later page load starts hidden and sees the same report: still hidden.
    expect(isBannerVisible(after([[sig('b1'), T0 + 10]], closed.dismiss), T0 + 10)).toBe(false);
  });

  it('a changed report shows it again despite the dismissal', () => {
    const dismissed = reportFingerprint(sig('b1'));
    expect(isBannerVisible(after([[sig('b1', 'b2'), T0]], dismissed), T0)).toBe(true);
  });

  it('hiding after 120 s is not a dismissal: Close then remembers nothing', () => {
    const s = after([[sig('b1'), T0]]);
    expect(bannerOnClose(s, T0 + EXCEPTION_BANNER_MS).dismiss).toBeNull();
    expect(bannerOnClose(BANNER_HIDDEN, T0).dismiss).toBeNull();
  });
});
