import { PUBLISH_TEXT as P, publishSummary } from '@rostra/core/notifications/publish';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Send } from 'lucide-react';
import { useState } from 'react';
import { askConfirm } from '../../lib/overlays.ts';
import { notify } from '../../lib/toast.ts';
import { Button } from '../../ui/button.tsx';
import { countPublication, publishPeriod, rosterPublishingQuery } from './publish-api.ts';

/**
 * Publish the period in view (issue #19 point 4), shown while the organisation publishes rosters:
 * first how many workers and jobs it touches (or that there is nothing to publish), then, on
 * Publish, each affected worker is told once and the bars' draft marks go.
 */
export function PublishButton({ from, to }: { from: number; to: number }) {
  const setting = useQuery(rosterPublishingQuery);
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  if (setting.data?.publish !== true) return null;
  const run = async () => {
    setBusy(true);
    try {
      const counts = await countPublication(from, to);
      if (counts.jobs === 0) {
        notify.info(P.nothing, 3000);
        return;
      }
      if (!(await askConfirm(publishSummary(counts), { yes: P.publish, no: P.cancel }))) return;
      await publishPeriod(from, to);
      notify.success(P.published);
      await queryClient.invalidateQueries({ queryKey: ['timeline', 'window'] });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button variant="secondary" onClick={() => void run()} disabled={busy}>
      <Send aria-hidden className="size-4" />
      {P.publish}
    </Button>
  );
}
