/** A labelled on/off choice outside a form (a list's "Show all"): the box and its words. */
export function Check({
  checked,
  onChange,
  label,
  className = '',
}: {
  checked: boolean;
  onChange: (checked: boolean) => void;
  label: string;
  className?: string;
}) {
  return (
    <label className={`inline-flex items-center gap-2 text-sm text-neutral-700 ${className}`}>
      <input
        type="checkbox"
        checked={checked}
        onChange={(e) => onChange(e.target.checked)}
        className="size-4 accent-sky-700"
      />
      {label}
    </label>
  );
}
