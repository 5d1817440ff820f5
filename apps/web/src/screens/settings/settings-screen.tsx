import { useLocation, useNavigate } from '@tanstack/react-router';
import { type KeyboardEvent, type ReactNode, useRef, useState } from 'react';
import { confirmLeave } from '../../lib/unsaved.ts';
import { useShell } from '../../shell/shell-context.tsx';
import { ErrorState } from '../../ui/list-state.tsx';
import { Page } from '../../ui/page.tsx';
import { AllocationSection } from './allocation-section.tsx';
import { CaptionsSection } from './captions-section.tsx';
import { CompanySection } from './company-section.tsx';
import { ExceptionsSection } from './exceptions-section.tsx';
import { FeaturesSection } from './features-section.tsx';
import { SelectField } from './form-parts.tsx';
import { IcalPanel } from './ical-panel.tsx';
import { LabelsSection } from './labels-section.tsx';
import { MenuSection } from './menu-section.tsx';
import { useSettingsLive } from './settings-api.ts';
import { SETTINGS_TEXT as T } from './settings-text.ts';
import { StatusesSection } from './statuses-section.tsx';
import { UsersSection } from './users-section.tsx';

const SECTIONS = [
  { id: 'company', label: T.company, render: () => <CompanySection /> },
  { id: 'menu', label: T.menu, render: () => <MenuSection /> },
  { id: 'captions', label: T.captions, render: () => <CaptionsSection /> },
  { id: 'features', label: T.features, render: () => <FeaturesSection /> },
  { id: 'allocation', label: T.allocation, render: () => <AllocationSection /> },
  { id: 'statuses', label: T.statuses, render: () => <StatusesSection /> },
  { id: 'exceptions', label: T.exceptions, render: () => <ExceptionsSection /> },
  { id: 'labels', label: T.labels, render: () => <LabelsSection /> },
  { id: 'users', label: T.users, render: () => <UsersSection /> },
  { id: 'ical', label: T.ical, render: () => <IcalPanel /> },
] as const satisfies readonly { id: string; label: string; render: () => ReactNode }[];

type SectionId = (typeof SECTIONS)[number]['id'];

const isSection = (value: string): value is SectionId => SECTIONS.some((s) => s.id === value);

/** The section in the address (`#menu`), so a reload or a shared link opens the same one. */
const sectionOf = (hash: string): SectionId => (isSection(hash) ? hash : 'company');

/**
 * /settings (dispatchers only): a list of sections on the left (arrow keys move through it; a
 * select on phones) and one form per section with Save and Cancel. Leaving a section, or the
 * screen, with unsaved changes asks first. Every section follows live changes (anyone's).
 */
export function SettingsScreen() {
  const { role } = useShell();
  if (role !== 'dispatcher') {
    return (
      <Page title={T.title}>
        <ErrorState message={T.dispatchersOnly} />
      </Page>
    );
  }
  return <Settings />;
}

function Settings() {
  useSettingsLive();
  const hash = useLocation({ select: (location) => location.hash });
  const navigate = useNavigate({ from: '/settings' });
  const [current, setCurrent] = useState<SectionId>(() => sectionOf(hash));
  const tabs = useRef<(HTMLButtonElement | null)[]>([]);

  const open = async (id: SectionId, focus = false) => {
    if (id === current) return;
    if (!(await confirmLeave())) return;
    setCurrent(id);
    void navigate({ search: true, hash: id, replace: true, resetScroll: false, hashScrollIntoView: false });
    if (focus) tabs.current[SECTIONS.findIndex((s) => s.id === id)]?.focus();
  };

  const onKeyDown = (event: KeyboardEvent) => {
    const index = SECTIONS.findIndex((s) => s.id === current);
    const to =
      event.key === 'ArrowDown'
        ? Math.min(index + 1, SECTIONS.length - 1)
        : event.key === 'ArrowUp'
          ? Math.max(index - 1, 0)
          : event.key === 'Home'
            ? 0
            : event.key === 'End'
              ? SECTIONS.length - 1
              : -1;
    const next = SECTIONS[to];
    if (!next) return;
    event.preventDefault();
    void open(next.id, true);
  };

  const section = SECTIONS.find((s) => s.id === current) ?? SECTIONS[0];

  return (
    <Page title={T.title}>
      <div className="grid gap-6 md:grid-cols-[13rem_1fr]">
        <div className="md:hidden">
          <SelectField
            label={T.section}
            value={current}
            onChange={(v) => isSection(v) && void open(v)}
            options={SECTIONS.map((s) => ({ value: s.id, label: s.label }))}
          />
        </div>
        <nav aria-label={T.sections} className="hidden md:block">
          <div
            role="tablist"
            aria-orientation="vertical"
            className="flex flex-col gap-0.5"
            onKeyDown={onKeyDown}
          >
            {SECTIONS.map((s, i) => {
              const isCurrent = s.id === current;
              return (
                <button
                  key={s.id}
                  ref={(el) => {
                    tabs.current[i] = el;
                  }}
                  type="button"
                  role="tab"
                  id={`settings-tab-${s.id}`}
                  aria-selected={isCurrent}
                  aria-controls="settings-panel"
                  tabIndex={isCurrent ? 0 : -1}
                  onClick={() => void open(s.id)}
                  className={`rounded-md px-3 py-2 text-left text-sm focus-visible:outline-2 focus-visible:outline-sky-600 ${isCurrent ? 'bg-sky-50 font-medium text-sky-900' : 'text-neutral-700 hover:bg-neutral-100'}`}
                >
                  {s.label}
                </button>
              );
            })}
          </div>
        </nav>
        <div
          id="settings-panel"
          role="tabpanel"
          aria-labelledby={`settings-tab-${section.id}`}
          className="min-w-0 rounded-lg border border-neutral-200 bg-white p-4 sm:p-6"
        >
          {section.render()}
        </div>
      </div>
    </Page>
  );
}
