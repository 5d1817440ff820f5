import { ALERT_TEXT } from '@rostra/core/shell/messages';
import { routeActions } from '@rostra/core/shell/routes';
import { describe, expect, it } from 'vitest';
import { ApiError } from './api.ts';
import { queryOf, runRouteActions, withoutOneShotParams } from './route-actions.ts';

function deps(overrides: { link?: () => Promise<string> } = {}) {
  const log: string[] = [];
  return {
    log,
    deps: {
      resolveShortLink: overrides.link ?? (async () => '/bookings?id=7'),
      completeRegistration: async (code: string, state: string) => {
        log.push(`complete ${code} ${state}`);
      },
      navigate: (to: string) => log.push(`go ${to}`),
      showError: (message: string, kind: string) => log.push(`${kind}: ${message}`),
      openView: (show: string) => log.push(`show ${show}`),
    },
  };
}

const run = (url: string, d: ReturnType<typeof deps>['deps']) => {
  const [path = '/', search = ''] = url.split('?');
  return runRouteActions(routeActions(path, queryOf(search)), d);
};

describe('query parameter actions', () => {
  it('show opens the view it names, on any route', async () => {
    const a = deps();
    await run('/customers?show=notifications', a.deps);
    await run('/calevents?task_id=t1&calevent_id=e1&show=help', a.deps);
    expect(a.log).toEqual(['show notifications', 'show help']);
  });

  it('code with state completes the registration; code alone does nothing', async () => {
    const a = deps();
    await run('/settings?code=c1&state=s1', a.deps);
    await run('/settings?code=c2', a.deps);
    expect(a.log).toEqual(['complete c1 s1']);
  });

  it('a short link goes to its target', async () => {
    const a = deps();
    await run('/?link=abc', a.deps);
    expect(a.log).toEqual(['go /bookings?id=7']);
  });

  it('an expired short link says so and goes home', async () => {
    const a = deps({
      link: async () => {
        throw new ApiError({
          status: 410,
          code: 'link-expired',
          message: ALERT_TEXT.linkExpired,
          kind: 'answer',
        });
      },
    });
    await run('/?link=old', a.deps);
    expect(a.log).toEqual([`expired: ${ALERT_TEXT.linkExpired}`, 'go /']);
  });
});

describe('one-shot parameters leave the address', () => {
  it('removes link, token, code, state and show and keeps the rest', () => {
    expect(withoutOneShotParams('/bookings', 'link=a&id=3')).toBe('/bookings?id=3');
    expect(withoutOneShotParams('/customers', 'show=help&task_id=t1')).toBe('/customers?task_id=t1');
    expect(withoutOneShotParams('/', 'code=1&state=2')).toBe('/');
    expect(withoutOneShotParams('/bookings', 'id=3')).toBeUndefined();
  });
});
