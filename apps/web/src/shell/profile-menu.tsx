import { TOAST_MAX_MS } from '@rostra/core/shell/constants';
import { ALERT_TEXT, whatsNewLabel } from '@rostra/core/shell/messages';
import { canSeeWhatsNew } from '@rostra/core/shell/roles';
import { checkProfilePhoto, PROFILE_PHOTO_ACCEPT } from '@rostra/core/shell/validators';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { ArrowLeftRight, Camera, LogOut, ScanBarcode, Sparkles, UserRound } from 'lucide-react';
import { type ReactNode, useId, useRef, useState } from 'react';
import { api } from '../lib/client.ts';
import { openPanel, withWait } from '../lib/overlays.ts';
import { ME_KEY, signOut } from '../lib/session.ts';
import { notify } from '../lib/toast.ts';
import { confirmLeave } from '../lib/unsaved.ts';
import { ROLE_LABELS, SHELL_EXTRA_TEXT, SHELL_TEXT } from '../texts.ts';
import { useDismiss } from '../ui/dialog.tsx';
import { useBarcodeScan } from './barcode-scan.tsx';
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

function MenuButton({
  icon,
  children,
  onClick,
}: {
  icon: ReactNode;
  children: ReactNode;
  onClick: () => void;
}) {
  return (
    <button
      type="button"
      onClick={onClick}
      className="flex min-h-11 w-full items-center gap-3 rounded-md px-3 text-left text-sm text-neutral-800 hover:bg-neutral-100 nav:min-h-9"
    >
      {icon}
      {children}
    </button>
  );
}

/**
 * The profile menu (spec §2): photo (image upload, one image file), display name, phone, email,
 * role, company, version and 'See what's new in {version}' (not for customers), company and role
 * switch, barcode scanner, sign out. A disclosure panel: Escape or a click outside closes it.
 */
export function ProfileMenu() {
  const { me, role, version } = useShell();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [isOpen, setOpen] = useState(false);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const panelRef = useRef<HTMLElement>(null);
  const photoRef = useRef<HTMLInputElement>(null);
  const refs = useRef([buttonRef, panelRef]).current;
  const panelId = useId();
  useDismiss(isOpen, () => setOpen(false), refs, buttonRef);
  const barcode = useBarcodeScan();
  const details = me.user_details;
  const hasWhatsNew = canSeeWhatsNew(role);
  const canSwitch = me.memberships.length > 1;

  const close = () => setOpen(false);

  const changePhoto = async (files: FileList | null) => {
    const chosen = [...(files ?? [])];
    if (photoRef.current) photoRef.current.value = '';
    if (chosen.length === 0) return;
    const issue = checkProfilePhoto(chosen)[0];
    const file = chosen[0];
    if (issue || !file) {
      notify.somethingWentWrong();
      return;
    }
    const form = new FormData();
    form.set('file', file, file.name);
    try {
      // `POST /api/v1/me/photo` (multipart) → { photoUrl }: not on the server yet.
      await withWait(() => api.request('/me/photo', { method: 'POST', formData: form, quiet: true }));
      await queryClient.invalidateQueries({ queryKey: ME_KEY });
    } catch {
      notify.error(ALERT_TEXT.photoNotSaved, TOAST_MAX_MS);
    }
  };

  const leave = async () => {
    close();
    if (!(await confirmLeave())) return;
    await signOut(queryClient);
    await navigate({ to: '/login', replace: true });
  };

  return (
    <div className="relative">
      <button
        ref={buttonRef}
        type="button"
        aria-expanded={isOpen}
        aria-controls={panelId}
        aria-label={SHELL_TEXT.profile}
        onClick={() => setOpen((o) => !o)}
        className="grid size-11 place-items-center rounded-full hover:bg-neutral-100 sm:size-9"
      >
        <Avatar />
      </button>
      {isOpen ? (
        <section
          ref={panelRef}
          id={panelId}
          aria-label={SHELL_TEXT.profile}
          className="fixed inset-x-2 top-14 z-40 max-h-[calc(100dvh-4rem)] overflow-y-auto rounded-lg border border-neutral-200 bg-white shadow-xl sm:absolute sm:inset-x-auto sm:top-full sm:right-0 sm:mt-2 sm:w-80"
        >
          <div className="flex items-start gap-3 border-b border-neutral-200 p-4">
            <div className="relative shrink-0">
              <Avatar size="lg" />
              <button
                type="button"
                aria-label={SHELL_TEXT.changePhoto}
                title={SHELL_TEXT.changePhoto}
                onClick={() => photoRef.current?.click()}
                className="absolute -right-1 -bottom-1 grid size-7 place-items-center rounded-full border border-neutral-200 bg-white text-neutral-700 shadow-sm hover:bg-neutral-50"
              >
                <Camera aria-hidden className="size-3.5" />
              </button>
              <input
                ref={photoRef}
                type="file"
                accept={PROFILE_PHOTO_ACCEPT}
                hidden
                data-testid="photo-file"
                onChange={(e) => void changePhoto(e.target.files)}
              />
            </div>
            <dl className="min-w-0 text-sm">
              <dt className="sr-only">Name</dt>
              <dd className="truncate font-semibold text-neutral-900">
                {details.isAnonymous ? SHELL_EXTRA_TEXT.guestName : details.displayName}
              </dd>
              {details.phoneNumber ? (
                <>
                  <dt className="sr-only">Phone</dt>
                  <dd className="truncate text-neutral-600">{details.phoneNumber}</dd>
                </>
              ) : null}
              {details.email ? (
                <>
                  <dt className="sr-only">Email</dt>
                  <dd className="truncate text-neutral-600">{details.email}</dd>
                </>
              ) : null}
              <dt className="sr-only">{SHELL_TEXT.role}</dt>
              <dd className="mt-1 text-neutral-600" data-testid="profile-role">
                {ROLE_LABELS[role] ?? role}
              </dd>
              <dt className="sr-only">{SHELL_TEXT.company}</dt>
              <dd className="truncate text-neutral-600" data-testid="profile-company">
                {me.company?.name}
              </dd>
              {hasWhatsNew ? (
                <>
                  <dt className="sr-only">{SHELL_TEXT.version}</dt>
                  <dd className="text-xs text-neutral-500">
                    {SHELL_TEXT.version} {version}
                  </dd>
                </>
              ) : null}
            </dl>
          </div>
          <div className="p-1">
            {hasWhatsNew ? (
              <MenuButton
                icon={<Sparkles aria-hidden className="size-4 text-neutral-500" />}
                onClick={() => {
                  close();
                  openPanel('whats-new');
                }}
              >
                {whatsNewLabel(version)}
              </MenuButton>
            ) : null}
            {canSwitch ? (
              <MenuButton
                icon={<ArrowLeftRight aria-hidden className="size-4 text-neutral-500" />}
                onClick={() => {
                  close();
                  openPanel('switch');
                }}
              >
                {SHELL_TEXT.switchCompany}
              </MenuButton>
            ) : null}
            <MenuButton
              icon={<ScanBarcode aria-hidden className="size-4 text-neutral-500" />}
              onClick={() => {
                close();
                barcode.open();
              }}
            >
              {SHELL_TEXT.barcodeScanner}
            </MenuButton>
            <MenuButton
              icon={<LogOut aria-hidden className="size-4 text-neutral-500" />}
              onClick={() => void leave()}
            >
              {SHELL_TEXT.signOut}
            </MenuButton>
          </div>
        </section>
      ) : null}
      {barcode.input}
    </div>
  );
}
