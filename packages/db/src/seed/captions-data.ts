import {
  ANALYTICS_LABEL_KEY,
  DEFAULT_MENU_LABELS,
  GENERIC_MENU_KEYS,
  MENU_ORDER,
} from '@rostra/core/shell/menu';

/**
 * The demo organisations' menu captions (`cf`, spec §2: `m_{key}`, and the report label for
 * analytics): a caption for every entry, as an organisation that has set up its menu has, so no
 * entry shows a raw key. The names are the entries' readable names, which the screens' headings
 * also use.
 */
export function menuCaptions(): Record<string, string> {
  const captions: Record<string, string> = {};
  for (const key of [...MENU_ORDER, ...GENERIC_MENU_KEYS]) {
    captions[key === 'analytics' ? ANALYTICS_LABEL_KEY : `m_${key}`] = DEFAULT_MENU_LABELS[key];
  }
  return captions;
}
