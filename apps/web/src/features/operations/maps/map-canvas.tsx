import { fitViewport, isLocated, type LatLng, project, tilesFor } from '@rostra/core/maps/geo';
import { useEffect, useMemo, useRef, useState } from 'react';

export type MapPoint = {
  id: string;
  at: LatLng;
  kind: 'job' | 'resource';
  label: string;
  /** Fill colour (a job's status colour; resources are dark). */
  color?: string | undefined;
  /** A stop number drawn inside the marker (vehicle routes). */
  seq?: number | undefined;
};

export type MapLine = { id: string; color: string; path: LatLng[] };

const HEIGHT = 460;

/**
 * A map drawn as SVG: the points projected with Web Mercator and fitted to the box, on a plain
 * background with a light grid — no network needed. When a tile server is configured
 * (`tileUrl`, `{z}/{x}/{y}`), its tiles are laid under the points at the same projection.
 * The markers are for the eye and the mouse; the list beside each map is the keyboard's way in.
 */
export function MapCanvas({
  points,
  lines = [],
  selectedId,
  onSelect,
  tileUrl,
  attribution,
  label,
}: {
  points: readonly MapPoint[];
  lines?: readonly MapLine[];
  selectedId?: string | null | undefined;
  onSelect?: (id: string) => void;
  tileUrl?: string | null | undefined;
  attribution?: string | null | undefined;
  label: string;
}) {
  const boxRef = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState(800);
  useEffect(() => {
    const box = boxRef.current;
    if (!box) return;
    const measure = () => setWidth(Math.max(240, Math.round(box.getBoundingClientRect().width)));
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(box);
    return () => observer.disconnect();
  }, []);
  const height = width < 480 ? 320 : HEIGHT;

  const located = useMemo(() => points.filter((p) => isLocated(p.at)), [points]);
  const view = useMemo(
    () =>
      fitViewport(
        [...located.map((p) => p.at), ...lines.flatMap((l) => l.path.filter(isLocated))],
        width,
        height,
        28,
        Boolean(tileUrl),
      ),
    [located, lines, width, height, tileUrl],
  );
  const tiles = useMemo(() => tilesFor(view, tileUrl), [view, tileUrl]);
  // Draw the selected marker last so that it sits on top.
  const ordered = useMemo(
    () => [...located].sort((a, b) => Number(a.id === selectedId) - Number(b.id === selectedId)),
    [located, selectedId],
  );

  return (
    <div
      ref={boxRef}
      className="relative w-full self-start overflow-hidden rounded-lg border border-neutral-200"
    >
      <svg
        role="img"
        aria-label={label}
        width={width}
        height={height}
        viewBox={`0 0 ${width} ${height}`}
        data-testid="map"
        data-tiles={tiles.length ? 'tiles' : 'none'}
        data-points={located.length}
        className="block select-none"
      >
        <defs>
          <pattern id="map-grid" width="40" height="40" patternUnits="userSpaceOnUse">
            <path d="M 40 0 L 0 0 0 40" fill="none" stroke="#e5e7eb" strokeWidth="1" />
          </pattern>
        </defs>
        <rect width={width} height={height} fill="#f8fafc" />
        <rect width={width} height={height} fill="url(#map-grid)" />
        {tiles.map((t) => (
          <image
            key={`${t.z}/${t.left}/${t.top}`}
            href={t.url}
            x={t.left}
            y={t.top}
            width={256}
            height={256}
            preserveAspectRatio="none"
          />
        ))}
        {lines.map((line) => {
          const pts = line.path.filter(isLocated).map((p) => project(view, p));
          if (pts.length < 2) return null;
          return (
            <polyline
              key={line.id}
              data-route={line.id}
              points={pts.map((p) => `${p.x.toFixed(1)},${p.y.toFixed(1)}`).join(' ')}
              fill="none"
              stroke={line.color}
              strokeWidth={3}
              strokeLinejoin="round"
              strokeLinecap="round"
              opacity={0.85}
            />
          );
        })}
        {ordered.map((p) => {
          const { x, y } = project(view, p.at);
          const isSelected = p.id === selectedId;
          const r = isSelected ? 11 : p.seq !== undefined ? 9 : p.kind === 'resource' ? 5 : 7;
          return (
            // biome-ignore lint/a11y/noStaticElementInteractions: the list beside the map is the keyboard's way to the same choice
            <g
              key={`${p.kind}-${p.id}`}
              data-marker={p.id}
              data-kind={p.kind}
              transform={`translate(${x.toFixed(1)} ${y.toFixed(1)})`}
              onClick={onSelect ? () => onSelect(p.id) : undefined}
              className={onSelect ? 'cursor-pointer' : undefined}
            >
              <title>{p.label}</title>
              {p.kind === 'resource' ? (
                <rect
                  x={-r}
                  y={-r}
                  width={2 * r}
                  height={2 * r}
                  rx={3}
                  fill={p.color ?? '#64748b'}
                  stroke={isSelected ? '#0369a1' : '#fff'}
                  strokeWidth={isSelected ? 3 : 2}
                />
              ) : (
                <circle
                  r={r}
                  fill={p.color ?? '#0284c7'}
                  stroke={isSelected ? '#0c4a6e' : '#fff'}
                  strokeWidth={isSelected ? 3 : 2}
                />
              )}
              {p.seq !== undefined ? (
                <text textAnchor="middle" dy="0.35em" fontSize="10" fontWeight="600" fill="#fff">
                  {p.seq}
                </text>
              ) : null}
            </g>
          );
        })}
      </svg>
      {attribution && tiles.length ? (
        <p className="absolute right-1 bottom-1 rounded bg-white/80 px-1 text-[10px] text-neutral-600">
          {attribution}
        </p>
      ) : null}
    </div>
  );
}
