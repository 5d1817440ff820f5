import { formatTime, HOUR } from '@rostra/core/time/calendar';
import { memo } from 'react';
import type { VirtualCol } from './grid-header.tsx';
import type { Scale } from './model.ts';
import { TL } from './texts.ts';

/**
 * The utilisation strip along the foot of the time header (issue 18 point 4): each hour on screen
 * tinted by the share of the shown resources busy in it (`utilisation`), its percentage in the
 * hour's tooltip. Only the hours on screen are drawn.
 */
export const UtilisationStrip = memo(function UtilisationStrip(props: {
  cols: VirtualCol[];
  scale: Scale;
  load: Float64Array;
}) {
  const { cols, scale, load } = props;
  let peak = 0;
  for (const v of load) peak = Math.max(peak, v);
  return (
    <div
      role="img"
      className="absolute bottom-0 left-0 h-1.5 w-full"
      data-testid="utilisation"
      aria-label={TL.utilisationPeak(Math.round(peak * 100))}
    >
      {cols.map((c) => {
        const share = load[c.index] ?? 0;
        const percent = Math.round(share * 100);
        return (
          <div
            key={c.key}
            data-hour={c.index}
            data-load={percent}
            title={TL.utilisationAt(formatTime(scale.start + c.index * HOUR), percent)}
            className="absolute inset-y-0 border-l border-white"
            style={{
              left: c.start,
              width: c.size,
              backgroundColor: share > 0 ? `rgb(2 132 199 / ${Math.max(0.12, share)})` : undefined,
            }}
          />
        );
      })}
    </div>
  );
});
