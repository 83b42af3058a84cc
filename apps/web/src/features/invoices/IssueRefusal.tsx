import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Button from '@mui/material/Button';
import { Link as RouterLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import { isQueryError } from '../../app/base-api';

/** Why an invoice could not be issued: the company settings or the customer lack what it must state. */
export type IssueRefusal = { kind: 'company' | 'customer'; fields: string[]; customer: string | null };

/** The refusal of an issue that names missing settings (400 `company_incomplete` / `customer_incomplete`). */
export const issueRefusalOf = (error: unknown): IssueRefusal | null => {
  if (!isQueryError(error)) return null;
  const { code, params, errors } = error.problem;
  if (code !== 'company_incomplete' && code !== 'customer_incomplete') return null;
  const fields = errors?.length
    ? errors.map((e) => e.field)
    : String(params?.fields ?? '')
        .split(/,\s*/)
        .filter(Boolean);
  return {
    kind: code === 'company_incomplete' ? 'company' : 'customer',
    fields,
    customer: typeof params?.customer === 'string' ? params.customer : null,
  };
};

/** The label of a company or customer setting as its form names it. */
export const settingLabelKey = (field: string) => (field === 'name' ? 'fields.businessName' : `fields.${field}`);

/** Names the missing settings, in the user's language, with the way to the screen that sets them. */
export const IssueRefusalAlert = ({ refusal }: { refusal: IssueRefusal }) => {
  const { t, i18n } = useTranslation();
  const fields = new Intl.ListFormat(i18n.resolvedLanguage ?? 'en', { type: 'conjunction' }).format(
    refusal.fields.map((field) => t(settingLabelKey(field), { defaultValue: field })),
  );
  const company = refusal.kind === 'company';
  const to = company
    ? '/admin/company'
    : `/admin/customers?${new URLSearchParams({ search: refusal.customer ?? '' }).toString()}`;
  return (
    <Alert
      severity="warning"
      sx={{ mb: 2 }}
      data-testid="issue-refused"
      action={
        <Button component={RouterLink} to={to} color="inherit" size="small">
          {t(company ? 'invoices.issueRefused.toCompany' : 'invoices.issueRefused.toCustomer')}
        </Button>
      }
    >
      <AlertTitle>
        {t(company ? 'invoices.issueRefused.companyTitle' : 'invoices.issueRefused.customerTitle')}
      </AlertTitle>
      {t(company ? 'invoices.issueRefused.company' : 'invoices.issueRefused.customer', {
        fields,
        customer: refusal.customer ?? '',
      })}
    </Alert>
  );
};
