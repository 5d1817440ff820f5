import { describe, expect, it } from 'vitest';
import { safeRedirect } from './sign-in-flow.ts';

describe('where sign-in may send the person back to', () => {
  it('an in-app path with its query', () => {
    expect(safeRedirect('/bookings?id=7')).toBe('/bookings?id=7');
  });

  it('never another site (no open redirect)', () => {
    for (const target of [
      '//evil.example/x',
      '/\\evil.example',
      'https://evil.example',
      'javascript:alert(1)',
    ]) {
      expect(safeRedirect(target)).toBeUndefined();
    }
  });

  it('the root and the sign-in pages mean "no route asked for": the default landing page applies', () => {
    expect(safeRedirect('/')).toBeUndefined();
    expect(safeRedirect('/login?x=1')).toBeUndefined();
    expect(safeRedirect('/reset')).toBeUndefined();
    expect(safeRedirect(undefined)).toBeUndefined();
  });
});
