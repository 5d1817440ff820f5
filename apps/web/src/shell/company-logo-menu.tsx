import { LOGO_SERVER_MESSAGE_TOAST_MS } from '@rostra/core/shell/constants';
import { ALERT_TEXT, LOGO_TEXT } from '@rostra/core/shell/messages';
import { useQueryClient } from '@tanstack/react-query';
import { useRouterState } from '@tanstack/react-router';
import { Building2, ImageUp, MapPin } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { checkLogoFile, serverMessage, uploadCompanyLogo } from '../lib/company.ts';
import { withWait } from '../lib/overlays.ts';
import { ME_KEY } from '../lib/session.ts';
import { notify } from '../lib/toast.ts';
import { SHELL_EXTRA_TEXT, SHELL_TEXT } from '../texts.ts';
import { Button } from '../ui/button.tsx';
import { Modal } from '../ui/dialog.tsx';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuTrigger,
} from '../ui/dropdown-menu.tsx';
import { useFilePicker } from '../ui/file-picker.tsx';
import { LogoImage } from './company-logo.tsx';
import { GeofenceDialog } from './geofence-dialog.tsx';
import { useShell } from './shell-context.tsx';

/**
 * The organisation logo area (spec §2, §4): dispatchers open it to change the logo (choose,
 * validate, preview 'Please confirm the logo update', confirm, upload under the wait modal) or
 * to edit the company geofence.
 */
export function LogoMenu({ isCompact }: { isCompact: boolean }) {
  const { me, user } = useShell();
  const queryClient = useQueryClient();
  const [preview, setPreview] = useState<{ file: File; url: string } | null>(null);
  const [isGeofenceOpen, setGeofenceOpen] = useState(false);

  useEffect(
    () => () => {
      if (preview) URL.revokeObjectURL(preview.url);
    },
    [preview],
  );

  // Leaving the screen (after the unsaved-changes question, if any) closes the logo dialogs.
  const pathname = useRouterState({ select: (s) => s.location.pathname });
  const shownOn = useRef(pathname);
  useEffect(() => {
    if (shownOn.current === pathname) return;
    shownOn.current = pathname;
    setGeofenceOpen(false);
    setPreview(null);
  }, [pathname]);

  const choose = async (file: File | undefined) => {
    const issue = await checkLogoFile(file);
    if (issue || !file) {
      notify.error(issue?.message ?? ALERT_TEXT.somethingWentWrong);
      return;
    }
    setPreview({ file, url: URL.createObjectURL(file) });
  };
  const logoFile = useFilePicker({
    accept: 'image/*',
    testId: 'logo-file',
    onPick: (files) => void choose(files[0]),
  });

  const submit = async () => {
    if (!preview) return;
    const { file } = preview;
    setPreview(null);
    try {
      const answer = await withWait(() => uploadCompanyLogo(user.orgId, file));
      if (answer.status === false) {
        notify.error(answer.message ?? '', LOGO_SERVER_MESSAGE_TOAST_MS);
        return;
      }
      await queryClient.invalidateQueries({ queryKey: ME_KEY });
    } catch (error) {
      const message = serverMessage(error);
      if (message) notify.error(message, LOGO_SERVER_MESSAGE_TOAST_MS);
      else notify.somethingWentWrong();
    }
  };

  return (
    <div className="relative flex min-w-0 items-center">
      <DropdownMenu>
        <DropdownMenuTrigger
          aria-label={`${SHELL_TEXT.companyLogo}: ${me.company?.name ?? ''}`}
          className="flex min-h-11 min-w-0 items-center gap-2 rounded-md px-1 hover:bg-neutral-100 nav:min-h-9"
        >
          <LogoImage isCompact={isCompact} />
          {isCompact ? null : <Building2 aria-hidden className="size-4 shrink-0 text-neutral-400" />}
        </DropdownMenuTrigger>
        <DropdownMenuContent align="start" sideOffset={4} className="w-52">
          <DropdownMenuItem
            icon={<ImageUp aria-hidden className="size-4 text-neutral-500" />}
            onSelect={logoFile.open}
          >
            {SHELL_TEXT.changeLogo}
          </DropdownMenuItem>
          <DropdownMenuItem
            icon={<MapPin aria-hidden className="size-4 text-neutral-500" />}
            onSelect={() => setGeofenceOpen(true)}
          >
            {SHELL_TEXT.editGeofence}
          </DropdownMenuItem>
        </DropdownMenuContent>
      </DropdownMenu>
      {logoFile.input}
      {preview ? (
        <Modal
          title={LOGO_TEXT.confirmUpdate}
          onClose={() => setPreview(null)}
          testId="logo-preview"
          footer={
            <>
              <Button variant="secondary" onClick={() => setPreview(null)}>
                {SHELL_TEXT.cancel}
              </Button>
              <Button onClick={() => void submit()}>{SHELL_TEXT.submit}</Button>
            </>
          }
        >
          <div className="grid place-items-center rounded-md border border-dashed border-neutral-300 bg-neutral-50 p-4">
            <img
              src={preview.url}
              alt={SHELL_EXTRA_TEXT.logoPreviewAlt}
              className="max-h-32 max-w-full object-contain"
            />
          </div>
        </Modal>
      ) : null}
      {isGeofenceOpen ? <GeofenceDialog onClose={() => setGeofenceOpen(false)} /> : null}
    </div>
  );
}
