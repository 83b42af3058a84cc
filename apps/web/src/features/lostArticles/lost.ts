import { ZLostArticleSettings, type TLostArticleSettings, type TLostArticleStatus } from '@tagstock/contract';

/** The decisions a lost article still takes: a suspicion is confirmed or found; a loss only found. */
export const decisionsFor = (status: TLostArticleStatus): ('lost' | 'found')[] =>
  status === 'suspected' ? ['lost', 'found'] : status === 'lost' ? ['found'] : [];

/** The status the URL's tab names (`?status=lost`), the suspected ones otherwise. */
export const statusOf = (value: string | null): TLostArticleStatus =>
  value === 'lost' || value === 'found' ? value : 'suspected';

export type SettingsDraft = Record<keyof TLostArticleSettings, string>;

/** The rules as typed: the body the API takes, or the fields that are not a whole number within the contract's bounds. */
export const settingsOf = (
  draft: SettingsDraft,
): { body: TLostArticleSettings; errors?: undefined } | { body?: undefined; errors: (keyof SettingsDraft)[] } => {
  const typed = { missedInventories: draft.missedInventories.trim(), unseenDays: draft.unseenDays.trim() };
  const parsed = ZLostArticleSettings.safeParse(typed);
  if (parsed.success && typed.missedInventories && typed.unseenDays) return { body: parsed.data };
  const wrong = parsed.success ? [] : parsed.error.issues.map((issue) => issue.path[0] as keyof SettingsDraft);
  const empty = (Object.keys(typed) as (keyof SettingsDraft)[]).filter((key) => !typed[key]);
  return { errors: [...new Set([...wrong, ...empty])] };
};
