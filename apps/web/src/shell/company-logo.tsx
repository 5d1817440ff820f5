import { lazy, Suspense, useState } from 'react';
import { useShell } from './shell-context.tsx';

function initials(name: string): string {
  return (
    name
      .split(/\s+/)
      .filter(Boolean)
      .slice(0, 2)
      .map((w) => w[0]?.toUpperCase() ?? '')
      .join('') || '?'
  );
}

export function LogoImage({ isCompact }: { isCompact: boolean }) {
  const { me } = useShell();
  const name = me.company?.name ?? '';
  const [isBroken, setBroken] = useState(false);
  const logo = me.company?.logo;
  if (logo && !isBroken && !isCompact) {
    return (
      <img src={logo} alt={name} className="h-8 max-w-40 object-contain" onError={() => setBroken(true)} />
    );
  }
  if (isCompact) {
    return (
      <span
        className="grid size-9 place-items-center rounded-md bg-neutral-900 text-xs font-semibold text-white"
        title={name}
      >
        {initials(name)}
      </span>
    );
  }
  return <span className="truncate text-sm font-semibold text-neutral-900">{name}</span>;
}

/**
 * The organisation logo area (spec §2, §4). Dispatchers open it to change the logo or the company
 * geofence (company-logo-menu.tsx, loaded for them only); everyone else sees the logo.
 */
export function CompanyLogo({ isCompact }: { isCompact: boolean }) {
  const { role } = useShell();
  const logo = (
    <div className="flex min-w-0 items-center gap-2">
      <LogoImage isCompact={isCompact} />
    </div>
  );
  if (role !== 'dispatcher') return logo;
  return (
    <Suspense fallback={logo}>
      <LogoMenu isCompact={isCompact} />
    </Suspense>
  );
}

const LogoMenu = lazy(() => import('./company-logo-menu.tsx').then((m) => ({ default: m.LogoMenu })));
