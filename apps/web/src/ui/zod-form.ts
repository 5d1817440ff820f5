import { zodResolver } from '@hookform/resolvers/zod';
import { type FieldValues, type UseFormProps, type UseFormReturn, useForm } from 'react-hook-form';
import type { z } from 'zod';

// Apart from ./form.tsx, so that a page that checks its forms on demand (sign-in,
// `useZodFormOnDemand`) does not load the resolver with the kit.

/**
 * A react-hook-form form validated by `schema`: `values` of `onSubmit` are the schema's output,
 * the fields hold its input. Other react-hook-form options pass through (e.g. `values` to follow
 * the server while untouched, with `resetOptions: { keepDirtyValues: true }`).
 */
export function useZodForm<S extends z.ZodType<FieldValues, FieldValues>>(
  schema: S,
  options: Omit<UseFormProps<z.input<S>, unknown, z.output<S>>, 'resolver'> = {},
): UseFormReturn<z.input<S>, unknown, z.output<S>> {
  return useForm<z.input<S>, unknown, z.output<S>>({
    mode: 'onTouched',
    ...options,
    resolver: zodResolver(schema as never) as never,
  });
}
