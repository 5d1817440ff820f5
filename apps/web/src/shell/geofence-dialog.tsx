import { LOGO_SERVER_MESSAGE_TOAST_MS } from '@rostra/core/shell/constants';
import { useQueryClient } from '@tanstack/react-query';
import { type MouseEvent, useState } from 'react';
import { z } from 'zod';
import { type Geofence, parseGeofence, saveCompanyGeofence, serverMessage } from '../lib/company.ts';
import { withWait } from '../lib/overlays.ts';
import { isVersionConflict } from '../lib/roster.ts';
import { ME_KEY } from '../lib/session.ts';
import { notify } from '../lib/toast.ts';
import { confirmLeave } from '../lib/unsaved.ts';
import { conflictVersion } from '../lib/versioned-edit.ts';
import { SHELL_EXTRA_TEXT as X } from '../texts.ts';
import { FormInput } from '../ui/form.tsx';
import { FormModal } from '../ui/form-modal.tsx';
import { useZodForm } from '../ui/zod-form.ts';
import { useShell } from './shell-context.tsx';

/** Where a company without a geofence starts: Sydney, the spec's default country. */
const START: Geofence = { lat: -33.8688, lng: 151.2093, radius: 100 };
const METRES_PER_DEGREE_LAT = 111_320;
const MAP_SIZE = 240;

/** A coordinate field: text in the form, a number in `[min, max]` once checked. */
const inRange = (min: number, max: number, message: string) =>
  z
    .string()
    .trim()
    .min(1, message)
    .pipe(z.coerce.number<string>({ error: message }).min(min, message).max(max, message));

/** The dialog's fields, checked into core's geofence (`geofenceSchema`: centre in degrees, radius in metres). */
const geofenceForm = z.object({
  lat: inRange(-90, 90, X.latitudeInvalid),
  lng: inRange(-180, 180, X.longitudeInvalid),
  radius: z
    .string()
    .trim()
    .min(1, X.radiusInvalid)
    .pipe(z.coerce.number<string>({ error: X.radiusInvalid }).positive(X.radiusInvalid)),
}) satisfies z.ZodType<Geofence, unknown>;
type Draft = z.input<typeof geofenceForm>;

const toDraft = (g: Geofence): Draft => ({
  lat: String(g.lat),
  lng: String(g.lng),
  radius: String(g.radius),
});

/** A refusal already told in a toast: the form keeps the edits (still unsaved) and adds no message. */
class Told extends Error {}

/**
 * The geofence dialog on the logo area (spec §2): edit the circle by its coordinates or by
 * clicking the map (there is no tile server, so the map is a metric grid around the centre).
 * Unsaved edits are guarded like any screen: closing or leaving asks first.
 */
export function GeofenceDialog({ onClose }: { onClose: () => void }) {
  const { me, user } = useShell();
  const queryClient = useQueryClient();
  const saved = parseGeofence(me.company?.geofence) ?? START;
  const form = useZodForm(geofenceForm, { defaultValues: toDraft(saved) });
  // The company document's version the dialog opened on (the draft starts from it): a change
  // saved meanwhile is a conflict, not silently overwritten.
  const [readVersion, setReadVersion] = useState(() => me.company?.version ?? 0);

  const close = async () => {
    if (await confirmLeave()) onClose();
  };

  const save = async (geofence: Geofence) => {
    try {
      const answer = await withWait(() => saveCompanyGeofence(user.orgId, geofence, readVersion));
      if (answer.status === false) {
        notify.error(answer.message ?? '', LOGO_SERVER_MESSAGE_TOAST_MS);
        throw new Told();
      }
    } catch (error) {
      if (error instanceof Told) throw error;
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
      throw new Told();
    }
    form.reset(toDraft(geofence));
    await queryClient.invalidateQueries({ queryKey: ME_KEY });
    onClose();
  };

  // The map spans four radii; a click moves the centre by the clicked offset.
  const shown = geofenceForm.safeParse(form.watch());
  const centre = shown.success ? shown.data : saved;
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
    form.setValue('lat', lat.toFixed(6), { shouldDirty: true, shouldValidate: true });
    form.setValue('lng', lng.toFixed(6), { shouldDirty: true, shouldValidate: true });
  };

  return (
    <FormModal
      form={form}
      onSubmit={save}
      formError={(error) => (error instanceof Told ? '' : undefined)}
      title={X.geofenceTitle}
      description={X.geofenceIntro}
      onClose={onClose}
      onCancel={() => void close()}
      size="lg"
      testId="geofence-dialog"
    >
      <div className="grid gap-4 sm:grid-cols-[1fr_auto]">
        <div className="space-y-3">
          <FormInput<Draft> name="lat" label={X.latitude} inputMode="decimal" />
          <FormInput<Draft> name="lng" label={X.longitude} inputMode="decimal" />
          <FormInput<Draft> name="radius" label={X.radius} inputMode="numeric" />
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
      </div>
    </FormModal>
  );
}
