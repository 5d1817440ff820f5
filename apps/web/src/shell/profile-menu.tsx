import { profileLockText } from '@rostra/core/settings/flag-rules';
import { TOAST_MAX_MS } from '@rostra/core/shell/constants';
import { ALERT_TEXT, whatsNewLabel } from '@rostra/core/shell/messages';
import { canSeeWhatsNew } from '@rostra/core/shell/roles';
import { checkProfilePhoto, PROFILE_PHOTO_ACCEPT } from '@rostra/core/shell/validators';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { ArrowLeftRight, Camera, Lock, LogOut, ScanBarcode, Sparkles, UserPen } from 'lucide-react';
import { api } from '../lib/client.ts';
import { openPanel, withWait } from '../lib/overlays.ts';
import { ME_KEY, signOut } from '../lib/session.ts';
import { notify } from '../lib/toast.ts';
import { confirmLeave } from '../lib/unsaved.ts';
import { ROLE_LABELS, SHELL_EXTRA_TEXT, SHELL_TEXT } from '../texts.ts';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '../ui/dropdown-menu.tsx';
import { useFilePicker } from '../ui/file-picker.tsx';
import { useBarcodeScan } from './barcode-scan.tsx';
import { Avatar } from './profile-button.tsx';
import { useShell } from './shell-context.tsx';

/**
 * The profile menu (spec §2): photo (image upload, one image file), display name, phone, email,
 * role, company, version and 'See what's new in {version}' (not for customers), company and role
 * switch, barcode scanner, sign out. A menu (ui/dropdown-menu.tsx): the details head it, the
 * actions are its items; Escape or a click outside closes it.
 */
export function ProfileMenu({ defaultOpen = false }: { defaultOpen?: boolean }) {
  const { me, role, settings, version } = useShell();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const barcode = useBarcodeScan();
  const details = me.user_details;
  const hasWhatsNew = canSeeWhatsNew(role);
  const canSwitch = me.memberships.length > 1;
  // The organisation may keep a resource's or customer's profile (disable_edit_*): the edits
  // stay in the menu, disabled, with the reason the server would give.
  const locked = profileLockText(role, settings?.ds);

  const changePhoto = async (chosen: File[]) => {
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
      // `POST /api/v1/me/photo` (multipart) → { photoUrl }.
      await withWait(() => api.request('/me/photo', { method: 'POST', formData: form, quiet: true }));
      await queryClient.invalidateQueries({ queryKey: ME_KEY });
    } catch {
      notify.error(ALERT_TEXT.photoNotSaved, TOAST_MAX_MS);
    }
  };
  const photoFile = useFilePicker({
    accept: PROFILE_PHOTO_ACCEPT,
    testId: 'photo-file',
    onPick: (files) => void changePhoto(files),
  });

  const leave = async () => {
    if (!(await confirmLeave())) return;
    await signOut(queryClient);
    await navigate({ to: '/login', replace: true });
  };

  const icon = 'size-4 text-neutral-500';
  return (
    <>
      <DropdownMenu defaultOpen={defaultOpen}>
        <DropdownMenuTrigger
          aria-label={SHELL_TEXT.profile}
          className="grid size-11 place-items-center rounded-full hover:bg-neutral-100 sm:size-9"
        >
          <Avatar />
        </DropdownMenuTrigger>
        <DropdownMenuContent className="w-80">
          <DropdownMenuLabel className="flex items-start gap-3 font-normal">
            <span className="shrink-0">
              <Avatar size="lg" />
            </span>
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
          </DropdownMenuLabel>
          <DropdownMenuSeparator />
          <DropdownMenuItem
            icon={<Camera aria-hidden className={icon} />}
            disabled={locked !== null}
            aria-describedby={locked ? 'profile-locked' : undefined}
            onSelect={photoFile.open}
          >
            {SHELL_TEXT.changePhoto}
          </DropdownMenuItem>
          {details.isAnonymous ? null : (
            <DropdownMenuItem
              icon={<UserPen aria-hidden className={icon} />}
              disabled={locked !== null}
              aria-describedby={locked ? 'profile-locked' : undefined}
              onSelect={() => openPanel('profile')}
            >
              {SHELL_TEXT.editProfile}
            </DropdownMenuItem>
          )}
          {locked ? (
            <p
              id="profile-locked"
              data-testid="profile-locked"
              className="flex items-start gap-2 px-3 pb-2 text-xs text-neutral-600"
            >
              <Lock aria-hidden className="mt-0.5 size-3.5 shrink-0 text-neutral-500" />
              {locked}
            </p>
          ) : null}
          {hasWhatsNew ? (
            <DropdownMenuItem
              icon={<Sparkles aria-hidden className={icon} />}
              onSelect={() => openPanel('whats-new')}
            >
              {whatsNewLabel(version)}
            </DropdownMenuItem>
          ) : null}
          {canSwitch ? (
            <DropdownMenuItem
              icon={<ArrowLeftRight aria-hidden className={icon} />}
              onSelect={() => openPanel('switch')}
            >
              {SHELL_TEXT.switchCompany}
            </DropdownMenuItem>
          ) : null}
          <DropdownMenuItem
            icon={<ScanBarcode aria-hidden className={icon} />}
            onSelect={() => barcode.open()}
          >
            {SHELL_TEXT.barcodeScanner}
          </DropdownMenuItem>
          <DropdownMenuItem icon={<LogOut aria-hidden className={icon} />} onSelect={() => void leave()}>
            {SHELL_TEXT.signOut}
          </DropdownMenuItem>
        </DropdownMenuContent>
      </DropdownMenu>
      {photoFile.input}
      {barcode.input}
    </>
  );
}
