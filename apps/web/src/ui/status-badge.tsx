import type { StatusConfigAnswer } from '@rostra/core/api/settings';
import { STATUS_CONFIG_DEFAULTS, type StatusDefinition } from '@rostra/core/settings/defaults';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../lib/client.ts';
import { Badge } from './badge.tsx';

/** Kept under the bookings' key: a booking write refreshes it with the list. */
export const statusConfigQuery = queryOptions({
  queryKey: ['bookings', 'status-config'] as const,
  queryFn: ({ signal }) => api.get<StatusConfigAnswer>('/job-status-config', { quiet: true, signal }),
  staleTime: 5 * 60_000,
});

/** The organisation's job status config (colours and names), the defaults until it loads. */
export function useStatusConfig(): readonly StatusDefinition[] {
  const config = useQuery(statusConfigQuery);
  return config.data?.statusConfig ?? STATUS_CONFIG_DEFAULTS;
}

/** A status's name in the organisation's config, else the key capitalised. */
export function statusName(config: readonly StatusDefinition[], status: string): string {
  return config.find((s) => s._key === status)?._value ?? status.charAt(0).toUpperCase() + status.slice(1);
}

/** A job status in the organisation's colours (the one place colour means status). */
export function StatusBadge({ status, config }: { status: string; config: readonly StatusDefinition[] }) {
  const def = config.find((s) => s._key === status);
  return (
    <Badge color={{ bg: def?.color ?? '#f3f4f6', fg: def?.textColor ?? '#374151' }} data-status={status}>
      {statusName(config, status)}
    </Badge>
  );
}
