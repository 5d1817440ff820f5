import { DAY, dayStart } from '@rostra/core/time/calendar';
import type { ReactNode } from 'react';
import { useState } from 'react';
import { wallNow } from '../../../lib/roster.ts';
import { useShell } from '../../../shell/shell-context.tsx';
import { Page } from '../../../ui/page.tsx';
import { PeriodNav } from '../../../ui/period-nav.tsx';
import { MAP_TEXT as T } from './map-text.ts';

/** The organisation's today (wall-clock day start) and the day a map screen shows, from today. */
export function useMapDay() {
  const { me } = useShell();
  const today = () => dayStart(wallNow(me.company?.time_zone));
  const [day, setDay] = useState(today);
  return { day, setDay, today };
}

/** A map screen's page: its title and the day's ‹ date › Today navigation (`onDay` gets the new day). */
export function MapDayPage({
  title,
  day,
  today,
  onDay,
  children,
}: {
  title: string;
  day: number;
  today: () => number;
  onDay: (day: number) => void;
  children: ReactNode;
}) {
  return (
    <Page
      title={title}
      wide
      actions={
        <PeriodNav
          from={day}
          to={day + DAY}
          unit={T.day}
          onPrevious={() => onDay(day - DAY)}
          onNext={() => onDay(day + DAY)}
          onToday={() => onDay(today())}
        />
      }
    >
      {children}
    </Page>
  );
}
