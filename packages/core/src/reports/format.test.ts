import { describe, expect, it } from 'vitest';
import { formatHoursHmm, toCsv } from './format.ts';

describe('formatHoursHmm (hours plus minutes/100, 2 decimals)', () => {
  it('writes 7 h 30 min as 7.30', () => expect(formatHoursHmm(7 * 3600 + 30 * 60)).toBe('7.30'));
  it('keeps minutes below 10 two digits wide', () =>
    expect(formatHoursHmm(10 * 3600 + 5 * 60)).toBe('10.05'));
  it('writes less than an hour as 0.mm', () => expect(formatHoursHmm(45 * 60)).toBe('0.45'));
  it("drops seconds (the same rule as a job's own hours)", () => {
    expect(formatHoursHmm(59 * 60 + 59)).toBe('0.59');
    expect(formatHoursHmm(60 * 60)).toBe('1.00');
  });
  it('shows nothing worked and negative amounts as 0.00', () => {
    expect(formatHoursHmm(0)).toBe('0.00');
    expect(formatHoursHmm(-60)).toBe('0.00');
  });
  it('goes past 24 hours (weekly totals)', () => expect(formatHoursHmm(38 * 3600 + 15 * 60)).toBe('38.15'));
});

describe('toCsv', () => {
  it('writes a header and rows with CRLF line ends', () => {
    expect(
      toCsv(
        ['a', 'b'],
        [
          ['x', 1],
          ['y', '7.30'],
        ],
      ),
    ).toBe('a,b\r\nx,1\r\ny,7.30\r\n');
  });
  it('quotes commas, quotes and line breaks', () => {
    expect(toCsv(['n'], [['Lee, Ann'], ['say "hi"'], ['two\nlines']])).toBe(
      'n\r\n"Lee, Ann"\r\n"say ""hi"""\r\n"two\nlines"\r\n',
    );
  });
  it('neutralises text that a spreadsheet would run as a formula, not negative numbers', () => {
    expect(toCsv(['n'], [['=1+1'], ['@SUM(A1)'], [-5]])).toBe("n\r\n'=1+1\r\n'@SUM(A1)\r\n-5\r\n");
  });
  it('leaves missing values empty', () =>
    expect(toCsv(['a', 'b'], [[null, undefined]])).toBe('a,b\r\n,\r\n'));
});
