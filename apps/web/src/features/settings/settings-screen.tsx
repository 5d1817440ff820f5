import { PUBLISH_TEXT } from '@rostra/core/notifications/publish';
import { useLocation, useNavigate } from '@tanstack/react-router';
import { type ReactNode, useState } from 'react';
import { useStore } from '../../lib/store.ts';
import { confirmLeave, unsavedStore } from '../../lib/unsaved.ts';
import { useShell } from '../../shell/shell-context.tsx';
import { ErrorState } from '../../ui/list-state.tsx';
import { Page } from '../../ui/page.tsx';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../ui/tabs.tsx';
import { AllocationSection } from './allocation-section.tsx';
import { CaptionsSection } from './captions-section.tsx';
import { CompanySection } from './company-section.tsx';
import { ExceptionsSection } from './exceptions-section.tsx';
import { FeaturesSection } from './features-section.tsx';
import { SelectField } from './form-parts.tsx';
import { IcalPanel } from './ical-panel.tsx';
import { LabelsSection } from './labels-section.tsx';
import { MasterLabelsSection } from './master-labels-section.tsx';
import { MenuSection } from './menu-section.tsx';
import { PLANS_TEXT } from './plans-labels-text.ts';
import { PublishingSection } from './publishing-section.tsx';
import { QuickViewsSection } from './quick-views-section.tsx';
import { ServicePlansSection } from './service-plans-section.tsx';
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
  { id: 'publishing', label: PUBLISH_TEXT.section, render: () => <PublishingSection /> },
  { id: 'labels', label: T.labels, render: () => <LabelsSection /> },
  { id: 'master-labels', label: PLANS_TEXT.masterLabels, render: () => <MasterLabelsSection /> },
  { id: 'service-plans', label: PLANS_TEXT.servicePlans, render: () => <ServicePlansSection /> },
  { id: 'quick-views', label: PLANS_TEXT.quickViews, render: () => <QuickViewsSection /> },
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
  // With unsaved changes, arrow keys only move focus: choosing a section (Enter, a click) asks.
  const isDirty = useStore(unsavedStore).size > 0;

  const open = async (id: SectionId) => {
    if (id === current) return;
    if (!(await confirmLeave())) return;
    setCurrent(id);
    void navigate({ search: true, hash: id, replace: true, resetScroll: false, hashScrollIntoView: false });
  };

  const section = SECTIONS.find((s) => s.id === current) ?? SECTIONS[0];

  return (
    <Page title={T.title}>
      <Tabs
        value={current}
        onValueChange={(id) => void open(id)}
        variant="nav"
        idPrefix="settings"
        activationMode={isDirty ? 'manual' : 'automatic'}
        className="grid gap-6 md:grid-cols-[13rem_1fr]"
      >
        <div className="md:hidden">
          <SelectField
            label={T.section}
            value={current}
            onChange={(v) => isSection(v) && void open(v)}
            options={SECTIONS.map((s) => ({ value: s.id, label: s.label }))}
          />
        </div>
        <nav aria-label={T.sections} className="hidden md:block">
          <TabsList>
            {SECTIONS.map((s) => (
              <TabsTrigger key={s.id} value={s.id}>
                {s.label}
              </TabsTrigger>
            ))}
          </TabsList>
        </nav>
        <TabsContent
          value={section.id}
          className="min-w-0 rounded-lg border border-neutral-200 bg-white p-4 sm:p-6"
        >
          {section.render()}
        </TabsContent>
      </Tabs>
    </Page>
  );
}
