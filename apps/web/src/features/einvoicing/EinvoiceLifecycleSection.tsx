import { useState } from 'react';
import Button from '@mui/material/Button';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import ReplyIcon from '@mui/icons-material/ReplyOutlined';
import { useTranslation } from 'react-i18next';
import type { TEinvoiceDocumentKind, TUserLifecycleCode } from '@tagstock/contract';
import { Section } from '../../components/Section';
import { useCanWrite, useHasPermission } from '../../components/use-permission';
import { useEinvoicingOutboxQuery, useLifecycleQuery } from './api';
import { latestMessage, lifecycleSettled, REPLY_CODES } from './lifecycle';
import { LifecycleTimeline } from './LifecycleTimeline';
import { SendingState } from './SendingState';
import { StatusReplyDialog } from './StatusReplyDialog';

/** Statuses arrive from the platform a few seconds apart: the section asks again this often while it may move. */
const REFRESH_MS = 4_000;

/** "Répondre au fournisseur": the statuses a buyer sends, each opening its dialog. */
const ReplyMenu = ({ invoiceId }: { invoiceId: number }) => {
  const { t } = useTranslation();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [code, setCode] = useState<TUserLifecycleCode | null>(null);
  return (
    <>
      <Button
        variant="outlined"
        size="small"
        startIcon={<ReplyIcon />}
        aria-haspopup="menu"
        aria-expanded={anchor ? 'true' : undefined}
        aria-controls={anchor ? 'status-reply-menu' : undefined}
        onClick={(e) => setAnchor(e.currentTarget)}
      >
        {t('einvoicing.reply.action')}
      </Button>
      <Menu id="status-reply-menu" anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)}>
        {REPLY_CODES.map((reply) => (
          <MenuItem
            key={reply}
            onClick={() => {
              setAnchor(null);
              setCode(reply);
            }}
          >
            {t(`einvoicing.reply.actions.${reply}`)}
          </MenuItem>
        ))}
      </Menu>
      <StatusReplyDialog invoiceId={invoiceId} code={code} onClose={() => setCode(null)} />
    </>
  );
};

/**
 * A document's life on the approved platform: how its sending goes (issued documents) or how our answers go
 * (received invoices), and its statuses. Shown once the document went through the platform; a received invoice the
 * platform delivered also offers the statuses its buyer sends, to a user who may change received invoices.
 */
export const EinvoiceLifecycleSection = ({ kind, id }: { kind: TEinvoiceDocumentKind; id: number }) => {
  const { t } = useTranslation();
  const canReadOutbox = useHasPermission('einvoicing.read');
  const canRetry = useCanWrite('einvoicing');
  const canReply = useCanWrite('receivedInvoices') && kind === 'received_invoice';
  // The statuses are asked again until the invoice's status is final, or while nothing about it goes through the
  // platform; its messages while one waits or is retried.
  const [quiet, setQuiet] = useState(false);
  const [pending, setPending] = useState(false);
  const { data: events } = useLifecycleQuery(
    { kind, id },
    { pollingInterval: quiet ? 0 : REFRESH_MS, skipPollingIfUnfocused: false },
  );
  const { data: outbox } = useEinvoicingOutboxQuery(
    { page: 1, limit: 10, documentKind: kind, documentId: id },
    { skip: !canReadOutbox, pollingInterval: pending ? REFRESH_MS : 0 },
  );
  const message = latestMessage(outbox?.items);
  const untouched = events?.length === 0 && (!canReadOutbox || outbox?.items.length === 0);
  const nowPending = message?.status === 'waiting' || (message?.status === 'failed' && message.nextAttemptAt !== null);
  const nowQuiet = (lifecycleSettled(events) || untouched) && !nowPending;
  if (nowQuiet !== quiet) setQuiet(nowQuiet);
  if (nowPending !== pending) setPending(nowPending);
  // Nothing went through the platform (no platform, a customer abroad, a file uploaded by hand): no section.
  if (!events || (!events.length && !message)) return null;
  // A buyer answers about an invoice the platform delivered (its lifecycle starts there).
  const replies = canReply && events.length > 0;
  return (
    <Section
      title={t('einvoicing.lifecycle.title')}
      testId="einvoice-lifecycle"
      action={replies ? <ReplyMenu invoiceId={id} /> : undefined}
    >
      <Stack spacing={2}>
        {message && <SendingState item={message} canRetry={canRetry} />}
        <LifecycleTimeline events={events} />
      </Stack>
    </Section>
  );
};
