import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { VAT_EXEMPTION_CODES, VAT_EXEMPTIONS, type TVatExemptionCode, type VatLanguage } from '@tagstock/contract';
import type { CustomFieldProps, FieldDef } from '../ResourceForm';
import type { Choice } from './LinesEditor';

/** The language of the contract's VAT names for the user's language. */
export const vatLanguage = (language: string): VatLanguage => (language.startsWith('fr') ? 'fr' : 'en');

/** An exemption as screens and invoices name it: "Exonéré (art. 293 B du CGI)". */
export const exemptionLabel = (code: TVatExemptionCode, language: string) =>
  vatLanguage(language) === 'fr' ? VAT_EXEMPTIONS[code].shortFr : VAT_EXEMPTIONS[code].shortEn;

/** The legal bases of a line at 0 %, after "None". */
export const exemptionOptions = (t: TFunction, language: VatLanguage): Choice[] => [
  { value: '', label: t('documents.vatExemptionNone') },
  ...VAT_EXEMPTION_CODES.map((code) => ({ value: code, label: exemptionLabel(code, language) })),
];

type ChoiceFieldProps = CustomFieldProps & {
  choices: (t: TFunction, language: VatLanguage) => Choice[];
  helperKey?: string;
};

const ChoiceField = ({ label, value, onChange, error, choices, helperKey }: ChoiceFieldProps) => {
  const { t, i18n } = useTranslation();
  const options = choices(t, vatLanguage(i18n.resolvedLanguage ?? 'en'));
  return (
    <TextField
      select
      fullWidth
      label={label}
      value={options.some((option) => option.value === value) ? value : ''}
      onChange={(e) => onChange(e.target.value)}
      error={Boolean(error)}
      helperText={error ?? (helperKey ? t(helperKey) : undefined)}
      slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
    >
      {options.map((option) => (
        <MenuItem key={option.value} value={option.value}>
          {option.value === '' ? <em>{option.label}</em> : option.label}
        </MenuItem>
      ))}
    </TextField>
  );
};

/**
 * A resource form's select of fixed choices whose labels are built in the user's language (the contract's
 * exemption names) and whose "none" says what it means ("According to the category").
 */
export const choiceField = ({
  choices,
  helperKey,
  ...field
}: Omit<FieldDef, 'kind' | 'render' | 'options'> & Pick<ChoiceFieldProps, 'choices' | 'helperKey'>): FieldDef => ({
  ...field,
  kind: 'select',
  render: (props) => <ChoiceField {...props} choices={choices} helperKey={helperKey} />,
});

/** The default exemption of the 0 % lines of an article or a customer. */
export const vatExemptionField = (labelKey: string): FieldDef =>
  choiceField({ name: 'vatExemption', labelKey, half: true, choices: exemptionOptions });
