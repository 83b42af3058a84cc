import type { TExitReason } from '@tagstock/contract';

/** i18next's `t`, or any function with its shape (the socket bridge takes one). */
type Translate = (key: string, options?: Record<string, unknown>) => string;

const capitalized = (text: string) => text.charAt(0).toLocaleUpperCase() + text.slice(1);

/**
 * The reason of an exit verdict in the user's language, from the code and parameters the server sends
 * (`authorizationReason`); an authorizer the texts do not know yet still gets a translated sentence.
 */
export const exitReasonText = (t: Translate, reason: TExitReason): string => {
  const param = (name: string) => reason.params[name];
  switch (reason.code) {
    case 'authorized':
      return t('exitReason.authorized', { cover: String(param('cover') ?? '') });
    case 'no_alarm':
      return t('exitReason.noAlarm', { family: String(param('family') ?? '') });
    case 'not_covered': {
      const missing = param('missing');
      const names = Array.isArray(missing) ? missing : [];
      const parts = names.map((name) =>
        t(`exitReason.missing.${name}`, { defaultValue: t('exitReason.missing.other') }),
      );
      return capitalized(t('exitReason.notCovered', { missing: [...new Set(parts)].join(t('exitReason.separator')) }));
    }
  }
};
