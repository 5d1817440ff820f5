import { LOGO_SERVER_MESSAGE_TOAST_MS } from '@rostra/core/shell/constants';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, type MouseEvent, useState } from 'react';
import { type Geofence, parseGeofence, saveCompanyGeofence, serverMessage } from '../lib/company.ts';
import { withWait } from '../lib/overlays.ts';
import { isVersionConflict } from '../lib/roster.ts';
import { ME_KEY } from '../lib/session.ts';
import { notify } from '../lib/toast.ts';
import { confirmLeave, useUnsavedChanges } from '../lib/unsaved.ts';
import { conflictVersion } from '../lib/versioned-edit.ts';
import { SHELL_TEXT, SHELL_EXTRA_TEXT as X } from '../texts.ts';
import { Button } from '../ui/button.tsx';
import { Modal } from '../ui/dialog.tsx';
import { Field } from '../ui/field.tsx';
import { useShell } from './shell-context.tsx';

/** Where a company without a geofence starts: Sydney, the spec's default country. */
const START: Geofence = { lat: -33.8688, lng: 151.2093, radius: 100 };
const METRES_PER_DEGREE_LAT = 111_320;
const MAP_SIZE = 240;

type Draft = { lat: string; lng: string; radius: string };

const toDraft = (g: Geofence): Draft => ({
  lat: String(g.lat),
  lng: String(g.lng),
  radius: String(g.radius),
});

function parseDraft(d: Draft): { value?: Geofence; errors: Partial<Record<keyof Draft, string>> } {
  const lat = Number(d.lat);
  const lng = Number(d.lng);
  const radius = Number(d.radius);
  const errors: Partial<Record<keyof Draft, string>> = {};
  if (d.lat.trim() === '' || !Number.isFinite(lat) || lat < -90 || lat > 90) errors.lat = X.latitudeInvalid;
  if (d.lng.trim() === '' || !Number.isFinite(lng) || lng < -180 || lng > 180)
    errors.lng = X.longitudeInvalid;
  if (d.radius.trim() === '' || !Number.isFinite(radius) || radius <= 0) errors.radius = X.radiusInvalid;
  return Object.keys(errors).length > 0 ? { errors } : { value: { lat, lng, radius }, errors };
}

/**
 * The geofence dialog on the logo area (spec §2): edit the circle by its coordinates or by
 * clicking the map (there is no tile server, so the map is a metric grid around the centre).
 * Unsaved edits are guarded like any screen: closing or leaving asks first.
 */
export function GeofenceDialog({ onClose }: { onClose: () => void }) {
  const { me, user } = useShell();
  const queryClient = useQueryClient();
  const saved = parseGeofence(me.company?.geofence) ?? START;
  const [draft, setDraft] = useState<Draft>(() => toDraft(saved));
  // The company document's version the dialog opened on (the draft starts from it): a change
  // saved meanwhile is a conflict, not silently overwritten.
  const [readVersion, setReadVersion] = useState(() => me.company?.version ?? 0);
  const [showErrors, setShowErrors] = useState(false);
  const isDirty = JSON.stringify(draft) !== JSON.stringify(toDraft(saved));
  useUnsavedChanges(isDirty);
  const parsed = parseDraft(draft);
  const errors = showErrors ? parsed.errors : {};

  const close = async () => {
    if (await confirmLeave()) onClose();
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setShowErrors(true);
    if (!parsed.value) return;
    const geofence = parsed.value;
    try {
      const answer = await withWait(() => saveCompanyGeofence(user.orgId, geofence, readVersion));
      if (answer.status === false) {
        notify.error(answer.message ?? '', LOGO_SERVER_MESSAGE_TOAST_MS);
        return;
      }
      await queryClient.invalidateQueries({ queryKey: ME_KEY });
      onClose();
    } catch (error) {
      // Someone changed the company since it was read: their message; the edits stay, and saving
      // again replaces theirs (it names the version the conflict answered with).
      if (isVersionConflict(error)) {
        const current = conflictVersion(error);
        if (current !== undefined) setReadVersion(current);
        void queryClient.invalidateQueries({ queryKey: ME_KEY });
      }
      const message = serverMessage(error);
      if (message) notify.error(message, LOGO_SERVER_MESSAGE_TOAST_MS);
      else notify.somethingWentWrong();
    }
  };

  // The map spans four radii; a click moves the centre by the clicked offset.
  const centre = parsed.value ?? saved;
  const metresPerPixel = (centre.radius * 4) / MAP_SIZE;
  const radiusPx = centre.radius / metresPerPixel;
  const gridPx = 100 / metresPerPixel;
  const move = (event: MouseEvent<SVGSVGElement>) => {
    const box = event.currentTarget.getBoundingClientRect();
    const dx = ((event.clientX - box.left) / box.width) * MAP_SIZE - MAP_SIZE / 2;
    const dy = ((event.clientY - box.top) / box.height) * MAP_SIZE - MAP_SIZE / 2;
    const lat = centre.lat - (dy * metresPerPixel) / METRES_PER_DEGREE_LAT;
    const lng =
      centre.lng + (dx * metresPerPixel) / (METRES_PER_DEGREE_LAT * Math.cos((centre.lat * Math.PI) / 180));
    setDraft((d) => ({ ...d, lat: lat.toFixed(6), lng: lng.toFixed(6) }));
  };

  return (
    <Modal
      title={X.geofenceTitle}
      description={X.geofenceIntro}
      onClose={() => void close()}
      size="lg"
      testId="geofence-dialog"
    >
      <form className="grid gap-4 sm:grid-cols-[1fr_auto]" onSubmit={(e) => void submit(e)} noValidate>
        <div className="space-y-3">
          <Field
            label={X.latitude}
            inputMode="decimal"
            value={draft.lat}
            onChange={(e) => setDraft((d) => ({ ...d, lat: e.target.value }))}
            error={errors.lat}
          />
          <Field
            label={X.longitude}
            inputMode="decimal"
            value={draft.lng}
            onChange={(e) => setDraft((d) => ({ ...d, lng: e.target.value }))}
            error={errors.lng}
          />
          <Field
            label={X.radius}
            inputMode="numeric"
            value={draft.radius}
            onChange={(e) => setDraft((d) => ({ ...d, radius: e.target.value }))}
            error={errors.radius}
          />
        </div>
        <figure className="mx-auto">
          {/* biome-ignore lint/a11y/useKeyWithClickEvents: the coordinate fields are the keyboard path. */}
          <svg
            role="img"
            aria-label={X.mapLabel}
            viewBox={`0 0 ${MAP_SIZE} ${MAP_SIZE}`}
            className="size-60 cursor-crosshair rounded-md border border-neutral-200 bg-neutral-50"
            onClick={move}
          >
            <defs>
              <pattern
                id="geofence-grid"
                width={gridPx}
                height={gridPx}
                patternUnits="userSpaceOnUse"
                x={MAP_SIZE / 2}
                y={MAP_SIZE / 2}
              >
                <path d={`M ${gridPx} 0 L 0 0 0 ${gridPx}`} fill="none" stroke="#e5e5e5" strokeWidth="1" />
              </pattern>
            </defs>
            <rect width={MAP_SIZE} height={MAP_SIZE} fill="url(#geofence-grid)" />
            <circle
              cx={MAP_SIZE / 2}
              cy={MAP_SIZE / 2}
              r={radiusPx}
              fill="rgb(3 105 161 / 0.12)"
              stroke="#0369a1"
              strokeWidth="2"
            />
            <circle cx={MAP_SIZE / 2} cy={MAP_SIZE / 2} r="3" fill="#0369a1" />
          </svg>
          <figcaption className="mt-1 max-w-60 text-xs text-neutral-500">{X.mapNoTiles}</figcaption>
        </figure>
        <div className="flex justify-end gap-2 sm:col-span-2">
          <Button variant="secondary" onClick={() => void close()}>
            {SHELL_TEXT.cancel}
          </Button>
          <Button type="submit">{SHELL_TEXT.save}</Button>
        </div>
      </form>
    </Modal>
  );
}
