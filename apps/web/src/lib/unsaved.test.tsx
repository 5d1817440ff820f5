import { OVERLAY_TEXT } from '@rostra/core/shell/messages';
import {
  createBrowserHistory,
  createRootRoute,
  createRoute,
  createRouter,
  Outlet,
  RouterProvider,
} from '@tanstack/react-router';
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { confirmStore } from './overlays.ts';
import { createStore, useStore } from './store.ts';
import { hasUnsavedChanges, unsavedStore, useUnsavedChanges, useUnsavedGuard } from './unsaved.ts';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const dirty = createStore(false);

function Editor() {
  useUnsavedChanges(useStore(dirty));
  return <p>editor</p>;
}

function Shell() {
  useUnsavedGuard();
  return <Outlet />;
}

function makeRouter() {
  const rootRoute = createRootRoute({ component: Shell });
  const edit = createRoute({ getParentRoute: () => rootRoute, path: '/edit', component: Editor });
  const other = createRoute({
    getParentRoute: () => rootRoute,
    path: '/other',
    component: () => <p>other</p>,
  });
  return createRouter({ routeTree: rootRoute.addChildren([edit, other]), history: createBrowserHistory() });
}

let root: Root;
let router: ReturnType<typeof makeRouter>;
const flush = () => act(async () => new Promise((r) => setTimeout(r, 0)));

beforeEach(async () => {
  window.history.replaceState(null, '', '/edit');
  dirty.set(false);
  router = makeRouter();
  const host = document.createElement('div');
  document.body.append(host);
  root = createRoot(host);
  await act(async () => root.render(<RouterProvider router={router} />));
  await flush();
});

afterEach(async () => {
  await act(async () => root.unmount());
  router.history.destroy();
  confirmStore.set(null);
  unsavedStore.set(new Set());
});

describe('unsaved changes guard', () => {
  it('marks the screen dirty only while the form says so', async () => {
    expect(hasUnsavedChanges()).toBe(false);
    await act(async () => dirty.set(true));
    expect(hasUnsavedChanges()).toBe(true);
    await act(async () => dirty.set(false));
    expect(hasUnsavedChanges()).toBe(false);
  });

  it('drops the mark when the dirty form unmounts', async () => {
    await act(async () => dirty.set(true));
    await act(async () => root.unmount());
    expect(hasUnsavedChanges()).toBe(false);
    root = createRoot(document.createElement('div'));
  });

  it('navigates without asking when nothing is unsaved', async () => {
    await act(async () => router.navigate({ href: '/other' }));
    await flush();
    expect(confirmStore.get()).toBeNull();
    expect(router.state.location.pathname).toBe('/other');
  });

  it("asks the spec's question and stays on No", async () => {
    await act(async () => dirty.set(true));
    const navigation = router.navigate({ href: '/other' });
    await flush();
    const question = confirmStore.get();
    expect(question?.message).toBe(OVERLAY_TEXT.unsavedChanges);
    expect([question?.yes, question?.no]).toEqual(['Yes', 'No']);
    await act(async () => question?.resolve(false));
    await flush();
    void navigation;
    expect(router.state.location.pathname).toBe('/edit');
    expect(hasUnsavedChanges()).toBe(true);
  });

  it('leaves and discards the changes on Yes', async () => {
    await act(async () => dirty.set(true));
    const navigation = router.navigate({ href: '/other' });
    await flush();
    await act(async () => confirmStore.get()?.resolve(true));
    await act(async () => navigation);
    await flush();
    expect(router.state.location.pathname).toBe('/other');
    expect(hasUnsavedChanges()).toBe(false);
  });

  it('asks the browser to confirm a reload only while something is unsaved', async () => {
    const reload = () => {
      const event = new Event('beforeunload', { cancelable: true });
      window.dispatchEvent(event);
      return event.defaultPrevented;
    };
    expect(reload()).toBe(false);
    await act(async () => dirty.set(true));
    expect(reload()).toBe(true);
  });
});
