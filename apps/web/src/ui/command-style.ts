/** The combobox input's look (ui/command.tsx), shared with what stands in for it while cmdk loads. */
export const COMMAND_INPUT_CLASS =
  'block min-h-11 w-full rounded-md border border-neutral-300 bg-white pr-3 pl-9 text-base placeholder:text-neutral-400 focus:outline-2 focus:outline-offset-1 focus:outline-sky-600 sm:min-h-9 sm:text-sm';
