import { describe, expect, it } from 'vitest';
import i18next from 'i18next';
import en from '../../locales/admin/en.json';
import fr from '../../locales/admin/fr.json';
import type { TExitReason } from '@tagstock/contract';
import { exitReasonText } from './exit-reason';

const i18n = i18next.createInstance();
await i18n.init({ resources: { en: { translation: en }, fr: { translation: fr } }, lng: 'fr', fallbackLng: 'en' });

describe('exitReasonText', () => {
  it('says why an exit was not authorized in the user’s language', () => {
    const reason: TExitReason = { code: 'not_covered', params: { missing: ['attribution', 'output'] } };
    expect(exitReasonText(i18n.getFixedT('fr'), reason)).toBe(
      'Aucune affectation active de ce tag, de son article ou de sa catégorie\u202f; aucune sortie validée de ce tag depuis 24 h',
    );
    expect(exitReasonText(i18n.getFixedT('en'), reason)).toBe(
      'No active attribution of this tag, its article or its category; no validated output of this tag in the last 24 hours',
    );
  });

  it('translates an authorizer it does not know, a cover and a family without alarm', () => {
    const fixed = i18n.getFixedT('fr');
    expect(exitReasonText(fixed, { code: 'not_covered', params: { missing: ['future'] } })).toBe('Rien ne l’autorise');
    expect(exitReasonText(fixed, { code: 'authorized', params: { by: 'attribution', cover: 'Atelier' } })).toBe(
      'Autorisé\u202f: Atelier',
    );
    expect(exitReasonText(fixed, { code: 'no_alarm', params: { family: 'Consommables' } })).toBe(
      'La famille Consommables ne déclenche pas d’alarme',
    );
  });
});
