import type { Booking } from '@rostra/core/api/bookings';
import type { CursorPage } from '@rostra/core/api/common';
import type { FormAnswers, FormField } from '@rostra/core/forms/form-template';
import { classifyAnswer, classifyNetworkFailure } from '../../lib/api.ts';
import { api } from '../../lib/client.ts';

/*
 * The operations screens' calls (issue #8): form templates and the forms filled for jobs,
 * equipments and pods (barcode `code`), uploads, and the map's tile configuration. Lists are
 * pages with a `next_cursor`; writes send the version read (a stale one answers 409).
 */

export type FormTemplateRecord = {
  _id: string;
  name: string;
  description?: string;
  fields: FormField[];
  version: number;
  _qa_update_utc: number;
};

export type FormSubmission = {
  _id: string;
  name: string;
  form_id: string;
  form_name: string;
  job_id: string;
  fields: FormField[];
  answers: FormAnswers;
  created_by?: string;
  _qa_create_utc: number;
};

export type StockKind = 'equipments' | 'pods';

export type StockRecord = {
  _id: string;
  name: string;
  code: string;
  status?: string;
  notes?: string;
  /** Pods: the job it is booked or loaded on. */
  job_id?: string;
  version: number;
  _qa_update_utc: number;
};

export type UploadRecord = {
  _id: string;
  name: string;
  mime_type: string;
  size: number;
  created_by: string | null;
  _qa_create_utc: number;
};

export type ListQuery = Record<string, string | number | undefined>;

const enc = encodeURIComponent;

export const OPS_KEYS = {
  forms: ['ops', 'forms'] as const,
  submissions: ['ops', 'submissions'] as const,
  stock: (kind: StockKind) => ['ops', kind] as const,
  uploads: ['ops', 'uploads'] as const,
  mapConfig: ['ops', 'map-config'] as const,
};

// --- forms ------------------------------------------------------------------------------------

export const listForms = (query: ListQuery) =>
  api.get<CursorPage<FormTemplateRecord>>('/forms', { query, quiet: true });

export type FormInput = { name: string; description?: string; fields: FormField[] };

export const createForm = (input: FormInput) =>
  api.post<FormTemplateRecord>('/forms', input, { quiet: true });

export const updateForm = (id: string, version: number, input: FormInput) =>
  api.request<FormTemplateRecord>(`/forms/${enc(id)}`, {
    method: 'PATCH',
    body: { ...input, version },
    quiet: true,
  });

export const deleteForm = (id: string, version: number) =>
  api.request(`/forms/${enc(id)}`, {
    method: 'DELETE',
    headers: { 'if-match': String(version) },
    quiet: true,
  });

export const listSubmissions = (query: ListQuery) =>
  api.get<CursorPage<FormSubmission>>('/form-submissions', { query, quiet: true });

export const listJobForms = (jobId: string, query: ListQuery = {}) =>
  api.get<CursorPage<FormSubmission>>(`/bookings/${enc(jobId)}/forms`, { query, quiet: true });

export const submitJobForm = (jobId: string, formId: string, answers: FormAnswers) =>
  api.post<FormSubmission>(`/bookings/${enc(jobId)}/forms`, { form_id: formId, answers }, { quiet: true });

// --- equipments and pods ----------------------------------------------------------------------

export const listStock = (kind: StockKind, query: ListQuery) =>
  api.get<CursorPage<StockRecord>>(`/${kind}`, { query, quiet: true });

export type StockInput = {
  name: string;
  code: string;
  status?: string;
  notes?: string;
  job_id?: string | null;
};

export const createStock = (kind: StockKind, input: StockInput) =>
  api.post<StockRecord>(`/${kind}`, input, { quiet: true });

export const updateStock = (kind: StockKind, id: string, version: number, input: StockInput) =>
  api.request<StockRecord>(`/${kind}/${enc(id)}`, {
    method: 'PATCH',
    body: { ...input, version },
    quiet: true,
  });

export const deleteStock = (kind: StockKind, id: string, version: number) =>
  api.request(`/${kind}/${enc(id)}`, {
    method: 'DELETE',
    headers: { 'if-match': String(version) },
    quiet: true,
  });

// --- uploads ----------------------------------------------------------------------------------

export const listUploads = (query: ListQuery) =>
  api.get<CursorPage<UploadRecord>>('/uploads', { query, quiet: true });

export const deleteUpload = (id: string) =>
  api.request(`/uploads/${enc(id)}`, { method: 'DELETE', quiet: true });

/** Where an upload downloads from (the session cookie authorises the GET). */
export const uploadContentUrl = (id: string, inline = false) =>
  `/api/v1/uploads/${enc(id)}/content${inline ? '?inline=true' : ''}`;

/**
 * Sends a file as the request body (the server reads its type from its bytes). The API client
 * sends JSON or multipart only, so this one call uses fetch itself with the client's access token.
 */
export async function uploadFile(file: File): Promise<UploadRecord> {
  const url = `/api/v1/uploads?name=${enc(file.name)}`;
  let response: Response;
  try {
    response = await fetch(url, {
      method: 'POST',
      body: file,
      credentials: 'same-origin',
      headers: {
        'content-type': 'application/octet-stream',
        accept: 'application/json',
        authorization: `Bearer ${await api.tokens.get()}`,
      },
    });
  } catch (thrown) {
    throw classifyNetworkFailure(thrown, { isOnline: navigator.onLine, isCrossOrigin: false });
  }
  const text = await response.text();
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {
    // not JSON: keep the text
  }
  if (!response.ok) throw classifyAnswer(response.status, body);
  return body as UploadRecord;
}

/** `1.2 MB`, `34 KB`, `512 B`. */
export function formatBytes(size: number): string {
  if (size < 1024) return `${size} B`;
  if (size < 1024 * 1024) return `${Math.round(size / 1024)} KB`;
  return `${(size / (1024 * 1024)).toFixed(1)} MB`;
}

// --- maps -------------------------------------------------------------------------------------

export type MapConfig = { tile_url: string | null; attribution: string | null };

export const fetchMapConfig = () => api.get<MapConfig>('/map-config', { quiet: true });

/** A page of the map query (`GET /map/jobs`): the window's jobs, soonest first, with the total. */
export type MapJobsPage = {
  items: Booking[];
  total: number;
  page: number;
  limit: number;
  /** The statuses of the whole window (the status filter's choices). */
  statuses: string[];
};

/** A page of the organisation's active resources (`GET /directory/resources`), A→Z, with the total. */
export type MapResourcesPage = {
  items: (Record<string, unknown> & { _id: string; name: string })[];
  total: number;
  page: number;
  limit: number;
};

export const fetchMapResources = (query: { page: number; limit: number }, signal?: AbortSignal) =>
  api.get<MapResourcesPage>('/directory/resources', {
    query: { ...query, inactive: false },
    quiet: true,
    ...(signal ? { signal } : {}),
  });

export const fetchMapJobs = (
  query: { from: number; to: number; status?: string | undefined; page: number; limit?: number },
  signal?: AbortSignal,
) => api.get<MapJobsPage>('/map/jobs', { query, quiet: true, ...(signal ? { signal } : {}) });
