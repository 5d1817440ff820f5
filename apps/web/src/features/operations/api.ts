import type { CursorPage } from '@rostra/core/api/common';
import type {
  FormBody,
  FormSubmission,
  FormsQuery,
  FormTemplateRecord,
  MapConfig,
  MapJobsPage,
  MapJobsQuery,
  StockBody,
  StockQuery,
  StockRecord,
  SubmissionsQuery,
  UploadRecord,
  UploadsQuery,
} from '@rostra/core/api/operations';
import { uploadRecord } from '@rostra/core/api/operations';
import type { resourceDirectoryPage } from '@rostra/core/api/resources';
import type { FormAnswers } from '@rostra/core/forms/form-template';
import type { z } from 'zod';
import { classifyAnswer, classifyNetworkFailure } from '../../lib/api.ts';
import { api } from '../../lib/client.ts';

/*
 * The operations screens' calls (issue #8): form templates and the forms filled for jobs,
 * equipments and pods (barcode `code`), uploads, and the map's tile configuration. Lists are
 * pages with a `next_cursor`; writes send the version read (a stale one answers 409).
 */

/** Which list of stock a screen shows (its path). */
export type StockKind = 'equipments' | 'pods';
export type { FormSubmission, FormTemplateRecord, StockRecord, UploadRecord };

const enc = encodeURIComponent;

export const OPS_KEYS = {
  forms: ['ops', 'forms'] as const,
  submissions: ['ops', 'submissions'] as const,
  stock: (kind: StockKind) => ['ops', kind] as const,
  uploads: ['ops', 'uploads'] as const,
  mapConfig: ['ops', 'map-config'] as const,
};

// --- forms ------------------------------------------------------------------------------------

export const listForms = (query: FormsQuery) =>
  api.get<CursorPage<FormTemplateRecord>>('/forms', { query, quiet: true });

export const createForm = (input: FormBody) => api.post<FormTemplateRecord>('/forms', input, { quiet: true });

export const updateForm = (id: string, version: number, input: FormBody) =>
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

export const listSubmissions = (query: SubmissionsQuery) =>
  api.get<CursorPage<FormSubmission>>('/form-submissions', { query, quiet: true });

export const listJobForms = (jobId: string, query: Pick<SubmissionsQuery, 'cursor' | 'limit'> = {}) =>
  api.get<CursorPage<FormSubmission>>(`/bookings/${enc(jobId)}/forms`, { query, quiet: true });

export const submitJobForm = (jobId: string, formId: string, answers: FormAnswers) =>
  api.post<FormSubmission>(`/bookings/${enc(jobId)}/forms`, { form_id: formId, answers }, { quiet: true });

// --- equipments and pods ----------------------------------------------------------------------

export const listStock = (kind: StockKind, query: StockQuery) =>
  api.get<CursorPage<StockRecord>>(`/${kind}`, { query, quiet: true });

export const createStock = (kind: StockKind, input: StockBody) =>
  api.post<StockRecord>(`/${kind}`, input, { quiet: true });

export const updateStock = (kind: StockKind, id: string, version: number, input: StockBody) =>
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

export const listUploads = (query: UploadsQuery) =>
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
  return uploadRecord.parse(body);
}

/** `1.2 MB`, `34 KB`, `512 B`. */
export function formatBytes(size: number): string {
  if (size < 1024) return `${size} B`;
  if (size < 1024 * 1024) return `${Math.round(size / 1024)} KB`;
  return `${(size / (1024 * 1024)).toFixed(1)} MB`;
}

// --- maps -------------------------------------------------------------------------------------

export const fetchMapConfig = () => api.get<MapConfig>('/map-config', { quiet: true });

/** A page of the organisation's active resources (`GET /directory/resources`), A→Z, with the total. */
type MapResourcesPage = z.infer<typeof resourceDirectoryPage>;

export const fetchMapResources = (query: { page: number; limit: number }, signal?: AbortSignal) =>
  api.get<MapResourcesPage>('/directory/resources', {
    query: { ...query, inactive: false },
    quiet: true,
    ...(signal ? { signal } : {}),
  });

export const fetchMapJobs = (query: MapJobsQuery, signal?: AbortSignal) =>
  api.get<MapJobsPage>('/map/jobs', { query, quiet: true, ...(signal ? { signal } : {}) });
