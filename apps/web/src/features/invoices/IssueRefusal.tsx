import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Tooltip from '@mui/material/Tooltip';
import SendIcon from '@mui/icons-material/SendOutlined';
import { Link as RouterLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { TInvoice, TMissingForIssue } from '@tagstock/contract';
import { isQueryError } from '../../app/base-api';
import { transitionKeys } from '../../components/documents/status-texts';

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
export const IssueRefusalAlert = ({
  refusal,
  testId = 'issue-refused',
}: {
  refusal: IssueRefusal;
  testId?: string;
}) => {
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
      data-testid={testId}
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

/** What a draft lacks to be issued (the server's `missingForIssue`), or null when it lacks nothing or is issued. */
export const missingForIssueOf = (invoice: Pick<TInvoice, 'status' | 'missingForIssue'> | null) => {
  const missing = invoice?.status === 'draft' ? invoice.missingForIssue : null;
  return missing && (missing.company.length > 0 || missing.customer.length > 0) ? missing : null;
};

const MISSING_ID = 'missing-for-issue';

/** Before any click: what the company settings and the customer lack for the draft to be issued, and where to fix it. */
export const MissingForIssueAlerts = ({ missing, customer }: { missing: TMissingForIssue; customer: string }) => (
  <Box id={MISSING_ID} data-testid={MISSING_ID}>
    {missing.company.length > 0 && (
      <IssueRefusalAlert refusal={{ kind: 'company', fields: missing.company, customer }} testId="missing-company" />
    )}
    {missing.customer.length > 0 && (
      <IssueRefusalAlert refusal={{ kind: 'customer', fields: missing.customer, customer }} testId="missing-customer" />
    )}
  </Box>
);

/** The Issue action of a draft that cannot be issued yet: shown, disabled, saying why (the alerts above it). */
export const IssueBlockedButton = () => {
  const { t } = useTranslation();
  return (
    <Tooltip title={t('invoices.issueBlocked')}>
      <span>
        <Button variant="outlined" startIcon={<SendIcon />} disabled aria-describedby={MISSING_ID}>
          {t(transitionKeys('invoices', 'issued', 'action'))}
        </Button>
      </span>
    </Tooltip>
  );
};
