// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import i18n from 'i18next';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { DateField, fromPickerDate, INVALID_DATE, toPickerDate } from './DateField';

afterEach(cleanup);

const renderIn = async (language: 'fr' | 'en', value: string) => {
  const instance = i18n.createInstance();
  await instance.use(initReactI18next).init({ lng: language, resources: { [language]: { translation: {} } } });
  render(
    <I18nextProvider i18n={instance}>
      <DateField label="Date" value={value} onChange={() => undefined} />
    </I18nextProvider>,
  );
};

/** The text the field shows (its sections, as a screen shows them). */
const shown = () =>
  [...screen.getByRole('group', { name: 'Date' }).querySelectorAll('[role=spinbutton]')]
    .map((section) => section.textContent)
    .join('/');

describe('DateField', () => {
  it('shows a date in the app language, whatever the browser: dd/mm/yyyy in French', async () => {
    await renderIn('fr', '2026-03-02');
    expect(shown()).toBe('02/03/2026');
  });

  it('shows mm/dd/yyyy in English', async () => {
    await renderIn('en', '2026-03-02');
    expect(shown()).toBe('03/02/2026');
  });

  it('sends YYYY-MM-DD, nothing for an empty field, and a non-date for an incomplete one', () => {
    expect(fromPickerDate(toPickerDate('2026-12-31'))).toBe('2026-12-31');
    expect(fromPickerDate(null)).toBe('');
    expect(fromPickerDate(toPickerDate('not a date'))).toBe(INVALID_DATE);
  });
});
