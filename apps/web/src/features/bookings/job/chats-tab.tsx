import { FEED_IMAGE_MAX_BYTES, feedBody, feedItem } from '@rostra/core/api/job-life';
import { chatFeedButtons } from '@rostra/core/shell/roles';
import { formatTime, toWallClock } from '@rostra/core/time/calendar';
import { type InfiniteData, useInfiniteQuery, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { ImagePlus, ListTodo, Phone, Send, Users, X } from 'lucide-react';
import { useRef, useState } from 'react';
import { useWatch } from 'react-hook-form';
import { z } from 'zod';
import { useOrgDates } from '../../../lib/org-dates.ts';
import { useShell } from '../../../shell/shell-context.tsx';
import { Button } from '../../../ui/button.tsx';
import { FieldError } from '../../../ui/control-field.tsx';
import { Fieldset } from '../../../ui/fieldset.tsx';
import { Form, FormField } from '../../../ui/form.tsx';
import { useZodForm } from '../../../ui/zod-form.ts';
import {
  type ChatButton,
  contactsQuery,
  type FeedItem,
  type FeedPage,
  fetchFeedPage,
  JOB_LIFE_KEY,
  postFeed,
  telLink,
} from '../../job-life/api.ts';
import { randomUuid } from '../../job-life/queue.ts';
import { CHAT_BUTTON_LABELS } from '../texts.ts';
import { JOB_TEXT as T } from './texts.ts';
import { useJobLifeLive } from './use-job-life.ts';

const feedKey = (jobId: string) => [...JOB_LIFE_KEY, 'feed', jobId] as const;

/** A message on its way: kept (with its client_id) until the server has it, or until discarded. */
type Outgoing = { client_id: string; text: string; image?: string; state: 'sending' | 'failed' };

function readAsDataUrl(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error);
    reader.readAsDataURL(file);
  });
}

/** Adds an item to the newest page unless the feed has it already (live echo of one's own send). */
function withItem(data: InfiniteData<FeedPage, string | undefined> | undefined, item: FeedItem) {
  if (!data) return data;
  const has = data.pages.some((p) =>
    p.items.some((i) => i._id === item._id || i.client_id === item.client_id),
  );
  if (has) return data;
  const [first, ...rest] = data.pages;
  return {
    ...data,
    pages: [{ ...(first ?? { next_cursor: null }), items: [item, ...(first?.items ?? [])] }, ...rest],
  };
}

/**
 * The Chats tab (issue 9 point 1): the job's feed between the dispatcher, its resources and its
 * customer — oldest at the top, 20 a page with "load older", live — the role's call buttons
 * (spec §6, `tel:` links from the records) and a composer. A message that could not be sent stays
 * with the spec's alert and a retry (the same client_id, so a late success is not doubled).
 */
export function ChatsTab({ jobId }: { jobId: string }) {
  const dates = useOrgDates();
  const { me, role } = useShell();
  const timeZone = me.company?.time_zone ?? 'UTC';
  const queryClient = useQueryClient();
  const feed = useInfiniteQuery({
    queryKey: feedKey(jobId),
    queryFn: ({ pageParam, signal }) => fetchFeedPage(jobId, pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.next_cursor ?? undefined,
  });
  const [outbox, setOutbox] = useState<Outgoing[]>([]);

  useJobLifeLive(jobId, (data) => {
    const item = feedItem.safeParse(data.item);
    if (item.success) {
      queryClient.setQueryData(feedKey(jobId), (d: InfiniteData<FeedPage, string | undefined> | undefined) =>
        withItem(d, item.data),
      );
    }
  });

  const send = async (message: Outgoing) => {
    setOutbox((o) => [
      ...o.filter((m) => m.client_id !== message.client_id),
      { ...message, state: 'sending' },
    ]);
    try {
      const item = await postFeed(jobId, {
        client_id: message.client_id,
        ...(message.text ? { text: message.text } : {}),
        ...(message.image ? { image: message.image } : {}),
      });
      queryClient.setQueryData(feedKey(jobId), (d: InfiniteData<FeedPage, string | undefined> | undefined) =>
        withItem(d, item),
      );
      setOutbox((o) => o.filter((m) => m.client_id !== message.client_id));
    } catch {
      setOutbox((o) => o.map((m) => (m.client_id === message.client_id ? { ...m, state: 'failed' } : m)));
    }
  };

  const items = (feed.data?.pages ?? []).flatMap((p) => p.items);
  const sentIds = new Set(items.map((i) => i.client_id));
  const waiting = outbox.filter((m) => !sentIds.has(m.client_id));
  const ordered = [...items].sort((a, b) => a.created_at - b.created_at);
  const when = (ms: number) => {
    const wall = toWallClock(ms, timeZone);
    const today = dates.date(toWallClock(Date.now(), timeZone));
    return dates.date(wall) === today ? formatTime(wall) : `${dates.date(wall)} ${formatTime(wall)}`;
  };

  return (
    <div className="space-y-4">
      <CallButtons jobId={jobId} buttons={chatFeedButtons(role)} />

      <section aria-label={T.chat} className="rounded-lg border border-neutral-200">
        {feed.hasNextPage ? (
          <div className="border-b border-neutral-100 p-2 text-center">
            <Button
              variant="ghost"
              onClick={() => void feed.fetchNextPage()}
              disabled={feed.isFetchingNextPage}
              className="sm:min-h-8"
            >
              {T.loadOlder}
            </Button>
          </div>
        ) : null}
        {feed.isPending ? (
          <div className="space-y-2 p-3" aria-busy="true">
            <div className="h-10 w-2/3 animate-pulse rounded-lg bg-neutral-100" />
            <div className="ml-auto h-10 w-1/2 animate-pulse rounded-lg bg-neutral-100" />
          </div>
        ) : feed.isError ? (
          <div role="alert" className="p-3 text-sm text-red-800">
            <p>{T.feedFailed}</p>
            <p className="mt-1 text-xs">{feed.error.message}</p>
            <Button variant="secondary" className="mt-2" onClick={() => void feed.refetch()}>
              {T.retry}
            </Button>
          </div>
        ) : ordered.length === 0 && waiting.length === 0 ? (
          <p className="p-6 text-center text-sm text-neutral-500">{T.noMessages}</p>
        ) : (
          <ol className="space-y-2 p-3" aria-label={T.chat} data-testid="chat-feed">
            {ordered.map((m) => {
              const isMine = m.author.uid === me.uid;
              return (
                <li
                  key={m._id}
                  data-feed-id={m._id}
                  className={`flex flex-col ${isMine ? 'items-end' : 'items-start'}`}
                >
                  <span className="text-xs text-neutral-500">
                    {isMine ? T.you : m.author.name || m.author.role} · {when(m.created_at)}
                  </span>
                  <div
                    className={`mt-0.5 max-w-[85%] rounded-lg px-3 py-2 text-sm whitespace-pre-wrap break-words ${
                      isMine ? 'bg-sky-700 text-white' : 'bg-neutral-100 text-neutral-900'
                    }`}
                  >
                    {m.kind === 'image' && m.image_url ? (
                      <img
                        src={m.image_url}
                        alt={T.image(isMine ? T.you : m.author.name)}
                        className="max-h-64 rounded"
                        loading="lazy"
                      />
                    ) : null}
                    {m.text ? <p>{m.text}</p> : null}
                  </div>
                </li>
              );
            })}
            {waiting.map((m) => (
              <li key={m.client_id} className="flex flex-col items-end" data-outgoing={m.state}>
                <div
                  className={`max-w-[85%] rounded-lg px-3 py-2 text-sm whitespace-pre-wrap break-words ${
                    m.state === 'failed'
                      ? 'bg-red-50 text-red-900 ring-1 ring-red-300'
                      : 'bg-sky-700/70 text-white'
                  }`}
                >
                  {m.image ? <img src={m.image} alt={T.image(T.you)} className="max-h-40 rounded" /> : null}
                  {m.text ? <p>{m.text}</p> : null}
                </div>
                {m.state === 'sending' ? (
                  <span className="text-xs text-neutral-500">{T.sending}</span>
                ) : (
                  <div role="alert" className="mt-1 max-w-[85%] text-right text-sm text-red-800">
                    <p>{T.sendFailed}</p>
                    <div className="mt-1 flex justify-end gap-1">
                      <Button variant="secondary" className="sm:min-h-8" onClick={() => void send(m)}>
                        {T.retrySend}
                      </Button>
                      <Button
                        variant="ghost"
                        className="sm:min-h-8"
                        onClick={() => setOutbox((o) => o.filter((x) => x.client_id !== m.client_id))}
                      >
                        {T.discard}
                      </Button>
                    </div>
                  </div>
                )}
              </li>
            ))}
          </ol>
        )}
        <Composer
          onSend={(text, image) =>
            void send({ client_id: randomUuid(), text, ...(image ? { image } : {}), state: 'sending' })
          }
        />
      </section>
    </div>
  );
}

/** A message as typed: core's `feedBody` text (sent trimmed) and image. */
const composerForm = z.object({
  text: z.string().pipe(feedBody.shape.text.unwrap()),
  image: feedBody.shape.image,
});
type ComposerValues = z.input<typeof composerForm>;

function Composer({ onSend }: { onSend: (text: string, image?: string) => void }) {
  const form = useZodForm(composerForm, { defaultValues: { text: '' } });
  const image = useWatch({ control: form.control, name: 'image' });
  const imageError = form.formState.errors.image?.message;
  const fileRef = useRef<HTMLInputElement>(null);

  const setImage = (value: string | undefined) => form.setValue('image', value, { shouldDirty: true });
  const choose = async (file: File | undefined) => {
    if (!file) return;
    if (!file.type.startsWith('image/')) return form.setError('image', { message: T.imageOnly });
    if (file.size > FEED_IMAGE_MAX_BYTES) return form.setError('image', { message: T.imageTooBig });
    form.clearErrors('image');
    setImage(await readAsDataUrl(file));
  };
  const submit = (values: z.output<typeof composerForm>) => {
    const text = values.text.trim();
    if (text === '' && !values.image) return;
    onSend(text, values.image);
    form.reset({ text: '' });
    if (fileRef.current) fileRef.current.value = '';
  };

  return (
    <Form form={form} onSubmit={submit} guard={false} className="border-t border-neutral-200 p-2">
      {image ? (
        <div className="mb-2 flex items-start gap-2">
          <img src={image} alt="" className="max-h-24 rounded" />
          <button
            type="button"
            aria-label={T.discard}
            onClick={() => setImage(undefined)}
            className="rounded p-1 text-neutral-600 hover:bg-neutral-100"
          >
            <X aria-hidden className="size-4" />
          </button>
        </div>
      ) : null}
      <div className="flex items-end gap-2">
        {/* The button below is the control; the input only opens the picker. */}
        <input
          ref={fileRef}
          type="file"
          tabIndex={-1}
          aria-hidden
          accept="image/*"
          className="sr-only"
          onChange={(e) => void choose(e.target.files?.[0])}
        />
        <Button
          variant="ghost"
          aria-label={T.attachImage}
          title={T.attachImage}
          onClick={() => fileRef.current?.click()}
          className="px-2"
        >
          <ImagePlus aria-hidden className="size-5" />
        </Button>
        <FormField<ComposerValues> name="text" label={T.message} isLabelHidden className="flex-1">
          {(f) => (
            <textarea
              {...f}
              rows={1}
              maxLength={4000}
              placeholder={T.messagePlaceholder}
              onKeyDown={(e) => {
                if (e.key === 'Enter' && !e.shiftKey) {
                  e.preventDefault();
                  e.currentTarget.form?.requestSubmit();
                }
              }}
              className="block min-h-11 w-full resize-none rounded-md border border-neutral-300 px-3 py-2 text-base sm:min-h-9 sm:text-sm"
            />
          )}
        </FormField>
        <Button type="submit" aria-label={T.send}>
          <Send aria-hidden className="size-4" />
          <span className="hidden sm:inline">{T.send}</span>
        </Button>
      </div>
      <FieldError message={imageError} />
    </Form>
  );
}

/** The role's buttons (spec §6) as `tel:` links from the job's records; employees open a list. */
function CallButtons({ jobId, buttons: fallback }: { jobId: string; buttons: readonly ChatButton[] }) {
  const contacts = useQuery(contactsQuery(jobId));
  const [showEmployees, setShowEmployees] = useState(false);
  const buttons = contacts.data?.buttons ?? fallback;
  if (buttons.length === 0) return null;
  const link =
    'inline-flex min-h-11 items-center gap-2 rounded-md border border-neutral-300 bg-white px-3 text-sm font-medium text-neutral-800 hover:bg-neutral-50 sm:min-h-9';
  const disabled = `${link} cursor-not-allowed text-neutral-400 hover:bg-white`;
  const phone = (b: ChatButton) =>
    b === 'call_customer'
      ? telLink(contacts.data?.customer_phone)
      : b === 'call_service_provider'
        ? telLink(contacts.data?.service_provider_phone)
        : undefined;
  return (
    <div>
      <Fieldset className="flex flex-wrap gap-1.5" legend={T.contactButtons} look="hidden">
        {buttons.map((b) => {
          if (b === 'employee') {
            return (
              <button
                key={b}
                type="button"
                className={link}
                aria-expanded={showEmployees}
                onClick={() => setShowEmployees((s) => !s)}
              >
                <Users aria-hidden className="size-4" />
                {CHAT_BUTTON_LABELS.employee}
              </button>
            );
          }
          if (b === 'tasks') {
            return (
              <Link key={b} to={'/projecttasks' as string} className={link}>
                <ListTodo aria-hidden className="size-4" />
                {CHAT_BUTTON_LABELS.tasks}
              </Link>
            );
          }
          const href = phone(b);
          return href ? (
            <a key={b} href={href} className={link}>
              <Phone aria-hidden className="size-4" />
              {CHAT_BUTTON_LABELS[b]}
            </a>
          ) : (
            <span key={b} className={disabled} title={T.noPhone} aria-disabled="true">
              <Phone aria-hidden className="size-4" />
              {CHAT_BUTTON_LABELS[b]}
            </span>
          );
        })}
      </Fieldset>
      {showEmployees ? (
        <ul
          aria-label={T.employees}
          className="mt-2 divide-y divide-neutral-100 rounded-md border border-neutral-200"
        >
          {(contacts.data?.resources ?? []).map((r) => {
            const href = telLink(r.phone);
            return (
              <li key={r._id} className="flex items-center justify-between px-3 py-2 text-sm">
                <span>{r.name}</span>
                {href ? (
                  <a href={href} className="inline-flex items-center gap-1 text-sky-800 underline">
                    <Phone aria-hidden className="size-3.5" />
                    {T.call(r.name)}
                  </a>
                ) : (
                  <span className="text-xs text-neutral-500">{T.noPhone}</span>
                )}
              </li>
            );
          })}
        </ul>
      ) : null}
    </div>
  );
}
