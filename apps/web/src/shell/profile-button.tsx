import { UserRound } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { SHELL_EXTRA_TEXT, SHELL_TEXT } from '../texts.ts';
import { useShell } from './shell-context.tsx';

/** The profile photo, or the default image when there is none or it fails to load (spec §8). */
export function Avatar({ size = 'sm' }: { size?: 'sm' | 'lg' }) {
  const { me } = useShell();
  const [isBroken, setBroken] = useState(false);
  const url = me.user_details.photoUrl;
  const box = size === 'lg' ? 'size-14' : 'size-8';
  if (url && !isBroken) {
    return (
      <img
        src={url}
        alt={SHELL_EXTRA_TEXT.photoAlt(me.user_details.displayName)}
        className={`${box} rounded-full object-cover`}
        onError={() => setBroken(true)}
      />
    );
  }
  return (
    <span className={`${box} grid place-items-center rounded-full bg-neutral-200 text-neutral-600`}>
      <UserRound aria-hidden className={size === 'lg' ? 'size-7' : 'size-4'} />
    </span>
  );
}

const loadMenu = () => import('./profile-menu.tsx');
const ProfileMenu = lazy(() => loadMenu().then((m) => ({ default: m.ProfileMenu })));
const preload = () => void loadMenu();
const TRIGGER = 'grid size-11 place-items-center rounded-full hover:bg-neutral-100 sm:size-9';

/**
 * The profile button in the top bar. The menu behind it (profile-menu.tsx: photo upload, company
 * switch, barcode scanner, sign out and their dialogs) loads when the user reaches for it — a
 * pointer over it, focus, a tap — not with the shell: a worker's first load on a phone has a
 * 200 KB budget (issue 17). Once wanted, the menu takes the button's place, open.
 */
export function ProfileEntry() {
  const [isWanted, setWanted] = useState(false);
  const button = (
    <button
      type="button"
      aria-label={SHELL_TEXT.profile}
      aria-haspopup="menu"
      aria-expanded={false}
      className={TRIGGER}
      onPointerEnter={preload}
      onFocus={preload}
      onClick={() => setWanted(true)}
      onKeyDown={(e) => {
        if (e.key === 'ArrowDown') {
          e.preventDefault();
          setWanted(true);
        }
      }}
    >
      <Avatar />
    </button>
  );
  if (!isWanted) return button;
  return (
    <Suspense fallback={button}>
      <ProfileMenu defaultOpen />
    </Suspense>
  );
}
