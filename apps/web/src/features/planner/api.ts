import type { EndedSeries, SeriesPage } from '@rostra/core/api/planner';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api } from '../../lib/client.ts';

/*
 * The Planner's data (issue 22 point 1, `planner_plan`): the organisation's booking series
 * (`GET /planner/series`, 30 a page) and ending one (`POST /planner/series/:id/end`).
 */

export const PLANNER_KEY = ['planner'] as const;

export const seriesPageQuery = (page: number) =>
  queryOptions({
    queryKey: [...PLANNER_KEY, 'series', page] as const,
    queryFn: ({ signal }) => api.get<SeriesPage>('/planner/series', { query: { page }, quiet: true, signal }),
    placeholderData: keepPreviousData,
  });

export const endSeries = (id: string) =>
  api.post<EndedSeries>(`/planner/series/${encodeURIComponent(id)}/end`, {}, { quiet: true, retry: false });
