import { STATUS_CONFIG_DEFAULTS } from '@rostra/core/settings/defaults';
import { useQuery } from '@tanstack/react-query';
import { type StatusDefinition, statusConfigQuery } from '../lib/bookings.ts';
import { Badge } from './badge.tsx';

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
