import { Search } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';

const DEBOUNCE_MS = 300;

/**
 * A search box that sends its text after a pause in typing (or at once on Enter) and follows
 * the URL when it changes under it (back/forward, Clear filters) — but not the echo of what it
 * sent, so nothing typed meanwhile is lost.
 */
export function SearchInput({
  value,
  onSearch,
  label,
  placeholder = label,
}: {
  value: string;
  onSearch: (text: string) => void;
  label: string;
  placeholder?: string;
}) {
  const [text, setText] = useState(value);
  const sent = useRef(value);
  const latest = useRef(onSearch);
  latest.current = onSearch;
  useEffect(() => {
    if (value === sent.current) return;
    sent.current = value;
    setText(value);
  }, [value]);
  const submit = (next: string) => {
    sent.current = next.trim();
    latest.current(next.trim());
  };
  // biome-ignore lint/correctness/useExhaustiveDependencies: submit reads the latest callback through a ref
  useEffect(() => {
    if (text.trim() === sent.current) return;
    const timer = setTimeout(() => submit(text), DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text]);
  return (
    <SearchField
      className="min-w-0 flex-1 basis-64"
      label={label}
      value={text}
      onChange={setText}
      onEnter={() => submit(text)}
      placeholder={placeholder}
    />
  );
}

/**
 * A labelled search box (the label for screen readers, and its placeholder unless another is
 * given), its text as the caller keeps it.
 */
export function SearchField({
  value,
  onChange,
  onEnter,
  label,
  placeholder = label,
  className = '',
}: {
  value: string;
  onChange: (text: string) => void;
  onEnter?: () => void;
  label: string;
  placeholder?: string | undefined;
  className?: string;
}) {
  const id = useId();
  return (
    <div className={className}>
      <label htmlFor={id} className="sr-only">
        {label}
      </label>
      <div className="relative">
        <Search
          aria-hidden
          className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-neutral-400"
        />
        <input
          id={id}
          type="search"
          value={value}
          onChange={(e) => onChange(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter') onEnter?.();
          }}
          placeholder={placeholder}
          maxLength={100}
          className="block min-h-11 w-full rounded-md border border-neutral-300 bg-white pr-3 pl-9 text-base sm:min-h-9 sm:text-sm"
        />
      </div>
    </div>
  );
}
