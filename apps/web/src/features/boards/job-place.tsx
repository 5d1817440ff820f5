import { MapPin } from 'lucide-react';

/** Where a job is: its suburb, else its full address; nothing when neither is known. */
export function JobPlace({ job }: { job: { suburb?: string | null; all_location?: string | null } }) {
  const place = job.suburb || job.all_location;
  if (!place) return null;
  return (
    <span className="flex min-w-0 items-center gap-1 truncate text-xs text-neutral-500">
      <MapPin aria-hidden className="size-3.5 shrink-0" />
      {place}
    </span>
  );
}
