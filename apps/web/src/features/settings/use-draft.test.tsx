import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api.ts';
import { useDraft } from './settings-api.ts';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

/*
 * The settings forms keep a person's edits while others' changes arrive live; a save must name
 * the version the edits began from, or it silently overwrites the change that arrived.
 */

type Doc = { name: string; version: number };
type Draft = ReturnType<typeof useDraft<Doc, { name: string }>>;

let root: Root;
let container: HTMLDivElement;
let latest: Draft;

function Form({ doc }: { doc: Doc }) {
  latest = useDraft(
    doc,
    (d) => ({ name: d.name }),
    (d) => d.version,
  );
  return <p>{latest.draft?.name}</p>;
}

const client = new QueryClient();
const show = (doc: Doc) =>
  act(() =>
    root.render(
      <QueryClientProvider client={client}>
        <Form doc={doc} />
      </QueryClientProvider>,
    ),
  );

/** The version a save through the hook names. */
async function savedVersion(): Promise<number> {
  let sent = -1;
  await act(() =>
    latest.withVersion(async (version) => {
      sent = version;
    }),
  );
  return sent;
}

const conflict = (current: number) =>
  new ApiError({
    status: 409,
    code: 'version_conflict',
    message: 'The record was changed by someone else: reload it and try again',
    kind: 'answer',
    details: { current: { name: 'theirs', version: current } },
  });

beforeEach(() => {
  container = document.createElement('div');
  document.body.append(container);
  root = createRoot(container);
});

afterEach(() => {
  act(() => root.unmount());
  container.remove();
});

describe('useDraft with a version', () => {
  it('follows the server while untouched, version included', async () => {
    await show({ name: 'first', version: 1 });
    await show({ name: 'second', version: 2 });
    expect(container.textContent).toBe('second');
    expect(await savedVersion()).toBe(2);
  });

  it("names the version the edits began from, not a newer one that arrived live (someone else's change)", async () => {
    await show({ name: 'first', version: 1 });
    act(() => latest.setDraft({ name: 'mine' }));
    await show({ name: 'theirs', version: 2 });
    expect(container.textContent).toBe('mine');
    expect(latest.isDirty).toBe(true);
    expect(await savedVersion()).toBe(1);
  });

  it('a version that changed without the content changing still counts', async () => {
    await show({ name: 'same', version: 1 });
    await show({ name: 'same', version: 4 });
    act(() => latest.setDraft({ name: 'mine' }));
    await show({ name: 'same', version: 5 });
    expect(await savedVersion()).toBe(4);
  });

  it('after a conflict keeps the edits and names the version the conflict answered with', async () => {
    await show({ name: 'first', version: 1 });
    act(() => latest.setDraft({ name: 'mine' }));
    await show({ name: 'theirs', version: 2 });
    let caught: unknown;
    await act(async () => {
      await latest
        .withVersion(() => Promise.reject(conflict(2)))
        .catch((e: unknown) => {
          caught = e;
        });
    });
    expect(caught).toBeInstanceOf(ApiError);
    expect(container.textContent).toBe('mine');
    expect(latest.isDirty).toBe(true);
    expect(await savedVersion()).toBe(2);
  });

  it('another refusal leaves the version as it was', async () => {
    await show({ name: 'first', version: 1 });
    act(() => latest.setDraft({ name: 'mine' }));
    const refused = new ApiError({ status: 400, code: 'invalid', message: 'No', kind: 'answer' });
    await act(async () => {
      await latest.withVersion(() => Promise.reject(refused)).catch(() => undefined);
    });
    await show({ name: 'theirs', version: 2 });
    expect(await savedVersion()).toBe(1);
  });

  it('Cancel (reset) goes back to the stored value and its version', async () => {
    await show({ name: 'first', version: 1 });
    act(() => latest.setDraft({ name: 'mine' }));
    await show({ name: 'theirs', version: 3 });
    act(() => latest.reset());
    expect(container.textContent).toBe('theirs');
    expect(latest.isDirty).toBe(false);
    expect(await savedVersion()).toBe(3);
  });
});
