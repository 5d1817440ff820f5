import * as TabsPrimitive from '@radix-ui/react-tabs';
import { type ComponentProps, createContext, useContext } from 'react';

/*
 * Tabs on Radix Tabs: one tab stop for the list, arrow keys move (and select) between tabs, Home
 * and End jump, and each panel is labelled by its tab. Two looks: `line` (a row of tabs over an
 * underline) and `nav` (a vertical list of sections, the current one filled).
 */
type Variant = 'line' | 'nav';

const TabsSetup = createContext<{ variant: Variant; idPrefix: string | undefined }>({
  variant: 'line',
  idPrefix: undefined,
});

/**
 * The selected tab is the caller's (`value` and `onValueChange`), so it can live in the URL or
 * ask before it changes. `idPrefix` gives tabs and panels stable ids: `<prefix>-tab-<value>` and
 * `<prefix>-panel-<value>`. `activationMode="manual"` selects on Enter/Space/click only (arrow
 * keys then just move focus): for tabs whose change may ask a question first.
 */
export function Tabs<T extends string>({
  value,
  onValueChange,
  variant = 'line',
  idPrefix,
  orientation = variant === 'nav' ? 'vertical' : 'horizontal',
  ...props
}: Omit<ComponentProps<typeof TabsPrimitive.Root>, 'value' | 'onValueChange' | 'defaultValue'> & {
  value: T;
  onValueChange: (value: T) => void;
  variant?: Variant;
  idPrefix?: string;
}) {
  return (
    <TabsSetup.Provider value={{ variant, idPrefix }}>
      <TabsPrimitive.Root
        value={value}
        onValueChange={(v) => onValueChange(v as T)}
        orientation={orientation}
        {...props}
      />
    </TabsSetup.Provider>
  );
}

const LIST: Record<Variant, string> = {
  line: 'flex gap-1 overflow-x-auto border-b border-neutral-200',
  nav: 'flex flex-col gap-0.5',
};

export function TabsList({ className, ...props }: ComponentProps<typeof TabsPrimitive.List>) {
  const { variant } = useContext(TabsSetup);
  return <TabsPrimitive.List className={`${LIST[variant]} ${className ?? ''}`} {...props} />;
}

const TRIGGER: Record<Variant, string> = {
  line: '-mb-px min-h-11 shrink-0 border-b-2 border-transparent px-3 text-sm font-medium whitespace-nowrap text-neutral-600 hover:text-neutral-900 data-[state=active]:border-sky-700 data-[state=active]:text-sky-800 sm:min-h-9',
  nav: 'rounded-md px-3 py-2 text-left text-sm text-neutral-700 hover:bg-neutral-100 data-[state=active]:bg-sky-50 data-[state=active]:font-medium data-[state=active]:text-sky-900',
};

export function TabsTrigger({ className, value, ...props }: ComponentProps<typeof TabsPrimitive.Trigger>) {
  const { variant, idPrefix } = useContext(TabsSetup);
  const ids = idPrefix
    ? { id: `${idPrefix}-tab-${value}`, 'aria-controls': `${idPrefix}-panel-${value}` }
    : {};
  return (
    <TabsPrimitive.Trigger
      value={value}
      className={`focus-visible:outline-2 focus-visible:outline-sky-600 ${TRIGGER[variant]} ${className ?? ''}`}
      {...ids}
      {...props}
    />
  );
}

export function TabsContent({ className, value, ...props }: ComponentProps<typeof TabsPrimitive.Content>) {
  const { idPrefix } = useContext(TabsSetup);
  const ids = idPrefix
    ? { id: `${idPrefix}-panel-${value}`, 'aria-labelledby': `${idPrefix}-tab-${value}` }
    : {};
  return <TabsPrimitive.Content value={value} className={className} {...ids} {...props} />;
}
